import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { authorize, codeHostEnv, connectCodeHost, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let server: TestServer;

beforeAll(async () => {
  github = await FakeGitHub.start();
  server = await startTestServer(codeHostEnv(github));
});

afterAll(async () => {
  await server?.close();
  await github?.close();
});

const titles = (docs: any[]) => docs.map((d) => d.title).sort();

describe('code host connections', () => {
  it('connects through OAuth, syncs the chosen repository, follows changes and deletions, and lists documents by source', async () => {
    const repo = github.createRepo('handbook', {
      files: { 'README.md': '# Handbook\n\nHow the team works.\n', 'docs/onboarding.md': '# Onboarding\n\nDay one: get a laptop.\n', 'src/app.ts': 'export const answer = 42;\n' },
    });
    repo.addIssue({ title: 'Write the release notes', body: 'Before Friday.', labels: ['docs'] });

    const created = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'team_a', redirectUrl: 'https://app.example/connected' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(String), expiresIn: '1 hour', redirectsTo: 'https://app.example/connected' });
    const link = new URL(created.body.authLink);
    expect(`${link.origin}${link.pathname}`).toBe(`${github.webUrl}/login/oauth/authorize`);
    expect(link.searchParams.get('redirect_uri')).toBe(`${server.url}/v3/connections/auth/callback/code-host`);

    const pending = await server.request('GET', `/v3/connections/${created.body.id}`);
    expect(pending.body).toMatchObject({ provider: 'code-host', status: 'pending', containerTag: 'team_a', lastSyncRun: null });

    const callback = await authorize(created.body.authLink);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('https://app.example/connected');

    const id = created.body.id;
    const active = await server.request('GET', `/v3/connections/${id}`);
    expect(active.body).toMatchObject({ status: 'active', provider: 'code-host' });
    expect(JSON.stringify(active.body)).not.toMatch(/ghu_|ghr_|token|secret/i);

    const resources = await server.request('GET', `/v3/connections/${id}/resources?per_page=10`);
    expect(resources.status).toBe(200);
    expect(resources.body.resources.map((r: any) => r.full_name)).toContain('octocat/handbook');

    const configured = await server.request('POST', `/v3/connections/${id}/configure`, { body: { resources: [{ full_name: 'octocat/handbook' }] } });
    expect(configured.status).toBe(200);
    expect(configured.body).toMatchObject({ success: true, webhooksRegistered: 1 });

    const docs = await waitForSourceDocuments(server, 'code-host', 'team_a', 4);
    expect(titles(docs)).toEqual(['README.md', 'Write the release notes', 'app.ts', 'onboarding.md']);
    expect(docs.every((d: any) => d.source === 'code-host' && d.connectionId === id)).toBe(true);
    const runs = await waitForRuns(server, id, 1);
    expect(runs[0]).toMatchObject({ status: 'completed', errorCode: null });

    const byProvider = await server.request('POST', '/v3/connections/code-host/documents', { body: { containerTags: ['team_a'] } });
    expect(byProvider.body).toHaveLength(4);

    // A change and a deletion at the source, then a manual import.
    repo.writeFile('docs/onboarding.md', '# Onboarding\n\nDay one: get a laptop and a badge.\n');
    repo.deleteFile('src/app.ts');
    const contentsBefore = github.count('GET /repos/{owner}/{repo}/contents/{+path}') + github.count('GET /repos/{owner}/{repo}/git/blobs/{file_sha}');
    const imported = await server.request('POST', '/v3/connections/github/import', { body: { containerTags: ['team_a'] } });
    expect(imported.status).toBe(202);
    expect(imported.headers.get('content-type')).toMatch(/^text\/plain/);
    const [latest] = await waitForRuns(server, id, 2);
    expect(latest).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 1, itemsDeleted: 1 });
    const after = await waitForSourceDocuments(server, 'code-host', 'team_a', 3);
    expect(titles(after)).toEqual(['README.md', 'Write the release notes', 'onboarding.md']);
    const onboarding = after.find((d: any) => d.title === 'onboarding.md');
    const full = await server.request('GET', `/v3/documents/${onboarding.id}`);
    expect(full.body.content).toContain('a badge');
    // Only what changed was fetched again.
    const contentsAfter = github.count('GET /repos/{owner}/{repo}/contents/{+path}') + github.count('GET /repos/{owner}/{repo}/git/blobs/{file_sha}');
    expect(contentsAfter - contentsBefore).toBe(1);

    const listed = await server.request('POST', '/v3/connections/list', { body: { containerTags: ['team_a'] } });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].lastSyncRun).toMatchObject({ status: 'completed', errorCode: null });
  });
});
