import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { FakeGoogle } from '../fakes/google/index.js';
import { FakeGraph } from '../fakes/graph/index.js';
import { FakeNotion } from '../fakes/notion/index.js';
import { codeHostEnv, connectKind, freePort, waitForRuns } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import { LogCapture } from '../helpers/log-capture.js';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';

// One server whose OAuth kinds all talk to their fakes: deleting a connection, or resetting the
// organization, must undo at each provider what the connection set up there.
let google: FakeGoogle;
let github: FakeGitHub;
let graph: FakeGraph;
let notion: FakeNotion;
let server: TestServer;
const logs = new LogCapture();

beforeAll(async () => {
  [google, github, graph, notion] = await Promise.all([FakeGoogle.start(), FakeGitHub.start(), FakeGraph.start(), FakeNotion.start()]);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const callback = (kind: string) => `${publicUrl}/v3/connections/auth/callback/${kind}`;
  const googleApp = google.oauth.registerApp({
    clientId: 'engram-google-client',
    clientSecret: 'engram-google-secret',
    redirectUris: [callback('cloud-drive'), callback('mail')],
  });
  const microsoftApp = graph.identity.registerApp({
    clientId: 'engram-microsoft-client',
    clientSecret: 'engram-microsoft-secret',
    redirectUris: [callback('office-drive')],
  });
  const notionApp = notion.oauth.register({
    clientId: 'engram-notion-client',
    clientSecret: 'engram-notion-secret',
    redirectUris: [callback('notes-workspace')],
  });
  const e = google.endpoints;
  server = await startTestServer(
    {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: googleApp.clientId,
      GOOGLE_CLIENT_SECRET: googleApp.clientSecret,
      GOOGLE_AUTH_URL: e.authUrl,
      GOOGLE_TOKEN_URL: e.tokenUrl,
      GOOGLE_REVOKE_URL: e.revokeUrl,
      GOOGLE_USERINFO_URL: e.userinfoUrl,
      GOOGLE_DRIVE_URL: e.driveUrl,
      GOOGLE_GMAIL_URL: e.gmailUrl,
      MICROSOFT_CLIENT_ID: microsoftApp.clientId,
      MICROSOFT_CLIENT_SECRET: microsoftApp.clientSecret,
      GRAPH_API_URL: graph.graphUrl,
      MICROSOFT_LOGIN_URL: graph.loginUrl,
      NOTION_CLIENT_ID: notionApp.clientId,
      NOTION_CLIENT_SECRET: notionApp.clientSecret,
      NOTION_API_URL: notion.apiUrl,
      ...codeHostEnv(github),
      SYNC_INTERVAL_HOURS: '240',
    },
    { logger: logs.logger },
  );
});

afterAll(async () => {
  await server?.close();
  await Promise.all([google?.close(), github?.close(), graph?.close(), notion?.close()]);
});

async function stored(connectionId: string): Promise<{ subscription: any; tokens: string | null } | undefined> {
  const rows = ((await server.app.database.db.execute(sql`select subscription, tokens from connections where id = ${connectionId}`)) as any).rows;
  return rows[0];
}

async function cleanupJobs(connectionId: string): Promise<{ status: string; attempts: number; last_error: string | null; tokens: string | null }[]> {
  return (
    (await server.app.database.db.execute(
      sql`select status, attempts, last_error, payload->>'tokens' as tokens from jobs where kind = 'cleanup' and payload->>'connectionId' = ${connectionId}`,
    )) as any
  ).rows;
}

/** Waits until the connection's cleanup job ended; returns it. */
async function cleanedUp(connectionId: string): Promise<{ status: string; attempts: number }> {
  return waitFor(
    async () => (await cleanupJobs(connectionId)).find((j) => j.status === 'done' || j.status === 'failed'),
    30_000,
    `the cleanup job of ${connectionId}`,
  );
}

/** Waits until the provider's fake shows what `seen` checks. */
function atProvider(what: string, seen: () => boolean): Promise<true> {
  return waitFor(async () => seen() || undefined, 20_000, what);
}

