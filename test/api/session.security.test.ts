import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /v3/session: authorization and isolation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers 401 without a valid key', async () => {
    for (const key of [null, 'em_not_a_real_key']) expectError(await server.request('GET', '/v3/session', { key }), 401);
  });

  it("describes only the caller's own organization and scope", async () => {
    const other = await server.createKey({ orgName: 'session-other', role: 'admin' });
    const mine = (await server.request('GET', '/v3/session')).body;
    const theirs = (await server.request('GET', '/v3/session', { key: other })).body;
    expect(theirs.org.id).not.toBe(mine.org.id);
    expect(theirs.org.slug).not.toBe('default');
    const scoped = await server.createKey({ containerTags: ['session_tag'], permission: 'read' });
    const session = (await server.request('GET', '/v3/session', { key: scoped })).body;
    expect(session.org.id).toBe(mine.org.id);
    expect(session.scope).toMatchObject({ permission: 'read' });
    expect(session.scope).toMatchObject({ type: 'scoped', tags: ['session_tag'] });
  });
});
