import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../fakes/google/index.js';
import { MovableClock } from '../helpers/clock.js';
import { connectKind, startGoogleServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';
import { queryRows } from '../../src/store/sql.js';

const DAY_MS = 24 * 3600_000;

let google: FakeGoogle;
let server: TestServer;
const clock = new MovableClock();

beforeAll(async () => {
  google = await FakeGoogle.start();
  server = await startGoogleServer(google, 'cloud-drive', { SYNC_SCHEDULER_MS: '200', SYNC_INTERVAL_HOURS: '240' }, { clock });
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

interface StoredChannel {
  channelId: string;
  resourceId: string;
  expiration: string;
}

async function storedChannel(connectionId: string): Promise<{ state: StoredChannel | null; renewBy: Date | null }> {
  const rows = ((await server.app.database.db.execute(sql`select subscription, subscription_renew_by from connections where id = ${connectionId}`)) as any)
    .rows;
  const row = rows[0];
  return { state: row?.subscription ?? null, renewBy: row?.subscription_renew_by ? new Date(row.subscription_renew_by) : null };
}

describe('cloud drive push channels', () => {
  let id: string;

  it('syncs on a notification carrying the channel token, and refuses a forged or missing token without syncing', async () => {
    google.drive.state.addDoc('Roadmap', '# Roadmap\n\nShip the connectors.\n');
    id = await connectKind(server, 'cloud-drive', 'drive_push');
    await waitForSourceDocuments(server, 'cloud-drive', 'drive_push', 1);
    const channel = await waitFor(async () => (await storedChannel(id)).state ?? undefined);
    expect(google.drive.channels.get(channel.channelId)).toMatchObject({
      stopped: false,
      address: `${server.app.config.PUBLIC_URL}/v3/connections/webhooks/cloud-drive/${id}`,
    });
    const runs = (await waitForRuns(server, id, 1)).length;

    for (const token of ['wrong', 'missing'] as const) {
      const refused = await google.drive.notify({ token });
      expect(refused.map((n) => n.status)).toEqual([401]);
    }
    google.drive.state.addDoc('Budget', '# Budget\n\nTwo lines.\n');
    const accepted = await google.drive.notify({ state: 'change' });
    expect(accepted[0]!.status).toBeLessThan(300);
    const after = await waitForRuns(server, id, runs + 1);
    expect(after).toHaveLength(runs + 1);
    expect(after[0]).toMatchObject({ status: 'completed', triggerType: 'event', itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'cloud-drive', 'drive_push', 2);
  });

  it('renews the channel before its 7-day expiry as the clock moves, with a refreshed token, and stops the old one', async () => {
    const { state: old, renewBy } = await storedChannel(id);
    expect(old).not.toBeNull();
    // Drive grants the 7 days asked for; the engine renews within a day of that.
    const lifetime = new Date(old!.expiration).getTime() - clock.now().getTime();
    expect(lifetime).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(renewBy?.toISOString()).toBe(old!.expiration);
    const refreshes = () => google.requests.filter((r) => r.route === 'POST /token' && r.grantType === 'refresh_token' && r.status === 200).length;
    const refreshesBefore = refreshes();
    const runsBefore = (await waitForRuns(server, id, 1)).length;

    // Six and a half days on, within a day of the expiry: a new channel, the old one stopped. The access
    // token lapsed days ago at Google and no sync refreshed it (they are 10 days apart here), so the
    // renewal refreshes it first.
    clock.advance(6.5 * DAY_MS);
    google.clock.advance((6.5 * DAY_MS) / 1000);
    const renewed = await waitFor(async () => {
      const { state } = await storedChannel(id);
      return state && state.channelId !== old!.channelId ? state : undefined;
    }, 20_000);
    expect(google.drive.channels.get(old!.channelId)!.stopped).toBe(true);
    expect(google.drive.channels.get(renewed.channelId)).toMatchObject({ stopped: false, token: google.drive.channels.get(old!.channelId)!.token });
    expect(new Date(renewed.expiration).getTime() - clock.now().getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(refreshes()).toBe(refreshesBefore + 1);
    expect(await waitForRuns(server, id, runsBefore)).toHaveLength(runsBefore);

    // Deliveries come on the new channel and still verify.
    const sent = await google.drive.notify({ state: 'change' });
    expect(sent.map((n) => [n.channelId, n.status < 300])).toEqual([[renewed.channelId, true]]);
    expect((await waitForRuns(server, id, runsBefore + 1))[0]).toMatchObject({ status: 'completed', triggerType: 'event' });
  });

  it('stops the channel when the connection is deleted, though its access token lapsed since the last sync', async () => {
    const { state } = await storedChannel(id);
    clock.advance(2 * 3600_000);
    google.clock.advance(2 * 3600);
    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    // The cleanup job refreshes the lapsed token first, then stops the channel and revokes the grant.
    await waitFor(async () => google.drive.channels.get(state!.channelId)!.stopped || undefined);
    await waitFor(async () => google.oauth.revocations.length > 0 || undefined);
    expect(google.count('POST /drive/v3/channels/stop', 401)).toBe(0);
    expect(await google.drive.notify({ state: 'change' })).toEqual([]);
  });
});

describe('connections never authorized', () => {
  it('live as long as their authorization link, then are deleted; an authorized one never expires', async () => {
    const before = clock.now().getTime();
    const created = await server.request('POST', '/v3/connections/cloud-drive', { body: { containerTag: 'never_authorized' } });
    const after = clock.now().getTime();
    expect(created.status).toBe(200);
    expect(created.body.expiresIn).toBe('1 hour');
    const authorizedId = await connectKind(server, 'cloud-drive', 'authorized_in_time');

    const pending = await server.request('GET', `/v3/connections/${created.body.id}`);
    expect(pending.body.status).toBe('pending');
    const expiresAt = new Date(pending.body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 3600_000);
    const authorized = await server.request('GET', `/v3/connections/${authorizedId}`);
    expect(authorized.body.status).toBe('active');
    expect(authorized.body.expiresAt).toBeUndefined();

    // Within the hour nothing is removed; past it the scheduler deletes the pending one only.
    clock.advance(59 * 60_000);
    google.clock.advance(59 * 60);
    await waitForSchedulerTicks(authorizedId, 2);
    expect((await server.request('GET', `/v3/connections/${created.body.id}`)).status).toBe(200);
    clock.advance(2 * 60_000);
    google.clock.advance(2 * 60);
    await waitFor(
      async () => ((await server.request('GET', `/v3/connections/${created.body.id}`)).status === 404 ? true : undefined),
      20_000,
      'the lapsed connection to be deleted',
    );
    expect((await server.request('GET', `/v3/connections/${authorizedId}`)).status).toBe(200);
  });
});

/**
 * Waits until the scheduler (every 200 ms here) has run `count` more times: each tick forgets
 * webhook deliveries older than a week, so a stale one recorded for `connectionId` disappears.
 */
async function waitForSchedulerTicks(connectionId: string, count: number): Promise<void> {
  const db = server.app.database.db;
  for (let i = 0; i < count; i++) {
    const deliveryId = `tick-${i}-${randomUUID()}`;
    await db.execute(
      sql`INSERT INTO webhook_deliveries (connection_id, delivery_id, received_at) VALUES (${connectionId}, ${deliveryId}, now() - interval '30 days')`,
    );
    await waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE delivery_id = ${deliveryId}`);
        return Number(row.n) === 0 ? true : undefined;
      },
      10_000,
      'a scheduler tick',
    );
  }
}
