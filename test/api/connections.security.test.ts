import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { codeHostEnv, connectCodeHost, waitForRuns } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let server: TestServer;
let connectionId: string;

beforeAll(async () => {
  github = await FakeGitHub.start();
  server = await startTestServer(codeHostEnv(github));
  github.createRepo('secret-plans', { files: { 'plan.md': '# Plan\n\nQuiet.\n' } });
  connectionId = await connectCodeHost(server, 'owner_tag', { metadata: { repositories: 'octocat/secret-plans', includeIssues: false } });
  await waitForRuns(server, connectionId, 1);
});

afterAll(async () => {
  await server?.close();
  await github?.close();
});

describe('connections: isolation', () => {
  it('another organization sees nothing and can touch nothing', async () => {
    const other = await server.createKey({ orgName: 'other-org' });
    expectError(await server.request('GET', `/v3/connections/${connectionId}`, { key: other }), 404);
    expectError(await server.request('GET', `/v3/connections/${connectionId}/sync-runs`, { key: other }), 404);
    expectError(await server.request('GET', `/v3/connections/${connectionId}/resources`, { key: other }), 404);
    expectError(await server.request('DELETE', `/v3/connections/${connectionId}`, { key: other }), 404);
    expectError(await server.request('POST', '/v3/connections/github/connection', { key: other, body: { containerTags: ['owner_tag'] } }), 404);
    expect((await server.request('POST', '/v3/connections/list', { key: other, body: {} })).body).toEqual([]);
    expect((await server.request('POST', '/v3/connections/github/documents', { key: other, body: {} })).body).toEqual([]);
    const imported = await server.request('POST', '/v3/connections/github/import', { key: other, body: {} });
    expect(imported.status).toBe(202);
    expect(imported.body).toMatch(/0 connections/);
    expect((await server.request('GET', `/v3/connections/${connectionId}`)).status).toBe(200);
  });

  it('a scoped key is confined to its container tags', async () => {
    const scoped = await server.createKey({ containerTags: ['user_tag'] });
    expectError(await server.request('GET', `/v3/connections/${connectionId}`, { key: scoped }), 404);
    expect((await server.request('POST', '/v3/connections/list', { key: scoped, body: {} })).body).toEqual([]);
    expectError(await server.request('POST', '/v3/connections/list', { key: scoped, body: { containerTags: ['owner_tag'] } }), 403);
    expectError(await server.request('POST', '/v3/connections/github', { key: scoped, body: { containerTag: 'owner_tag' } }), 403);
    expectError(await server.request('DELETE', `/v3/connections/${connectionId}`, { key: scoped }), 404);

    const own = await server.request('POST', '/v3/connections/github', { key: scoped, body: {} });
    expect(own.status).toBe(200);
    const listed = await server.request('POST', '/v3/connections/list', { key: scoped, body: {} });
    expect(listed.body.map((c: any) => [c.id, c.containerTag])).toEqual([[own.body.id, 'user_tag']]);
  });

  it('a read-only key may read connections but not create, import or delete them', async () => {
    const reader = await server.createKey({ permission: 'read' });
    expect((await server.request('GET', `/v3/connections/${connectionId}`, { key: reader })).status).toBe(200);
    expectError(await server.request('POST', '/v3/connections/github', { key: reader, body: { containerTag: 'r' } }), 403);
    expectError(await server.request('POST', '/v3/connections/github/import', { key: reader, body: {} }), 403);
    expectError(await server.request('DELETE', `/v3/connections/${connectionId}`, { key: reader }), 403);
  });

  it('never answers tokens, secrets or the cursor', async () => {
    const answers = [
      await server.request('GET', `/v3/connections/${connectionId}`),
      await server.request('POST', '/v3/connections/list', { body: {} }),
      await server.request('GET', `/v3/connections/${connectionId}/sync-runs`),
    ];
    for (const res of answers) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/ghu_|ghr_|accessToken|refreshToken|webhookSecret|cursor|authNonce/);
    }
  });
});
