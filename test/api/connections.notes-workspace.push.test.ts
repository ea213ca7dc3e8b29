import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNotion, WORKSPACE } from '../fakes/notion/index.js';
import { connectKind, startNotionServer, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import type { ApiResponse, TestServer } from '../helpers/server.js';

let notion: FakeNotion;
let server: TestServer;
let hookUrl: string;

beforeAll(async () => {
  notion = await FakeNotion.start();
  server = await startNotionServer(notion);
  hookUrl = `${server.url}/v3/connections/webhooks/notes-workspace`;
});

afterAll(async () => {
  await server?.close();
  await notion?.close();
});

/** An event as Notion signs it, for any workspace; `token` keys the signature. */
function signedEvent(url: string, token: string, fields: { workspace_id?: string; id?: string } = {}): Promise<Response> {
  const body = JSON.stringify({
    id: fields.id ?? randomUUID(),
    timestamp: new Date().toISOString(),
    workspace_id: fields.workspace_id ?? WORKSPACE.id,
    subscription_id: randomUUID(),
    type: 'page.content_updated',
    entity: { id: randomUUID(), type: 'page' },
    data: {},
  });
  const signature = `sha256=${createHmac('sha256', token).update(body).digest('hex')}`;
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-notion-signature': signature }, body });
}

const answer = async (res: Response): Promise<ApiResponse> => ({ status: res.status, headers: res.headers, body: await res.json() });
const runCount = async (id: string) => (await server.request('GET', `/v3/connections/${id}/sync-runs`)).body.length as number;

describe('Notion webhooks through the kind-wide endpoint', () => {
  let token: string;
  let id: string;
  let absent: ApiResponse;

  it('refuses events before Notion sent a verification token, and has none to show', async () => {
    expectError(await answer(await signedEvent(hookUrl, 'secret_guessed_token')), 401);
    absent = await server.request('GET', '/v3/connections/webhooks/notes-workspace/verification-token');
    expectError(absent, 404);
  });

  it("keeps the verification token of the subscription's set-up sealed, for an admin key to read", async () => {
    const sent = await notion.sendVerification(hookUrl);
    expect(sent.status).toBe(202);
    token = sent.token;
    const shown = await server.request('GET', '/v3/connections/webhooks/notes-workspace/verification-token');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ verificationToken: token, receivedAt: expect.any(String), verified: false, verifiedAt: null, unsolicited: null });

    const member = await server.createKey({ role: 'member' });
    expectError(await server.request('GET', '/v3/connections/webhooks/notes-workspace/verification-token', { key: member }), 403);
    // The token is the installation's: to an admin of another organization it does not exist.
    const tenantAdmin = await server.createKey({ role: 'admin', orgName: 'tenant_org' });
    const hidden = await server.request('GET', '/v3/connections/webhooks/notes-workspace/verification-token', { key: tenantAdmin });
    expectError(hidden, 404);
    expect(hidden.body).toEqual(absent.body);
    // Stored sealed, never as it came.
    const stored = await server.app.database.db.execute(sql`select secret from kind_secrets where kind = 'notes-workspace'`);
    expect(JSON.stringify(stored)).toMatch(/secret/);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('a signed event queues an event sync of the workspace connections, once per event id', async () => {
    const page = notion.state.addPage({ title: 'Plans', blocks: [{ type: 'paragraph', text: 'First.' }] });
    id = await connectKind(server, 'notion', 'notion_push');
    await waitForRuns(server, id, 1);
    await waitForSourceDocuments(server, 'notes-workspace', 'notion_push', 1);

    notion.state.addPage({ title: 'Pushed', blocks: [{ type: 'paragraph', text: 'Second.' }] });
    const delivery = await notion.sendEvent(hookUrl, token, { type: 'page.created', entity: page });
    expect(delivery.status).toBe(202);
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ triggerType: 'event', status: 'completed', itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'notes-workspace', 'notion_push', 2);

    // Notion retries with the same event id: nothing more happens.
    const again = await signedEventReplay(delivery.rawBody, token);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ accepted: true, duplicate: true });
    expect(await runCount(id)).toBe(2);
  });

  it('refuses a wrong or missing signature (401) and queues nothing', async () => {
    const page = [...notion.state.pages.values()][0]!;
    const before = await runCount(id);
    for (const mode of ['wrong', 'missing'] as const) {
      const delivery = await notion.sendEvent(hookUrl, token, { type: 'page.content_updated', entity: page }, mode);
      expect(delivery.status).toBe(401);
    }
    expectError(await answer(await signedEvent(hookUrl, `${token}x`)), 401);
    expect((await syncJobsOf(server, id)).filter((j) => j.status === 'queued' || j.status === 'running')).toEqual([]);
    expect(await runCount(id)).toBe(before);
  });

  it('acknowledges an event of a workspace no connection has, doing nothing', async () => {
    const before = await runCount(id);
    const res = await answer(await signedEvent(hookUrl, token, { workspace_id: randomUUID() }));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true, duplicate: false });
    expect(await runCount(id)).toBe(before);
  });

  it('has no per-connection receiver for the notes workspace', async () => {
    const page = [...notion.state.pages.values()][0]!;
    const delivery = await notion.sendEvent(`${hookUrl}/${id}`, token, { type: 'page.content_updated', entity: page });
    expect(delivery.status).toBe(404);
  });
});

