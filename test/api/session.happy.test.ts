import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /v3/session: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('describes a full key in the session', async () => {
    const session = await server.request('GET', '/v3/session');
    expect(session.body).toMatchObject({ role: 'admin', scope: { type: 'full', permission: 'write' }, org: { slug: 'default' } });
    expect(session.body.containerTags).toBeUndefined();
    const member = await server.createKey({ permission: 'read', name: 'reader' });
    expect((await server.request('GET', '/v3/session', { key: member })).body).toMatchObject({
      role: 'member',
      user: { name: 'reader' },
      scope: { type: 'full', permission: 'read' },
    });
    // The CLI sends x-api-key.
    expect((await server.request('GET', '/v3/session', { key: null, headers: { 'x-api-key': member } })).status).toBe(200);
  });
});
