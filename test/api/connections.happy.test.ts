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

describe('connector kinds', () => {
  it('lists every kind the server has, with the SDK names it accepts in a path and how an account is authorized', async () => {
    const res = await server.request('GET', '/v3/connections/kinds');
    expect(res.status).toBe(200);
    const kinds = res.body.kinds as { kind: string; aliases: string[]; auth: string }[];
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['code-host', 'web-crawler', 'cloud-drive', 'mail']));
    expect(kinds.find((k) => k.kind === 'code-host')).toEqual({ kind: 'code-host', aliases: ['github'], auth: 'oauth' });
    expect(kinds.find((k) => k.kind === 'web-crawler')?.auth).toBe('credentials');
    // Every kind and name listed is one the connection routes take.
    for (const { kind, aliases } of kinds) {
      for (const provider of [kind, ...aliases]) {
        const list = await server.request('POST', '/v3/connections/list', { body: { provider } });
        expect(list.status, provider).toBe(200);
      }
    }
  });
});

describe('code host connections', () => {
  it('connects through OAuth, syncs the chosen repository, follows changes and deletions, and lists documents by source', async () => {
    const repo = github.createRepo('handbook', {
      files: {
        'README.md': '# Handbook\n\nHow the team works.\n',
        'docs/onboarding.md': '# Onboarding\n\nDay one: get a laptop.\n',
        'src/app.ts': 'export const answer = 42;\n',
      },
    });
    repo.addIssue({ title: 'Write the release notes', body: 'Before Friday.', labels: ['docs'] });

    const created = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'team_a', redirectUrl: 'https://app.example/connected' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(String), expiresIn: '1 hour', redirectsTo: 'https://app.example/connected' });
    const link = new URL(created.body.authLink);
    expect(`${link.origin}${link.pathname}`).toBe(`${github.webUrl}/login/oauth/authorize`);
    expect(link.searchParams.get('redirect_uri')).toBe(`${server.url}/v3/connections/auth/callback/code-host`);
    // PKCE: the code can be redeemed only with the verifier the server keeps to itself.
    expect(link.searchParams.get('code_challenge_method')).toBe('S256');
    expect(link.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

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
    // The authorization's first sync (nothing chosen yet) and the one after configure, or one of both.
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
    const [latest] = await waitForRuns(server, id, runs.length + 1);
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

  it('syncs on a signed push webhook once per delivery', async () => {
    const repo = github.createRepo('hooks', { files: { 'notes.md': '# Notes\n\nFirst.\n' } });
    const id = await connectCodeHost(server, 'team_hooks');
    const configured = await server.request('POST', `/v3/connections/${id}/configure`, { body: { resources: [{ full_name: 'octocat/hooks' }] } });
    expect(configured.body.webhooksRegistered).toBe(1);
    await waitForSourceDocuments(server, 'code-host', 'team_hooks', 1);
    // The authorization's first sync (nothing chosen yet) and the one after configure.
    const settled = (await waitForRuns(server, id, 1)).length;

    const before = repo.headCommit()!.sha;
    repo.writeFile('more.md', '# More\n\nSecond.\n');
    const [delivery] = await github.webhooks.sendPush(repo, { before, signature: 'valid' });
    if (!delivery) throw new Error('no hook was registered');
    expect(delivery.status).toBe(202);
    expect(JSON.parse(delivery.responseBody!)).toEqual({ accepted: true, duplicate: false });
    const [run] = await waitForRuns(server, id, settled + 1);
    expect(run).toMatchObject({ triggerType: 'event', status: 'completed', itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'code-host', 'team_hooks', 2);

    const again = await github.webhooks.redeliver(delivery.guid, { signature: 'valid' });
    expect(again.status).toBe(202);
    expect(JSON.parse(again.responseBody!)).toEqual({ accepted: true, duplicate: true });
    const runs = await server.request('GET', `/v3/connections/${id}/sync-runs`);
    expect(runs.body).toHaveLength(settled + 1);
  });

  it('refreshes an expired access token and keeps syncing with the rotated one', async () => {
    const repo = github.createRepo('tokens', { files: { 'a.md': '# A\n\nalpha\n' } });
    const id = await connectCodeHost(server, 'team_tokens', { metadata: { repositories: 'octocat/tokens' } });
    await waitForSourceDocuments(server, 'code-host', 'team_tokens', 1);
    await waitForRuns(server, id, 1);

    github.clock.advance(9 * 3600);
    repo.writeFile('b.md', '# B\n\nbeta\n');
    const exchanges = () => github.requests.filter((r) => r.method === 'POST' && r.path === '/login/oauth/access_token' && r.status === 200).length;
    const before = exchanges();
    expect((await server.request('POST', '/v3/connections/code-host/import', { body: { containerTags: ['team_tokens'] } })).status).toBe(202);
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 1 });
    expect(exchanges()).toBe(before + 1);
    await waitForSourceDocuments(server, 'code-host', 'team_tokens', 2);
    expect((await server.request('GET', `/v3/connections/${id}`)).body.status).toBe('active');
  });

  it('imports no more than documentLimit documents', async () => {
    github.createRepo('many', { files: { '1.md': '# One\n\none\n', '2.md': '# Two\n\ntwo\n', '3.md': '# Three\n\nthree\n', '4.md': '# Four\n\nfour\n' } });
    const id = await connectCodeHost(server, 'team_limit', { documentLimit: 2, metadata: { repositories: 'octocat/many', includeIssues: false } });
    await waitForRuns(server, id, 1);
    await waitForSourceDocuments(server, 'code-host', 'team_limit', 2);
    expect((await server.request('GET', `/v3/connections/${id}`)).body.documentLimit).toBe(2);
  });

  it('follows the include and exclude lists of the settings', async () => {
    github.createRepo('mixed', { files: { 'guide.md': '# Guide\n\nRead me.\n', 'main.py': 'print("hi")\n', 'drafts/idea.md': '# Idea\n\nlater\n' } });
    const patched = await server.request('PATCH', '/v3/settings', { body: { excludeItems: { folderNames: ['drafts'] }, includeItems: { fileTypes: ['md'] } } });
    expect(patched.status).toBe(200);
    try {
      const id = await connectCodeHost(server, 'team_filter', { metadata: { repositories: 'octocat/mixed', includeIssues: false } });
      await waitForRuns(server, id, 1);
      const docs = await waitForSourceDocuments(server, 'code-host', 'team_filter', 1);
      expect(titles(docs)).toEqual(['guide.md']);
    } finally {
      await server.request('PATCH', '/v3/settings', { body: { excludeItems: null, includeItems: null } });
    }
  });

  it('deletes a connection with its documents by default, or keeps them', async () => {
    github.createRepo('keep', { files: { 'k.md': '# Keep\n\nkept\n' } });
    const dropped = await connectCodeHost(server, 'team_drop', { metadata: { repositories: 'octocat/keep', includeIssues: false } });
    const kept = await connectCodeHost(server, 'team_keep', { metadata: { repositories: 'octocat/keep', includeIssues: false } });
    await waitForSourceDocuments(server, 'code-host', 'team_drop', 1);
    const [doc] = await waitForSourceDocuments(server, 'code-host', 'team_keep', 1);

    const byId = await server.request('DELETE', `/v3/connections/${dropped}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ id: dropped, provider: 'code-host' });
    const gone = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['team_drop'] } });
    expect(gone.body.totalCount).toBe(0);
    expect((await server.request('GET', `/v3/connections/${dropped}`)).status).toBe(404);

    const keeping = await server.request('DELETE', `/v3/connections/${kept}?deleteDocuments=false`);
    expect(keeping.status).toBe(200);
    const still = await server.request('GET', `/v3/documents/${doc.id}`);
    expect(still.status).toBe(200);
    expect(still.body.connectionId).toBeNull();
  });

  it('deletes by provider and container tags', async () => {
    github.createRepo('byprov', { files: { 'p.md': '# P\n\np\n' } });
    const id = await connectCodeHost(server, 'team_prov', { metadata: { repositories: 'octocat/byprov', includeIssues: false } });
    await waitForRuns(server, id, 1);
    const res = await server.request('DELETE', '/v3/connections/github', { body: { containerTags: ['team_prov'] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, provider: 'code-host' });
    await waitFor(async () =>
      (await server.request('POST', '/v3/documents/list', { body: { containerTags: ['team_prov'] } })).body.totalCount === 0 ? true : undefined,
    );
    expect((await server.request('POST', '/v3/connections/list', { body: { containerTags: ['team_prov'] } })).body).toEqual([]);
  });
});
