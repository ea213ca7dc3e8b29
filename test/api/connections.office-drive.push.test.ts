import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraph } from '../fakes/graph/index.js';
import { MovableClock } from '../helpers/clock.js';
import { connectKind, startGraphServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import { waitFor, type TestServer } from '../helpers/server.js';

const DAY_MS = 24 * 3600_000;

let graph: FakeGraph;
let server: TestServer;
const clock = new MovableClock();

beforeAll(async () => {
  graph = await FakeGraph.start();
  // Scheduled syncs 50 days apart: only the subscription renewal can refresh the token as the clock moves.
  server = await startGraphServer(graph, { SYNC_SCHEDULER_MS: '200', SYNC_INTERVAL_HOURS: '1200' }, { clock });
});

afterAll(async () => {
  await server?.close();
  await graph?.close();
});

async function storedSubscription(connectionId: string): Promise<{ state: { id: string; expiresAt: string } | null; renewBy: Date | null }> {
  const row = ((await server.app.database.db.execute(sql`select subscription, subscription_renew_by from connections where id = ${connectionId}`)) as any)
    .rows[0];
  return { state: row?.subscription ?? null, renewBy: row?.subscription_renew_by ? new Date(row.subscription_renew_by) : null };
}

describe('office drive change notifications', () => {
  let id: string;

  it("echoes Graph's validationToken, and syncs only on notifications carrying the clientState", async () => {
    graph.drive.writeFile('/Docs/plan.md', '# Plan\n\nShip it.\n');
    id = await connectKind(server, 'office-drive', 'od_push');
    await waitForSourceDocuments(server, 'office-drive', 'od_push', 1);
    const subscription = await waitFor(async () => (await storedSubscription(id)).state ?? undefined);
    const webhookUrl = `${server.app.config.PUBLIC_URL}/v3/connections/webhooks/office-drive/${id}`;
    expect(graph.subscriptions.validations).toEqual([expect.objectContaining({ url: webhookUrl, status: 200 })]);
    expect(graph.subscriptions.validations[0]!.body).toBe(graph.subscriptions.validations[0]!.token);
    expect(graph.subscriptions.all.get(subscription.id)).toMatchObject({ notificationUrl: webhookUrl, resource: '/me/drive/root' });

    // The handshake as Graph sends it: the token in the query, echoed as text/plain.
    const token = 'Validation: Testing client application reachability <&>';
    const echoed = await fetch(`${webhookUrl}?validationToken=${encodeURIComponent(token)}`, { method: 'POST', headers: { 'content-type': 'text/plain' } });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await echoed.text()).toBe(token);
    const twice = await fetch(`${webhookUrl}?validationToken=a&validationToken=b`, { method: 'POST', headers: { 'content-type': 'text/plain' } });
    expectError({ status: twice.status, headers: twice.headers, body: await twice.json() }, 400, /querystring\.validationToken: given more than once/);

    const runs = (await waitForRuns(server, id, 1)).length;
    for (const mode of ['wrong', 'missing'] as const) expect((await graph.subscriptions.notify(mode)).map((d) => d.status)).toEqual([401]);
    graph.drive.writeFile('/Docs/budget.md', '# Budget\n\nTwo lines.\n');
    const [accepted] = await graph.subscriptions.notify('valid');
    expect(accepted!.status).toBeLessThan(300);
    const after = await waitForRuns(server, id, runs + 1);
    expect(after).toHaveLength(runs + 1);
    expect(after[0]).toMatchObject({ status: 'completed', triggerType: 'event', itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'office-drive', 'od_push', 2);
  });

  it('renews the subscription before its lifetime ends as the clock moves, refreshing the lapsed token first', async () => {
    const { state: old, renewBy } = await storedSubscription(id);
    const expiresAt = new Date(old!.expiresAt).getTime();
    // 42,300 minutes asked for and granted; renewal is due a tenth of that before the end.
    expect(expiresAt - clock.now().getTime()).toBeGreaterThan(42_300 * 60_000 - 120_000);
    expect(renewBy!.getTime()).toBe(expiresAt - 4_230 * 60_000);
    const refreshes = graph.identity.refreshes;
    const runs = (await waitForRuns(server, id, 1)).length;

    clock.advance(26 * DAY_MS);
    graph.clock.advance((26 * DAY_MS) / 1000);
    const renewed = await waitFor(async () => {
      const { state } = await storedSubscription(id);
      return state && new Date(state.expiresAt).getTime() > expiresAt ? state : undefined;
    }, 20_000);
    // The same subscription, extended (a PATCH), now ending 42,300 minutes after the moved clock.
    expect(renewed.id).toBe(old!.id);
    expect(graph.count('PATCH /subscriptions/{id}', 200)).toBe(1);
    expect(graph.subscriptions.all.get(old!.id)!.expirationMs).toBe(new Date(renewed.expiresAt).getTime());
    expect(new Date(renewed.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(42_300 * 60_000 - 120_000);
    expect(graph.identity.refreshes).toBe(refreshes + 1);
    expect(await waitForRuns(server, id, runs)).toHaveLength(runs);

    // Past the old expiry, notifications still come and verify.
    clock.advance(4 * DAY_MS);
    graph.clock.advance((4 * DAY_MS) / 1000);
    const [delivered] = await graph.subscriptions.notify('valid');
    expect(delivered!.status).toBeLessThan(300);
    expect((await waitForRuns(server, id, runs + 1))[0]).toMatchObject({ status: 'completed', triggerType: 'event' });
  });

  it("makes the subscription again when Graph's lifecycle notification says it was removed, and reads what was missed", async () => {
    const { state: old } = await storedSubscription(id);
    expect(graph.subscriptions.all.get(old!.id)?.lifecycleNotificationUrl).toBe(`${server.app.config.PUBLIC_URL}/v3/connections/webhooks/office-drive/${id}`);
    const runs = (await waitForRuns(server, id, 1)).length;
    const [removed] = await graph.subscriptions.lifecycle('subscriptionRemoved');
    expect(removed!.status).toBeLessThan(300);
    const remade = await waitFor(async () => {
      const { state } = await storedSubscription(id);
      return state && state.id !== old!.id && graph.subscriptions.all.has(state.id) ? state : undefined;
    }, 20_000);
    expect(graph.subscriptions.all.get(remade.id)).toMatchObject({ resource: '/me/drive/root' });
    // The delivery itself queued a sync: changes made while no subscription delivered are read.
    expect((await waitForRuns(server, id, runs + 1))[0]).toMatchObject({ triggerType: 'event' });
    // A lifecycle notification without our clientState changes nothing.
    const forged = await fetch(`${server.app.config.PUBLIC_URL}/v3/connections/webhooks/office-drive/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: [{ subscriptionId: remade.id, lifecycleEvent: 'subscriptionRemoved', clientState: 'forged' }] }),
    });
    expect(forged.status).toBe(401);
    expect((await storedSubscription(id)).state!.id).toBe(remade.id);
  });

  it('renews without holding the database while Graph is slow to answer', async () => {
    const { state: old } = await storedSubscription(id);
    const release = graph.subscriptions.holdRenewals();
    try {
      clock.advance(26 * DAY_MS);
      graph.clock.advance((26 * DAY_MS) / 1000);
      await waitFor(async () => graph.subscriptions.heldRenewals > 0 || undefined, 20_000);
      // The renewal waits on Graph; meanwhile requests that read and write the database are answered.
      const added = await server.request('POST', '/v3/documents', {
        body: { content: 'Written while a renewal waits on the provider.', containerTag: 'od_bystander' },
      });
      expect(added.status).toBe(200);
      expect((await server.request('GET', `/v3/connections/${id}`)).status).toBe(200);
      expect(graph.subscriptions.heldRenewals).toBe(1);
    } finally {
      release();
    }
    await waitFor(async () => {
      const { state } = await storedSubscription(id);
      return state && new Date(state.expiresAt).getTime() > new Date(old!.expiresAt).getTime() ? state : undefined;
    }, 20_000);
  });

  it('deletes the subscription with the connection, though its access token lapsed since the last sync', async () => {
    const { state } = await storedSubscription(id);
    clock.advance(2 * 3600_000);
    graph.clock.advance(2 * 3600);
    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    // The cleanup job refreshes the lapsed token first, then deletes the subscription.
    await waitFor(async () => !graph.subscriptions.all.has(state!.id) || undefined);
    expect(graph.count('DELETE /subscriptions/{id}', 401)).toBe(0);
    expect(await graph.subscriptions.notify('valid')).toEqual([]);
  });
});