describe('a verification token pinned in the configuration', () => {
  let pinned: TestServer;
  const PINNED = 'secret_pinnedNotionVerificationToken';

  beforeAll(async () => {
    pinned = await startNotionServer(notion, { NOTION_WEBHOOK_VERIFICATION_TOKEN: PINNED });
  });
  afterAll(() => pinned?.close());

  it('verifies with the pinned token even after Notion sent another', async () => {
    const url = `${pinned.url}/v3/connections/webhooks/notes-workspace`;
    const sent = await notion.sendVerification(url);
    expect(sent.status).toBe(202);
    expect((await signedEvent(url, sent.token)).status).toBe(401);
    expect((await signedEvent(url, PINNED)).status).toBe(202);
  });
});

function signedEventReplay(rawBody: string, token: string): Promise<Response> {
  const signature = `sha256=${createHmac('sha256', token).update(rawBody).digest('hex')}`;
  return fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-notion-signature': signature }, body: rawBody });
}

describe('a later, unsolicited verification token (issue 33, defect 4)', () => {
  let guarded: TestServer;
  let url: string;
  const TOKEN_PATH = '/v3/connections/webhooks/notes-workspace/verification-token';

  beforeAll(async () => {
    guarded = await startNotionServer(notion);
    url = `${guarded.url}/v3/connections/webhooks/notes-workspace`;
  });
  afterAll(() => guarded?.close());

  it('keeps the first token: a second, unauthenticated one neither replaces it nor verifies events', async () => {
    const first = await notion.sendVerification(url);
    expect(first.status).toBe(202);
    expect((await signedEvent(url, first.token)).status).toBe(202);

    // Anyone can post an unsigned {verification_token}: it is answered like Notion's, and recorded only.
    const attacker = 'secret_attackerChosenVerificationToken';
    const posted = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verification_token: attacker }),
    });
    expect(posted.status).toBe(202);
    expect((await signedEvent(url, attacker)).status).toBe(401);
    expect((await signedEvent(url, first.token)).status).toBe(202);

    const shown = await guarded.request('GET', TOKEN_PATH);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      verificationToken: first.token,
      verified: true,
      verifiedAt: expect.any(String),
      unsolicited: { verificationToken: attacker, receivedAt: expect.any(String) },
    });
  });

  it('an admin replaces the stored token, or clears it so that the next one sent is kept', async () => {
    const member = await guarded.createKey({ role: 'member' });
    expectError(await guarded.request('PUT', TOKEN_PATH, { key: member, body: { verificationToken: 'secret_memberChosenToken' } }), 403);
    expectError(await guarded.request('DELETE', TOKEN_PATH, { key: member }), 403);
    const tenantAdmin = await guarded.createKey({ role: 'admin', orgName: 'tenant_org_2' });
    expectError(await guarded.request('DELETE', TOKEN_PATH, { key: tenantAdmin }), 404);

    const replacement = 'secret_adminPastedVerificationToken';
    const replaced = await guarded.request('PUT', TOKEN_PATH, { body: { verificationToken: replacement } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ verificationToken: replacement, verified: false, verifiedAt: null, unsolicited: null });
    expect((await signedEvent(url, replacement)).status).toBe(202);
    expect((await guarded.request('GET', TOKEN_PATH)).body).toMatchObject({ verified: true });

    expect((await guarded.request('DELETE', TOKEN_PATH)).status).toBe(204);
    expectError(await guarded.request('GET', TOKEN_PATH), 404);
    expect((await signedEvent(url, replacement)).status).toBe(401);
    const next = await notion.sendVerification(url);
    expect((await guarded.request('GET', TOKEN_PATH)).body).toMatchObject({ verificationToken: next.token, verified: false, unsolicited: null });
    expect((await signedEvent(url, next.token)).status).toBe(202);
  });
});
