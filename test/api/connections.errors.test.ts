import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStateSigner } from '../../src/core/connections/oauth-state.js';
import { FakeGitHub } from '../fakes/github/index.js';
import { authorize, codeHostEnv, connectCodeHost, syncJobsOf } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let server: TestServer;
const secretKey = randomBytes(32).toString('hex');

beforeAll(async () => {
  github = await FakeGitHub.start();
  server = await startTestServer({ ...codeHostEnv(github), ENGRAM_SECRET_KEY: secretKey });
});

afterAll(async () => {
  await server?.close();
  await github?.close();
});

// Only this connection's jobs: an earlier test's crawler of an unreachable address is requeued on failure.
const queuedSyncJobs = async (connectionId: string) => (await syncJobsOf(server, connectionId)).filter((job) => job.status === 'queued').length;

describe('connections: refused requests', () => {
  it('answers 400 naming the provider for an unknown one and 501 for OAuth kinds the server has no application for', async () => {
    expectError(await server.request('POST', '/v3/connections/dropbox', { body: { containerTag: 'x' } }), 400, /provider/);
    for (const provider of ['notion', 'gmail', 'google-drive', 'onedrive', 'cloud-drive', 'mail', 'notes-workspace', 'office-drive']) {
      const refused = await server.request('POST', `/v3/connections/${provider}`, { body: { containerTag: 'x' } });
      expectError(refused, 501, /OAuth application/);
      // Not configured here: the official SDK must not retry it.
      expect(refused.headers.get('x-should-retry')).toBe('false');
    }
    expectError(await server.request('POST', '/v3/connections/meetings', { body: { containerTag: 'x', metadata: {} } }), 400, /apiKey/);
    const stored = await server.request('POST', '/v3/connections/list', { body: { containerTags: ['x'] } });
    expect(stored.body).toEqual([]);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    expectError(await server.request('POST', '/v3/connections/web-crawler', { body: { containerTag: 'x', metadata: {} } }), 400, /startUrl/);
    expectError(
      await server.request('POST', '/v3/connections/web-crawler', { body: { containerTag: 'x', metadata: { startUrl: 'ftp://example.com' } } }),
      400,
      /startUrl/,
    );
    expectError(await server.request('POST', '/v3/connections/github', { body: { containerTag: 'x', documentLimit: 0 } }), 400, /documentLimit/);
    expectError(
      await server.request('POST', '/v3/connections/github', { body: { containerTag: 'x', redirectUrl: 'javascript:alert(1)' } }),
      400,
      /redirectUrl/,
    );
    expectError(await server.request('POST', '/v3/connections/github/connection', { body: {} }), 400, /containerTags/);
    expectError(await server.request('DELETE', '/v3/connections/github', { body: {} }), 400, /containerTags/);
  });

  it('answers 404 for connections that do not exist', async () => {
    expectError(await server.request('GET', '/v3/connections/nope0000000000000000zz'), 404);
    expectError(await server.request('DELETE', '/v3/connections/nope0000000000000000zz'), 404);
    expectError(await server.request('GET', '/v3/connections/nope0000000000000000zz/sync-runs'), 404);
    expectError(await server.request('POST', '/v3/connections/github/connection', { body: { containerTags: ['nobody'] } }), 404);
    expectError(await server.request('DELETE', '/v3/connections/github', { body: { containerTags: ['nobody'] } }), 404);
  });

  it('refuses resources before authorization and for kinds without them', async () => {
    const pending = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'pending_tag' } });
    expectError(await server.request('GET', `/v3/connections/${pending.body.id}/resources`), 400);
    const crawler = await server.request('POST', '/v3/connections/web-crawler', {
      body: { containerTag: 'crawl_tag', metadata: { startUrl: 'http://127.0.0.1:9/' } },
    });
    const none = await server.request('GET', `/v3/connections/${crawler.body.id}/resources`);
    expectError(none, 501);
    expect(none.headers.get('x-should-retry')).toBe('false');
  });

  it('refuses a forged, reused or expired state at the callback', async () => {
    const callback = `${server.url}/v3/connections/auth/callback/code-host`;
    const forged = await fetch(`${callback}?code=x&state=${encodeURIComponent('eyJjb25uZWN0aW9uSWQiOiJ4In0.AAAA')}`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect(Object.keys(await forged.json())).toContain('error');

    const created = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'state_tag' } });
    const approved = await fetch(created.body.authLink, { redirect: 'manual' });
    const back = approved.headers.get('location')!;
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(200);
    const reused = await fetch(back, { redirect: 'manual' });
    expect(reused.status).toBe(400);
    expect((await reused.json()).details).toMatch(/used/);

    const again = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'expired_tag' } });
    const row = (await server.app.database.db.execute(sql`select auth_nonce from connections where id = ${again.body.id}`)) as any;
    const twoHoursAgo = { now: () => new Date(Date.now() - 2 * 3600_000) };
    const { state } = new OAuthStateSigner(Buffer.from(secretKey, 'utf8'), twoHoursAgo).sign(again.body.id, row.rows[0].auth_nonce);
    const expired = await fetch(`${callback}?code=x&state=${encodeURIComponent(state)}`, { redirect: 'manual' });
    expect(expired.status).toBe(400);
    expect((await expired.json()).details).toMatch(/older than an hour/);
    // The same state signed now works: only its age was wrong.
    const { state: fresh } = new OAuthStateSigner(Buffer.from(secretKey, 'utf8'), { now: () => new Date() }).sign(again.body.id, row.rows[0].auth_nonce);
    const wrongProvider = await fetch(`${server.url}/v3/connections/auth/callback/web-crawler?code=x&state=${encodeURIComponent(fresh)}`, {
      redirect: 'manual',
    });
    expect(wrongProvider.status).toBe(400);
  });

  it('sends a refused authorization back to the redirectUrl with an error', async () => {
    const created = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'deny_tag', redirectUrl: 'https://app.example/back' } });
    github.oauth.denyNextAuthorization = true;
    const res = await authorize(created.body.authLink);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://app.example/back?error=access_denied');
    expect((await server.request('GET', `/v3/connections/${created.body.id}`)).body.status).toBe('pending');
  });

  it('refuses webhook deliveries that are not signed with the connection secret, queueing nothing', async () => {
    const repo = github.createRepo('signed', { files: { 'x.md': '# X\n\nx\n' } });
    const id = await connectCodeHost(server, 'hook_tag');
    const configured = await server.request('POST', `/v3/connections/${id}/configure`, { body: { resources: [{ full_name: 'octocat/signed' }] } });
    expect(configured.body.webhooksRegistered).toBe(1);
    await waitFor(async () => ((await queuedSyncJobs(id)) === 0 ? true : undefined), 30_000, 'the configure sync to start');

    const before = repo.headCommit()!.sha;
    repo.writeFile('y.md', '# Y\n\ny\n');
    for (const signature of ['wrong', 'missing'] as const) {
      const [delivery] = await github.webhooks.sendPush(repo, { before, signature });
      expect(delivery?.status).toBe(401);
      expect(JSON.parse(delivery!.responseBody!)).toMatchObject({ error: 'Invalid signature' });
    }
    expect(await queuedSyncJobs(id)).toBe(0);

    const elsewhere = await fetch(`${server.url}/v3/connections/webhooks/code-host/nope0000000000000000zz`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(elsewhere.status).toBe(404);
  });
});
