import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { authorize, codeHostEnv, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let server: TestServer;
let client: Supermemory;

beforeAll(async () => {
  github = await FakeGitHub.start();
  server = await startTestServer(codeHostEnv(github));
  client = new Supermemory({ apiKey: server.adminKey, baseURL: server.url, maxRetries: 0 });
});

afterAll(async () => {
  await server?.close();
  await github?.close();
});

describe('the official SDK: client.connections.*', () => {
  it('creates, reads, configures, imports, lists documents and deletes connections', async () => {
    github.createRepo('sdk-docs', { files: { 'intro.md': '# Intro\n\nStart here.\n', 'usage.md': '# Usage\n\nCall it.\n' } });

    const created = await client.connections.create('github', { containerTag: 'sdk_user', redirectUrl: 'https://app.example/done' });
    expect(created).toMatchObject({
      id: expect.any(String),
      authLink: expect.stringContaining('/login/oauth/authorize'),
      expiresIn: '1 hour',
      redirectsTo: 'https://app.example/done',
    });
    expect((await authorize(created.authLink)).status).toBe(302);

    const byId = await client.connections.getByID(created.id);
    expect(byId).toMatchObject({ id: created.id, provider: 'code-host', createdAt: expect.any(String) });
    const byTag = await client.connections.getByTag('github', { containerTags: ['sdk_user'] });
    expect(byTag.id).toBe(created.id);
    const listed = await client.connections.list({ containerTags: ['sdk_user'] });
    expect(listed.map((c) => c.id)).toEqual([created.id]);

    const resources = await client.connections.resources(created.id, { page: 1, per_page: 50 });
    expect(resources.resources.map((r) => r.full_name)).toContain('octocat/sdk-docs');
    expect(resources.total_count).toBeGreaterThan(0);
    const configured = await client.connections.configure(created.id, { resources: [{ full_name: 'octocat/sdk-docs' }] });
    expect(configured).toMatchObject({ success: true, webhooksRegistered: 1 });
    await waitForSourceDocuments(server, 'code-host', 'sdk_user', 2);
    await waitForRuns(server, created.id, 1);

    const imported = await client.connections.import('github', { containerTags: ['sdk_user'] });
    expect(typeof imported).toBe('string');
    expect(imported).toMatch(/1 connection/);

    const documents = await client.connections.listDocuments('github', { containerTags: ['sdk_user'] });
    expect(documents.map((d) => d.title).sort()).toEqual(['intro.md', 'usage.md']);
    expect(documents[0]).toMatchObject({ id: expect.any(String), status: expect.any(String), type: 'github_markdown', createdAt: expect.any(String) });

    const crawler = await client.connections.create('web-crawler', { containerTag: 'sdk_site', metadata: { startUrl: 'http://127.0.0.1:9/' } });
    // Typed `string` by the SDK: empty, never missing, for a kind with nothing to authorize.
    const link: string = crawler.authLink;
    expect([link, crawler.expiresIn]).toEqual(['', '']);
    const removedByProvider = await client.connections.deleteByProvider('web-crawler', { containerTags: ['sdk_site'] });
    expect(removedByProvider).toEqual({ id: crawler.id, provider: 'web-crawler' });

    const removed = await client.connections.deleteByID(created.id, { deleteDocuments: 'false' });
    expect(removed).toEqual({ id: created.id, provider: 'code-host' });
    await expect(client.connections.getByID(created.id)).rejects.toMatchObject({ status: 404 });
    const kept = await client.documents.list({ containerTags: ['sdk_user'] });
    expect(kept.memories).toHaveLength(2);
  });
});