/** A code-host connection with `octocat/<name>` chosen: our hook is on the repository. */
async function codeHostWithHook(tag: string, name: string): Promise<string> {
  github.createRepo(name, { files: { 'README.md': `# ${name}\n` } });
  const id = await connectKind(server, 'github', tag);
  const configured = await server.request('POST', `/v3/connections/${id}/configure`, { body: { resources: [{ full_name: `octocat/${name}` }] } });
  expect(configured.body, JSON.stringify(configured.body)).toMatchObject({ webhooksRegistered: 1 });
  return id;
}

const ourHooks = (name: string) => github.webhooks.hooks.filter((h) => h.repo.fullName === `octocat/${name}`);

describe('deleting a connection cleans up at the provider', () => {
  it('cloud drive: its changes channel is stopped and the Google grant revoked; the tokens no longer work', async () => {
    google.drive.state.addDoc('Roadmap', '# Roadmap\n\nShip it.\n');
    const id = await connectKind(server, 'cloud-drive', 'drive_cleanup');
    const channel = await waitFor(async () => (await stored(id))?.subscription ?? undefined, 30_000, 'a drive channel');
    const { tokens } = (await stored(id))!;
    expect(tokens).not.toBeNull();
    const accessTokens = [...google.oauth.accessTokens.keys()];

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    await atProvider('the drive channel stopped', () => google.drive.channels.get(channel.channelId)!.stopped);
    await atProvider('the Google grant revoked', () => google.oauth.revocations.length === 1);
    // Done, it keeps no tokens.
    expect(await cleanedUp(id)).toMatchObject({ status: 'done', attempts: 1, tokens: null });
    expect(google.oauth.revocations[0]!.refreshToken).not.toBeNull();
    // Every access token of the grant is refused now, as Google refuses them.
    for (const token of accessTokens) {
      const answer = await fetch(`${google.endpoints.driveUrl}/files`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(401);
    }
    expect(await google.drive.notify({ state: 'change' })).toEqual([]);
  });

  it('code host: its repository hooks are removed and the GitHub grant revoked', async () => {
    const id = await codeHostWithHook('hooks_cleanup', 'cleanup-hooks');
    expect(ourHooks('cleanup-hooks')).toHaveLength(1);
    await waitForRuns(server, id, 1);

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    await atProvider('the repository hook removed', () => ourHooks('cleanup-hooks').length === 0);
    await atProvider('the GitHub grant revoked', () => github.oauth.revocations.length === 1);
    expect(await cleanedUp(id)).toMatchObject({ status: 'done' });
    expect(github.oauth.revocations).toEqual([expect.objectContaining({ what: 'grant', clientId: github.app.clientId, user: 'octocat' })]);
    const revoked = github.oauth.revocations[0]!.token;
    expect((await fetch(`${github.apiUrl}/user`, { headers: { authorization: `token ${revoked}` } })).status).toBe(401);
  });

  it('office drive: its Graph subscription is deleted and delivers nothing more', async () => {
    const id = await connectKind(server, 'office-drive', 'graph_cleanup');
    const subscription = await waitFor(async () => (await stored(id))?.subscription ?? undefined, 30_000, 'a Graph subscription');
    expect(graph.subscriptions.all.has(subscription.id)).toBe(true);

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    await atProvider('the Graph subscription deleted', () => !graph.subscriptions.all.has(subscription.id));
    expect(await cleanedUp(id)).toMatchObject({ status: 'done' });
    expect(graph.count('DELETE /subscriptions/{id}', 204)).toBe(1);
    expect(await graph.subscriptions.notify('valid')).toEqual([]);
  });

  it('notes workspace: its Notion token is revoked and the API refuses it', async () => {
    notion.state.addPage({ title: 'Roadmap', blocks: [{ type: 'paragraph', text: 'Ship the connectors.' }] });
    const id = await connectKind(server, 'notes-workspace', 'notion_cleanup');
    await waitForRuns(server, id, 1);
    const live = [...notion.oauth.tokens];
    expect(live.length).toBeGreaterThan(0);

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    await atProvider('the Notion token revoked', () => notion.oauth.revocations.length === 1);
    expect(await cleanedUp(id)).toMatchObject({ status: 'done' });
    expect(notion.oauth.tokens.has(notion.oauth.revocations[0]!)).toBe(false);
    const refused = await fetch(`${notion.apiUrl}/v1/users/me`, {
      headers: { authorization: `Bearer ${notion.oauth.revocations[0]}`, 'notion-version': '2025-09-03' },
    });
    expect(refused.status).toBe(401);
  });

  it('the grant the connections of one account share stays while another holds it; the last one revokes it', async () => {
    const shared = await codeHostWithHook('shared_a', 'shared-a');
    const other = await connectKind(server, 'github', 'shared_b');
    await waitForRuns(server, other, 1);
    const before = github.oauth.revocations.length;

    expect((await server.request('DELETE', `/v3/connections/${shared}`)).status).toBe(200);
    await atProvider('the repository hook removed', () => ourHooks('shared-a').length === 0);
    expect(await cleanedUp(shared)).toMatchObject({ status: 'done' });
    // The other connection holds the very same token (one grant per account): nothing is revoked.
    expect(github.oauth.revocations.length).toBe(before);
    expect((await server.request('POST', '/v3/connections/github/import', { body: { containerTags: ['shared_b'] } })).status).toBeLessThan(300);
    const runs = await waitForRuns(server, other, 2);
    expect(runs[0]).toMatchObject({ status: 'completed' });
    expect((await server.request('DELETE', `/v3/connections/${other}`)).status).toBe(200);
    await cleanedUp(other);
    await atProvider('the grant revoked with the last connection', () => github.oauth.revocations.length > before);
    expect(github.oauth.revocations.slice(before)).toEqual([expect.objectContaining({ what: 'grant' })]);
  });

  it('a Google grant shared by a drive and a mail connection of one account is revoked with the last of them', async () => {
    const drive = await connectKind(server, 'cloud-drive', 'google_shared_drive');
    const channel = await waitFor(async () => (await stored(drive))?.subscription ?? undefined, 30_000, 'a drive channel');
    const mail = await connectKind(server, 'mail', 'google_shared_mail');
    await waitForRuns(server, mail, 1);
    const before = google.oauth.revocations.length;

    expect((await server.request('DELETE', `/v3/connections/${drive}`)).status).toBe(200);
    await atProvider('the drive channel stopped', () => google.drive.channels.get(channel.channelId)!.stopped);
    expect(await cleanedUp(drive)).toMatchObject({ status: 'done', tokens: null });
    expect(google.oauth.revocations.length).toBe(before);
    // The mail connection still reads the mailbox with the grant they share.
    expect((await server.request('POST', '/v3/connections/mail/import', { body: { containerTags: ['google_shared_mail'] } })).status).toBe(202);
    expect((await waitForRuns(server, mail, 2))[0]).toMatchObject({ status: 'completed' });

    expect((await server.request('DELETE', `/v3/connections/${mail}`)).status).toBe(200);
    await atProvider('the Google grant revoked', () => google.oauth.revocations.length === before + 1);
    expect(await cleanedUp(mail)).toMatchObject({ status: 'done' });
  });

  it('a merge that drops a source connection (the target has its kind) cleans it up: its hooks go, the grant the target shares stays', async () => {
    const dropped = await codeHostWithHook('merge_src', 'merge-hooks');
    const stays = await connectKind(server, 'github', 'merge_dst');
    await waitForRuns(server, dropped, 1);
    await waitForRuns(server, stays, 1);
    const before = github.oauth.revocations.length;
    const start = await server.request('POST', '/v3/container-tags/merge', {
      body: { containerTags: ['merge_src', 'merge_dst'], targetContainerTag: 'merge_dst' },
    });
    expect(start.status).toBe(202);

    await atProvider('the dropped connection’s hook removed', () => ourHooks('merge-hooks').length === 0);
    expect(await cleanedUp(dropped)).toMatchObject({ status: 'done' });
    // The connection that stays is of the same GitHub account and holds the same grant: nothing is revoked.
    expect(github.oauth.revocations.length).toBe(before);
    expect((await server.request('DELETE', `/v3/connections/${stays}`)).status).toBe(200);
    await cleanedUp(stays);
    expect(github.oauth.revocations.slice(before)).toEqual([expect.objectContaining({ what: 'grant' })]);
  });

  it('a revocation the provider fails is retried until it succeeds, and each failure is logged', async () => {
    const id = await codeHostWithHook('retry_cleanup', 'retry-hooks');
    await waitForRuns(server, id, 1);
    const before = github.oauth.revocations.length;
    // More 503s than one attempt's own retries absorb: the job has to try again.
    github.rateLimits.failWith({ status: 503, times: 6, match: 'DELETE /applications/{client_id}/grant' });

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    // An admin sees it retrying, with the provider's failure, until it succeeds.
    const listed = await waitFor(
      async () => {
        const res = await server.request('GET', '/v3/connections/cleanups');
        expect(res.status).toBe(200);
        return res.body.find((c: any) => c.connectionId === id && c.status === 'retrying');
      },
      30_000,
      'the cleanup listed as retrying',
    );
    expect(listed).toMatchObject({
      provider: 'code-host',
      attempts: expect.any(Number),
      maxAttempts: 16,
      lastError: expect.stringMatching(/503|unavailable/i),
    });
    await atProvider('the GitHub grant revoked after the failures', () => github.oauth.revocations.length > before);
    const job = await cleanedUp(id);
    expect((await server.request('GET', '/v3/connections/cleanups')).body).toEqual([]);
    // Members (not admins) of the organization are not shown it.
    const member = await server.createKey({ role: 'member', permission: 'write' });
    expect((await server.request('GET', '/v3/connections/cleanups', { key: member })).status).toBe(403);
    expect(job.status).toBe('done');
    expect(job.attempts).toBeGreaterThan(1);
    expect(github.count('DELETE /applications/{client_id}/grant', 503)).toBe(6);
    expect(github.oauth.revocations.slice(before)).toEqual([expect.objectContaining({ what: 'grant' })]);
    const retried = logs.entries().filter((l) => l.msg === 'connection cleanup at the provider failed; it is tried again' && l.connectionId === id);
    expect(retried.length).toBe(job.attempts - 1);
    expect(retried[0]).toMatchObject({ provider: 'code-host', level: 40 });
  });
});

describe('a cleanup that cannot succeed', () => {
  it('undoes what the token alone can, then gives up: listed as failed for an admin and logged as an error', async () => {
    github.oauth.registerApp({ clientId: 'Iv1.org0cleanup0app', clientSecret: 'org-cleanup-secret' });
    const own = { githubClientId: 'Iv1.org0cleanup0app', githubClientSecret: 'org-cleanup-secret', githubCustomKeyEnabled: true };
    expect((await server.request('PATCH', '/v3/settings', { body: own })).status).toBe(200);
    const id = await codeHostWithHook('custom_cleanup', 'custom-hooks');
    await waitForRuns(server, id, 1);
    // The organization's own application is removed before the connection is deleted: nothing can revoke its grant now.
    expect((await server.request('PATCH', '/v3/settings', { body: { githubCustomKeyEnabled: false, githubClientSecret: null } })).status).toBe(200);
    const before = github.oauth.revocations.length;

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    await atProvider('the repository hook removed with the token', () => ourHooks('custom-hooks').length === 0);
    expect(await cleanedUp(id)).toMatchObject({ status: 'failed' });
    expect(github.oauth.revocations.length).toBe(before);
    const listed = (await server.request('GET', '/v3/connections/cleanups')).body;
    expect(listed).toEqual([
      expect.objectContaining({
        connectionId: id,
        provider: 'code-host',
        status: 'failed',
        nextAttemptAt: null,
        lastError: expect.stringMatching(/no longer configured/),
      }),
    ]);
    const reported = logs.entries().filter((l) => l.connectionId === id && l.level === 50);
    expect(reported).toEqual([
      expect.objectContaining({ provider: 'code-host', msg: expect.stringMatching(/^connection cleanup at the provider failed for good/) }),
    ]);
  });
});

/** What a retry or dismissal of a cleanup that is not pending answers, whoever's connection it was. */
function expectNoCleanup(res: ApiResponse): void {
  expectError(res, 404);
  expect(res.body.error).toMatch(/no cleanup of this connection is pending/);
}

describe('an admin finishing a cleanup that gave up', () => {
  /** A code-host connection deleted after the organization's own application was removed: its cleanup gives up. */
  async function failedCleanup(tag: string, repo: string): Promise<string> {
    github.oauth.registerApp({ clientId: 'Iv1.org0retry0app', clientSecret: 'org-retry-secret' });
    const own = { githubClientId: 'Iv1.org0retry0app', githubClientSecret: 'org-retry-secret', githubCustomKeyEnabled: true };
    expect((await server.request('PATCH', '/v3/settings', { body: own })).status).toBe(200);
    const id = await codeHostWithHook(tag, repo);
    await waitForRuns(server, id, 1);
    expect((await server.request('PATCH', '/v3/settings', { body: { githubCustomKeyEnabled: false, githubClientSecret: null } })).status).toBe(200);
    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    expect(await cleanedUp(id)).toMatchObject({ status: 'failed' });
    return id;
  }

  it('retries it once what stopped it is fixed: the grant is revoked and the cleanup leaves the list', async () => {
    const id = await failedCleanup('retry_cleanup', 'retry-hooks');
    const before = github.oauth.revocations.length;
    const own = { githubClientId: 'Iv1.org0retry0app', githubClientSecret: 'org-retry-secret', githubCustomKeyEnabled: true };
    expect((await server.request('PATCH', '/v3/settings', { body: own })).status).toBe(200);

    const retried = await server.request('POST', `/v3/connections/cleanups/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ connectionId: id, provider: 'code-host', status: 'pending', attempts: 0 });
    await waitFor(async () => (await cleanupJobs(id)).find((j) => j.status === 'done'), 30_000, 'the retried cleanup');
    expect(github.oauth.revocations.length).toBe(before + 1);
    const listed = (await server.request('GET', '/v3/connections/cleanups')).body as { connectionId: string }[];
    expect(listed.map((c) => c.connectionId)).not.toContain(id);
    // Done: nothing is left to retry or dismiss.
    expectNoCleanup(await server.request('POST', `/v3/connections/cleanups/${id}/retry`));
    expectNoCleanup(await server.request('DELETE', `/v3/connections/cleanups/${id}`));
  });

  it('dismisses it when the access was removed by hand: never tried again, gone from the list', async () => {
    const id = await failedCleanup('dismiss_cleanup', 'dismiss-hooks');
    const dismissed = await server.request('DELETE', `/v3/connections/cleanups/${id}`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ connectionId: id, dismissed: true });
    expect(await cleanupJobs(id)).toEqual([]);
    const listed = (await server.request('GET', '/v3/connections/cleanups')).body as { connectionId: string }[];
    expect(listed.map((c) => c.connectionId)).not.toContain(id);
    expectNoCleanup(await server.request('POST', `/v3/connections/cleanups/${id}/retry`));
  });

  it("answers 404 for another organization's cleanup, as for an unknown one", async () => {
    const id = await failedCleanup('foreign_cleanup', 'foreign-hooks');
    const other = await server.createKey({ orgName: 'cleanup-other-org', role: 'admin', name: 'other organization admin' });
    expectNoCleanup(await server.request('POST', `/v3/connections/cleanups/${id}/retry`, { key: other }));
    expectNoCleanup(await server.request('DELETE', `/v3/connections/cleanups/${id}`, { key: other }));
    expect(await cleanupJobs(id)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});

describe('resetting the organization', () => {
  it('cleans up every connection at its provider: channel stopped, hooks removed, grants revoked', async () => {
    const drive = await connectKind(server, 'cloud-drive', 'reset_drive');
    const channel = await waitFor(async () => (await stored(drive))?.subscription ?? undefined, 30_000, 'a drive channel');
    const code = await codeHostWithHook('reset_code', 'reset-hooks');
    await waitForRuns(server, code, 1);
    const googleBefore = google.oauth.revocations.length;
    const githubBefore = github.oauth.revocations.length;

    const reset = await server.request('POST', '/v3/settings/reset', { body: { confirmation: 'yes' } });
    expect(reset.status).toBe(200);
    expect(reset.body.deletedConnections).toBe(2);
    await atProvider('the drive channel stopped', () => google.drive.channels.get(channel.channelId)!.stopped);
    await atProvider('the Google grant revoked', () => google.oauth.revocations.length === googleBefore + 1);
    await atProvider('the repository hook removed', () => ourHooks('reset-hooks').length === 0);
    await atProvider('the GitHub grant revoked', () => github.oauth.revocations.length === githubBefore + 1);
    await cleanedUp(drive);
    await cleanedUp(code);
    expect(github.oauth.revocations.slice(githubBefore)).toEqual([expect.objectContaining({ what: 'grant' })]);
  });
});
