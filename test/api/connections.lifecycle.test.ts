import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { codeHostEnv, connectCodeHost, expectDeferredThenRelease, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let server: TestServer;

beforeAll(async () => {
  github = await FakeGitHub.start();
  github.createRepo('life', { files: { 'l.md': '# Life\n\ncycle\n' } });
  server = await startTestServer({ ...codeHostEnv(github), SYNC_SCHEDULER_MS: '200' });
});

afterAll(async () => {
  await server?.close();
  await github?.close();
});

const metadata = { repositories: 'octocat/life', includeIssues: false };
const connectionsOf = async (tag: string, key?: string) => (await server.request('POST', '/v3/connections/list', { body: { containerTags: [tag] }, key })).body;

describe('connections through the life of tags and organizations', () => {
  it('syncs again when the schedule comes due', async () => {
    const id = await connectCodeHost(server, 'cron_tag', { metadata });
    await waitForRuns(server, id, 1);
    await server.app.database.db.execute(sql`update connections set next_sync_at = now() - interval '1 minute' where id = ${id}`);
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ triggerType: 'cron', status: 'completed' });
    const row = (await server.app.database.db.execute(sql`select next_sync_at from connections where id = ${id}`)) as any;
    const next = new Date(row.rows[0].next_sync_at).getTime();
    expect(next - Date.now()).toBeGreaterThan(3.9 * 3600_000);
  });

  it('deletes the connections of a deleted container tag', async () => {
    const id = await connectCodeHost(server, 'doomed_tag', { metadata });
    await waitForSourceDocuments(server, 'code-host', 'doomed_tag', 1);
    expect((await server.request('DELETE', '/v3/container-tags/doomed_tag')).status).toBe(200);
    expect((await server.request('GET', `/v3/connections/${id}`)).status).toBe(404);
  });

  it('moves connections to the target of a merge, dropping one whose kind the target has', async () => {
    const moved = await connectCodeHost(server, 'src_only', { metadata });
    const dropped = await connectCodeHost(server, 'src_both', { metadata });
    const stays = await connectCodeHost(server, 'dst_tag', { metadata });
    for (const [id, tag] of [
      [moved, 'src_only'],
      [dropped, 'src_both'],
      [stays, 'dst_tag'],
    ] as const) {
      await waitForRuns(server, id, 1);
      await waitForSourceDocuments(server, 'code-host', tag, 1);
    }
    const merge = async (source: string, target: string) => {
      const start = await server.request('POST', '/v3/container-tags/merge', { body: { containerTags: [source, target], targetContainerTag: target } });
      expect(start.status).toBe(202);
      return waitFor(async () => {
        const res = await server.request('GET', `/v3/container-tags/merge/${start.body.mergeId}`);
        return ['completed', 'failed'].includes(res.body.status) ? res.body : undefined;
      });
    };
    expect((await merge('src_only', 'moved_here')).status).toBe('completed');
    expect((await connectionsOf('moved_here')).map((c: any) => c.id)).toEqual([moved]);

    expect((await merge('src_both', 'dst_tag')).status).toBe('completed');
    expect((await connectionsOf('dst_tag')).map((c: any) => c.id)).toEqual([stays]);
    expect((await server.request('GET', `/v3/connections/${dropped}`)).status).toBe(404);
    const docs = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['dst_tag'], limit: 10 } });
    expect(docs.body.totalCount).toBe(2);
  });

  it('reset deletes the organization connections and counts them', async () => {
    const admin = await server.createKey({ orgName: 'reset-org', role: 'admin' });
    const first = await server.request('POST', '/v3/connections/web-crawler', {
      key: admin,
      body: { containerTag: 'r1', metadata: { startUrl: 'http://127.0.0.1:9/' } },
    });
    const second = await server.request('POST', '/v3/connections/github', { key: admin, body: { containerTag: 'r2' } });
    expect([first.status, second.status]).toEqual([200, 200]);
    const reset = await server.request('POST', '/v3/settings/reset', { key: admin, body: { confirmation: 'yes' } });
    expect(reset.status).toBe(200);
    expect(reset.body.deletedConnections).toBe(2);
    expect((await server.request('POST', '/v3/connections/list', { key: admin, body: {} })).body).toEqual([]);
  });

  it("authorizes new connections with the organization's own OAuth application when its custom key is on", async () => {
    const before = await connectCodeHost(server, 'before_custom', { metadata });
    github.oauth.registerApp({ clientId: 'Iv1.org0own0app', clientSecret: 'org-own-client-secret' });
    const patched = await server.request('PATCH', '/v3/settings', {
      body: { githubClientId: 'Iv1.org0own0app', githubClientSecret: 'org-own-client-secret', githubCustomKeyEnabled: true },
    });
    expect(patched.status).toBe(200);
    try {
      const created = await server.request('POST', '/v3/connections/code-host', { body: { containerTag: 'custom_tag', metadata } });
      expect(new URL(created.body.authLink).searchParams.get('client_id')).toBe('Iv1.org0own0app');
      const id = await connectCodeHost(server, 'custom_tag', { metadata });
      await waitForRuns(server, id, 1);
      await waitForSourceDocuments(server, 'code-host', 'custom_tag', 1);

      // The connection authorized before keeps the service's application and still syncs.
      expect((await server.request('POST', '/v3/connections/github/import', { body: { containerTags: ['before_custom'] } })).status).toBe(202);
      const [run] = await waitForRuns(server, before, 2);
      expect(run).toMatchObject({ status: 'completed', errorCode: null });
    } finally {
      await server.request('PATCH', '/v3/settings', { body: { githubCustomKeyEnabled: false } });
    }
  });

  it('defers a sync past a long provider rate limit without spending an attempt, then completes it', async () => {
    github.createRepo('limited', { files: { 'r.md': '# Rate\n\nlimited\n' } });
    github.rateLimits.failWithPrimaryLimit({ times: 1, resetInSeconds: 3600, match: /^GET \/repos\/octocat\/limited\/contents\/r\.md/ });
    const id = await connectCodeHost(server, 'limited_tag', { metadata: { repositories: 'octocat/limited', includeIssues: false } });
    const [limited] = await waitForRuns(server, id, 1);
    expect(limited).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
    await expectDeferredThenRelease(server, id, 3600);
    const [done] = await waitForRuns(server, id, 2);
    expect(done).toMatchObject({ status: 'completed', errorCode: null });
    await waitForSourceDocuments(server, 'code-host', 'limited_tag', 1);
    expect((await syncJobsOf(server, id))[0]).toMatchObject({ attempts: 1, status: 'done' });
  });
});
