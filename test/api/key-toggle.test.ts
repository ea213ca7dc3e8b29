import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type NewKeyOptions } from '../../src/core/access/keys.js';
import { expectError } from '../helpers/errors.js';
import { createPrincipals, runMatrix, type Who } from '../helpers/principals.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST|PATCH /v3/auth/keys/{id}/toggle', () => {
  let server: TestServer;
  let principals: Record<Who, string>;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '10000' });
    principals = await createPrincipals(server);
  });
  afterAll(async () => server?.close());

  const newKey = async (options: NewKeyOptions = {}) => {
    const { key, row } = await createApiKey(server.app.database.db, { name: 'toggled', ...options });
    return { key, id: row.id };
  };
  const toggle = (id: string, key?: string, method = 'POST') => server.request(method, `/v3/auth/keys/${id}/toggle`, { key });
  const listed = async (id: string) => (await server.request('GET', '/v3/auth/keys')).body.keys.find((k: { id: string }) => k.id === id);
  const sessionStatus = async (key: string) => (await server.request('GET', '/v3/session', { key })).status;

  it('disables a key at once, even right after it was used, and enables it again at once', async () => {
    const { key, id } = await newKey({ role: 'member' });
    expect(await sessionStatus(key)).toBe(200);

    const disabled = await toggle(id);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ ...(await listed(id)), disabled: true });
    expect(disabled.body).toMatchObject({ id, name: 'toggled', role: 'member', scoped: false });
    expectError(await server.request('GET', '/v3/session', { key }), 401);
    expectError(await server.request('POST', '/v3/documents/list', { key, body: {} }), 401);

    const enabled = await toggle(id, undefined, 'PATCH');
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ ...disabled.body, disabled: false });
    expect(await listed(id)).toEqual(enabled.body);
    expect(await sessionStatus(key)).toBe(200);
  });

  it('answers to POST and PATCH alike, keeping a scoped key its scope', async () => {
    const { key, id } = await newKey({ containerTags: ['toggled_tag'], permission: 'read' });
    const off = await toggle(id, undefined, 'PATCH');
    expect(off.body).toMatchObject({ id, disabled: true, scoped: true, containerTags: ['toggled_tag'], permission: 'read' });
    expect(await sessionStatus(key)).toBe(401);
    const on = await toggle(id, undefined, 'POST');
    expect(on.body).toMatchObject({ id, disabled: false, scoped: true, containerTags: ['toggled_tag'] });
    expect((await server.request('GET', '/v3/session', { key })).body.scope).toMatchObject({ type: 'scoped', tags: ['toggled_tag'] });
  });

  it('lets an admin disable another admin key, but never the key it calls with', async () => {
    const second = await newKey({ role: 'admin', name: 'second admin' });
    const self = await toggle(second.id, second.key);
    expectError(self, 409, /another admin key/);
    expect(await sessionStatus(second.key)).toBe(200);
    expect((await listed(second.id)).disabled).toBe(false);

    expect((await toggle(second.id)).body.disabled).toBe(true);
    expect(await sessionStatus(second.key)).toBe(401);
    expect((await toggle(second.id)).body.disabled).toBe(false);
    expect(await sessionStatus(second.key)).toBe(200);
  });

  it('is for admins of the key’s own organization only', async () => {
    const mismatches = await runMatrix(principals, [
      {
        route: 'POST /v3/auth/keys/{id}/toggle',
        call: async (key) => toggle((await newKey()).id, key),
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
      {
        route: 'PATCH /v3/auth/keys/{id}/toggle',
        call: async (key) => toggle((await newKey()).id, key, 'PATCH'),
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 404 },
      },
    ]);
    expect(mismatches).toEqual([]);
  });

  it('leaves a key untouched when the caller may not toggle it', async () => {
    const { key, id } = await newKey();
    for (const who of ['member', 'scopedWrite', 'otherOrg'] as const) {
      expect((await toggle(id, principals[who])).status).toBeGreaterThanOrEqual(400);
    }
    expect((await listed(id)).disabled).toBe(false);
    expect(await sessionStatus(key)).toBe(200);
    // The other organization's admin key stays enabled when this org's admin names it.
    const otherId = (await server.request('GET', '/v3/session', { key: principals.otherOrg })).body.user.id;
    expectError(await toggle(otherId), 404);
    expect(await sessionStatus(principals.otherOrg)).toBe(200);
  });

  it('appears in the OpenAPI document under both methods', async () => {
    const path = (await server.request('GET', '/v3/openapi', { key: null })).body.paths['/v3/auth/keys/{id}/toggle'];
    expect(Object.keys(path).sort()).toEqual(['patch', 'post']);
    // The 409 of a key disabling itself is a client error, declared with the error shape.
    expect(path.post.responses['4XX'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
    expect(path.post.responses['4XX'].description).toContain('conflict (409)');
  });

  it('answers 404 for an unknown key and 400 for a malformed id', async () => {
    expectError(await toggle('NoSuchKey0000000000000'), 404);
    expectError(await toggle('x'.repeat(65)), 400, /id/);
    expectError(await server.request('GET', '/v3/auth/keys/NoSuchKey0000000000000/toggle'), 404);
  });
});
