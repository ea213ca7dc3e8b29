import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { LogCapture } from '../helpers/log-capture.js';
import { createPrincipals, runMatrix, type Who } from '../helpers/principals.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** POST /v3/auth/keys: an admin creates a key of any role while the server runs, audited in the log. */
describe('POST /v3/auth/keys', () => {
  let server: TestServer;
  let principals: Record<Who, string>;
  const log = new LogCapture();

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' }, { logger: log.logger });
    principals = await createPrincipals(server);
  });
  afterAll(async () => server?.close());

  const create = (body: unknown, key?: string) => server.request('POST', '/v3/auth/keys', { body, key });

  it('creates a second admin key that manages keys at once, listed without its secret', async () => {
    const res = await create({ name: 'second admin', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'second admin', role: 'admin', permission: 'write', scoped: false, containerTags: null, disabled: false });
    expect(res.body.key).toMatch(/^em_[0-9A-Za-z]{40}$/);
    expect(res.body.prefix).toBe(res.body.key.slice(0, 8));

    const { key, ...listed } = res.body;
    const keys = await server.request('GET', '/v3/auth/keys', { key });
    expect(keys.status).toBe(200);
    expect(keys.body.keys).toContainEqual(listed);
    expect(JSON.stringify(keys.body)).not.toContain(key);
    expect((await server.request('GET', '/v3/session', { key })).body).toMatchObject({ role: 'admin', user: { id: res.body.id } });
  });

  it('creates a member key, read-only when asked, which cannot manage keys', async () => {
    const res = await create({ name: 'app reader', role: 'member', permission: 'read' });
    expect(res.body).toMatchObject({ role: 'member', permission: 'read', scoped: false });
    const key = res.body.key;
    expect((await server.request('POST', '/v3/documents/list', { key, body: {} })).status).toBe(200);
    expectError(await server.request('POST', '/v3/documents', { key, body: { content: 'no', containerTag: 't' } }), 403);
    expectError(await create({ name: 'escalate', role: 'admin' }, key), 403);
  });

  it('writes who created which role in the log, never the key', async () => {
    const res = await create({ name: 'audited', role: 'member' });
    const line = log.entries().find((entry) => entry.audit === 'key created' && entry.createdKeyId === res.body.id);
    const creator = (await server.request('GET', '/v3/session')).body.user.id;
    expect(line).toMatchObject({ level: 30, keyId: creator, role: 'member', permission: 'write' });
    expect(line.msg).toBe(`API key ${res.body.id} (member, write) created by key ${creator}`);
    expect(log.text()).not.toContain(res.body.key);

    await server.request('POST', `/v3/auth/keys/${res.body.id}/toggle`);
    expect(log.entries()).toContainEqual(expect.objectContaining({ audit: 'key disabled', keyId: creator, toggledKeyId: res.body.id }));
  });

  it('refuses an unknown role, a missing name and unknown fields, creating nothing', async () => {
    const before = (await server.request('GET', '/v3/auth/keys')).body.keys.length;
    expectError(await create({ name: 'x', role: 'owner' }), 400, /role/);
    expectError(await create({ role: 'admin' }), 400, /name/);
    expectError(await create({ name: 'x', role: 'admin', containerTags: ['t'] }), 400);
    expect((await server.request('GET', '/v3/auth/keys')).body.keys).toHaveLength(before);
  });

  it('is for admins of the organization only, and makes keys of the caller organization', async () => {
    const mismatches = await runMatrix(principals, [
      {
        route: 'POST /v3/auth/keys',
        call: (key) => create({ name: 'by matrix', role: 'member' }, key),
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
    ]);
    expect(mismatches).toEqual([]);
    const theirs = await create({ name: 'other org member', role: 'member' }, principals.otherOrg);
    expect((await server.request('GET', '/v3/session', { key: theirs.body.key })).body.org.name).toBe('other-org');
    const mine = (await server.request('GET', '/v3/auth/keys')).body.keys.map((k: { id: string }) => k.id);
    expect(mine).not.toContain(theirs.body.id);
  });
});
