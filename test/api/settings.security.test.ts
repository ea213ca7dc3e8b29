import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipals, runMatrix, type Who } from '../helpers/principals.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const SECRET = 'codehost-oauth-secret-5b21e';

describe('settings: authorization and isolation', () => {
  let server: TestServer;
  let keys: Record<Who, string>;

  beforeAll(async () => {
    server = await startTestServer();
    keys = await createPrincipals(server);
    await server.request('PATCH', '/v3/settings', {
      body: { workspacePrompt: 'Org A prompt', codeHostClientId: 'gh-app-a', codeHostClientSecret: SECRET, codeHostCustomKeyEnabled: true },
    });
  });
  afterAll(async () => server?.close());

  it('gives every caller the expected status on the settings routes (reset: see settings-reset.security.test.ts)', async () => {
    const mismatches = await runMatrix(keys, [
      {
        route: 'GET /v3/settings',
        call: (key) => server.request('GET', '/v3/settings', { key }),
        expected: { admin: 200, member: 200, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
      {
        route: 'PATCH /v3/settings',
        call: (key, who) => server.request('PATCH', '/v3/settings', { key, body: { filterPrompt: `by ${who}`, shouldLLMFilter: true } }),
        expected: { admin: 200, member: 403, scopedRead: 403, scopedWrite: 403, otherOrg: 200 },
      },
    ]);
    expect(mismatches).toEqual([]);
    expect((await server.request('GET', '/v3/settings')).body.workspacePrompt).toBe('Org A prompt');
  });

  it('answers 401 without a valid key', async () => {
    for (const key of [null, 'em_wrong']) {
      expect((await server.request('GET', '/v3/settings', { key })).status).toBe(401);
      expect((await server.request('PATCH', '/v3/settings', { key, body: { workspacePrompt: 'x' } })).status).toBe(401);
      expect((await server.request('POST', '/v3/settings/reset', { key, body: { confirmation: 'x' } })).status).toBe(401);
    }
  });

  it('never shows a client secret in clear, to any caller', async () => {
    for (const who of ['admin', 'member'] as const) {
      const res = await server.request('GET', '/v3/settings', { key: keys[who] });
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(res.body.codeHostClientSecret).toBe(`********${SECRET.slice(-4)}`);
      expect(res.body.githubClientSecret).toBe(`********${SECRET.slice(-4)}`);
    }
  });

  it("keeps each organization's settings to itself", async () => {
    const mine = (await server.request('GET', '/v3/settings')).body;
    const theirs = (await server.request('GET', '/v3/settings', { key: keys.otherOrg })).body;
    expect(mine).toMatchObject({ workspacePrompt: 'Org A prompt', filterPrompt: 'by admin', codeHostClientId: 'gh-app-a' });
    expect(theirs).toMatchObject({ workspacePrompt: null, filterPrompt: 'by otherOrg', codeHostClientId: null, codeHostClientSecret: null });

    const patched = await server.request('PATCH', '/v3/settings', { key: keys.otherOrg, body: { chunkSize: 300 } });
    expect(patched.body.orgSlug).toBe('other-org');
    expect(patched.body.orgId).not.toBe((await server.request('GET', '/v3/session')).body.org.id);
    expect((await server.request('GET', '/v3/settings')).body.chunkSize).toBeNull();
  });
});
