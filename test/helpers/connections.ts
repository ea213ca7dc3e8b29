import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Clock } from '../../src/core/shared/clock.js';
import type { FakeGitHub } from '../fakes/github/index.js';
import type { FakeGoogle } from '../fakes/google/index.js';
import type { FakeGraph } from '../fakes/graph/index.js';
import type { FakeNotion } from '../fakes/notion/index.js';
import { startTestServer, waitFor, type TestServer } from './server.js';

/** The server settings that point the code host at a fake GitHub and shrink provider waits. */
export function codeHostEnv(github: FakeGitHub): Record<string, string> {
  return {
    CODE_HOST_CLIENT_ID: github.app.clientId,
    CODE_HOST_CLIENT_SECRET: github.app.clientSecret,
    CODE_HOST_API_URL: github.apiUrl,
    CODE_HOST_WEB_URL: github.webUrl,
    SYNC_PROVIDER_WAIT_MS: '1',
  };
}

/** Follows an authLink through the fake's authorize page to our callback; returns the callback's answer. */
export async function authorize(authLink: string): Promise<Response> {
  const approved = await fetch(authLink, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  return fetch(approved.headers.get('location')!, { redirect: 'manual' });
}

/** Creates a code-host connection for `tag` and completes its authorization; returns its id. */
export function connectCodeHost(server: TestServer, tag: string, body: Record<string, unknown> = {}, key?: string): Promise<string> {
  return connectKind(server, 'github', tag, body, key);
}

/** Creates a connection of `kind` (any spelling the API accepts) for `tag`, completes its OAuth authorization; returns its id. */
export async function connectKind(server: TestServer, kind: string, tag: string, body: Record<string, unknown> = {}, key?: string): Promise<string> {
  const created = await server.request('POST', `/v3/connections/${kind}`, { body: { containerTag: tag, ...body }, key });
  expect(created.status).toBe(200);
  const callback = await authorize(created.body.authLink);
  expect([200, 302]).toContain(callback.status);
  return created.body.id;
}

/**
 * Starts a server whose Google kinds talk to the fake; `kind` is the callback registered with the fake's
 * OAuth app (`cloud-drive` or `mail`). The server listens on a port chosen first, so its PUBLIC_URL is known.
 */
export async function startGoogleServer(
  google: FakeGoogle,
  kind: 'cloud-drive' | 'mail',
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestServer> {
  const app = { clientId: 'engram-google-client', clientSecret: 'engram-google-secret' };
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  google.oauth.registerApp({ ...app, redirectUris: [`${publicUrl}/v3/connections/auth/callback/${kind}`] });
  const e = google.endpoints;
  return startTestServer(
    {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: app.clientId,
      GOOGLE_CLIENT_SECRET: app.clientSecret,
      GOOGLE_AUTH_URL: e.authUrl,
      GOOGLE_TOKEN_URL: e.tokenUrl,
      GOOGLE_REVOKE_URL: e.revokeUrl,
      GOOGLE_USERINFO_URL: e.userinfoUrl,
      GOOGLE_CERTS_URL: e.certsUrl,
      GOOGLE_DRIVE_URL: e.driveUrl,
      GOOGLE_GMAIL_URL: e.gmailUrl,
      SYNC_PROVIDER_WAIT_MS: '1',
      ...env,
    },
    options,
  );
}

/** Starts a server whose office drive talks to the fake Graph and Microsoft identity platform, with an app registered for its callback. */
export async function startGraphServer(graph: FakeGraph, env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<TestServer> {
  const app = { clientId: 'engram-microsoft-client', clientSecret: 'engram-microsoft-secret' };
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  graph.identity.registerApp({ ...app, redirectUris: [`${publicUrl}/v3/connections/auth/callback/office-drive`] });
  return startTestServer(
    {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      MICROSOFT_CLIENT_ID: app.clientId,
      MICROSOFT_CLIENT_SECRET: app.clientSecret,
      GRAPH_API_URL: graph.graphUrl,
      MICROSOFT_LOGIN_URL: graph.loginUrl,
      SYNC_PROVIDER_WAIT_MS: '1',
      ...env,
    },
    options,
  );
}

/** Starts a server whose notes-workspace kind talks to the fake Notion with an integration registered for its callback. */
export async function startNotionServer(notion: FakeNotion, env: Record<string, string> = {}): Promise<TestServer> {
  const app = { clientId: 'engram-notion-client', clientSecret: 'engram-notion-secret' };
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  notion.oauth.register({ ...app, redirectUris: [`${publicUrl}/v3/connections/auth/callback/notes-workspace`] });
  return startTestServer({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    NOTION_CLIENT_ID: app.clientId,
    NOTION_CLIENT_SECRET: app.clientSecret,
    NOTION_API_URL: notion.apiUrl,
    SYNC_PROVIDER_WAIT_MS: '1',
    ...env,
  });
}

export interface Run {
  id: string;
  status: string;
  triggerType: string;
  itemsProcessed: number;
  itemsDeleted: number;
  errorCode: string | null;
}

/** Waits until the connection has `count` finished sync runs; returns them newest first. */
export async function waitForRuns(server: TestServer, connectionId: string, count: number, key?: string): Promise<Run[]> {
  return waitFor(
    async () => {
      const res = await server.request<Run[]>('GET', `/v3/connections/${connectionId}/sync-runs`, { key });
      const finished = res.body.filter((r) => r.status !== 'running');
      return res.status === 200 && finished.length >= count && finished.length === res.body.length ? res.body : undefined;
    },
    60_000,
    `${count} finished sync runs of ${connectionId}`,
  );
}

/** Waits until there are `count` documents of the source in the tag and every one finished (done or failed). */
export async function waitForSourceDocuments(server: TestServer, source: string, tag: string, count: number): Promise<any[]> {
  let seen: any[] = [];
  try {
    return await waitFor(
      async () => {
        const res = await server.request('POST', '/v3/documents/list', { body: { source, containerTags: [tag], limit: 100 } });
        seen = res.body.memories ?? [];
        return seen.length === count && seen.every((d: any) => d.status === 'done' || d.status === 'failed') ? seen : undefined;
      },
      50_000,
      `${count} finished ${source} documents in ${tag}`,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; saw ${JSON.stringify(seen.map((d) => [d.title, d.url, d.status]))}`);
  }
}

/** A port free on 127.0.0.1 now, for a server whose PUBLIC_URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The connection's documents of a source in a tag, with their content, by title. */
export async function documentsByTitle(server: TestServer, source: string, tag: string, count: number): Promise<Map<string, any>> {
  const listed = await waitForSourceDocuments(server, source, tag, count);
  const full = await Promise.all(listed.map(async (d: any) => (await server.request('GET', `/v3/documents/${d.id}`)).body));
  return new Map(full.map((d: any) => [d.title, d]));
}

/** Queues a manual sync of a kind's connections in a tag. */
export async function importNow(server: TestServer, provider: string, tag: string): Promise<void> {
  const res = await server.request('POST', `/v3/connections/${provider}/import`, { body: { containerTags: [tag] } });
  expect(res.status).toBe(202);
}

interface SyncJobRow {
  id: string;
  attempts: number;
  status: string;
  run_at: string;
}

/** The connection's sync jobs as stored. */
export async function syncJobsOf(server: TestServer, connectionId: string): Promise<SyncJobRow[]> {
  const result = await server.app.database.db.execute(
    sql`select id, attempts, status, run_at from jobs where kind = 'sync' and payload->>'connectionId' = ${connectionId}`,
  );
  return (result as unknown as { rows: SyncJobRow[] }).rows;
}

/**
 * After a run ended `rate_limited`: the job waits, queued without spending an attempt, about
 * `retryAfterSeconds` ahead. Then the wait is made to pass.
 */
export async function expectDeferredThenRelease(server: TestServer, connectionId: string, retryAfterSeconds: number): Promise<void> {
  const [deferred] = await waitFor(async () => {
    const rows = await syncJobsOf(server, connectionId);
    return rows.find((r) => r.status === 'queued') ? rows.filter((r) => r.status === 'queued') : undefined;
  });
  expect(deferred!.attempts).toBe(0);
  const waitMs = new Date(deferred!.run_at).getTime() - Date.now();
  expect(waitMs).toBeGreaterThan((retryAfterSeconds - 100) * 1000);
  expect(waitMs).toBeLessThan((retryAfterSeconds + 100) * 1000);
  await server.app.database.db.execute(sql`update jobs set run_at = now() where id = ${deferred!.id}`);
}

/**
 * Deletes `dropped` (its documents go with it: the default) and `kept` with `deleteDocuments=false`
 * (its document stays, no longer linked to a connection), checking each answer.
 */
export async function expectDeleteDropsThenKeeps(
  server: TestServer,
  drop: { id: string; tag: string; provider: string },
  keep: { id: string; documentId: string },
): Promise<void> {
  expect((await server.request('DELETE', `/v3/connections/${drop.id}`)).body).toEqual({ id: drop.id, provider: drop.provider });
  expect((await server.request('POST', '/v3/documents/list', { body: { containerTags: [drop.tag] } })).body.totalCount).toBe(0);
  expect((await server.request('GET', `/v3/connections/${drop.id}`)).status).toBe(404);

  expect((await server.request('DELETE', `/v3/connections/${keep.id}?deleteDocuments=false`)).status).toBe(200);
  const still = await server.request('GET', `/v3/documents/${keep.documentId}`);
  expect(still.status).toBe(200);
  expect(still.body.connectionId).toBeNull();
}
