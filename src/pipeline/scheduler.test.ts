import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, PushSubscription, SyncRequest } from '../connectors/index.js';
import { createApiKey } from '../core/access/keys.js';
import { ConnectionService } from '../core/connections/connection-service.js';
import { ConnectorAccess } from '../core/connections/connector-access.js';
import { OAuthStateSigner } from '../core/connections/oauth-state.js';
import { WebhookReceiver } from '../core/connections/webhooks.js';
import type { Principal } from '../model/access.js';
import { UnauthenticatedError } from '../model/errors.js';
import { newId } from '../core/shared/ids.js';
import type { JobOf } from '../model/jobs.js';
import { getConnectionById, insertConnection } from '../store/connections.js';
import { openDatabase, type Database } from '../store/database.js';
import { SyncScheduler } from './scheduler.js';
import { runCleanup } from './cleanup.js';
import { CLEANUP_MAX_ATTEMPTS } from '../core/connections/cleanup.js';
import { jobs as jobsTable } from '../store/schema/jobs.js';
import { eq } from 'drizzle-orm';
import { runSync } from './sync.js';

const DAY = 24 * 3600_000;

/** An office-drive stand-in whose push subscriptions last three days. */
function subscribingAdapter(calls: { ensure: unknown[]; cleanup: unknown[] }, clock: { now(): Date }): Connector {
  return {
    kind: 'office-drive',
    auth: 'credentials',
    parseConfig: (metadata) => metadata,
    async *sync(request: SyncRequest) {
      yield { items: [], deletions: [], cursor: { seen: request.now().toISOString() } };
    },
    webhook: {
      verify: (headers, _raw, secret) => headers['x-token'] === secret,
      describe: (headers) => ({ deliveryId: String(headers['x-delivery']), resource: null, event: 'change' }),
      handshake: (query) => (query.validationToken ? { status: 200, contentType: 'text/plain', body: query.validationToken } : null),
    },
    subscription: {
      async ensure(_request, webhook, current): Promise<PushSubscription> {
        calls.ensure.push({ current, url: webhook.url, secret: webhook.secret });
        return { state: { subscriptionId: `sub-${calls.ensure.length}` }, renewBy: new Date(clock.now().getTime() + 3 * DAY) };
      },
    },
    async cleanup({ subscription, webhookUrl, client, sharedGrant, tokenShared }) {
      calls.cleanup.push({ subscription, webhookUrl, client, sharedGrant, tokenShared });
    },
  };
}

describe('push subscriptions and webhook handshakes', () => {
  let database: Database;
  let orgId: string;
  let now = new Date('2026-01-10T00:00:00Z');
  const clock = { now: () => now };
  const calls = { ensure: [] as unknown[], cleanup: [] as unknown[] };
  let access: ConnectorAccess;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    orgId = (await createApiKey(database.db, { orgName: 'subs' })).row.orgId;
    access = new ConnectorAccess(
      {
        connectorOptions: { fetch: { allowPrivate: false, maxBytes: 1024, timeoutMs: 1000 } },
        oauthApps: {},
        publicUrl: 'https://engram.example',
        adapters: { 'office-drive': subscribingAdapter(calls, clock) },
      },
      ConnectorAccess.secretBox(Buffer.from('k'.repeat(32))),
      async () => ({ customKeyEnabled: false, clientId: null, clientSecret: null }),
      clock,
    );
  });

  afterAll(async () => {
    await database?.close();
  });

  it('are created after the first sync, renewed by the scheduler within a day of renewBy, and keep the webhook secret', async () => {
    const id = newId();
    await insertConnection(database.db, {
      id,
      orgId,
      kind: 'office-drive',
      containerTag: 'subs_tag',
      status: 'active',
      webhookSecret: access.sealWebhookSecret(id, 'the-connection-secret'),
    });
    const job = { id: newId(), orgId, kind: 'sync', payload: { connectionId: id, trigger: 'manual' } } as unknown as JobOf<'sync'>;
    const ctx = {
      db: database.db,
      log,
      clock,
      access,
      isRelevant: async () => true,
      maxJobAttempts: 3,
      intervalMs: 4 * 3600_000,
      onMemoriesChanged: async () => {},
    };
    await runSync(ctx, job);
    expect(calls.ensure).toEqual([
      { current: null, url: `https://engram.example/v3/connections/webhooks/office-drive/${id}`, secret: 'the-connection-secret' },
    ]);
    let row = await getConnectionById(database.db, id);
    expect(row?.subscription).toEqual({ subscriptionId: 'sub-1' });
    expect(row?.subscriptionRenewBy?.getTime()).toBe(now.getTime() + 3 * DAY);

    const scheduler = new SyncScheduler({ ...ctx, onJobQueued: () => undefined }, 60_000);
    now = new Date(now.getTime() + 1.5 * DAY);
    await scheduler.tick();
    expect(calls.ensure).toHaveLength(1);

    now = new Date(now.getTime() + 0.75 * DAY);
    await scheduler.tick();
    expect(calls.ensure).toHaveLength(2);
    expect(calls.ensure[1]).toMatchObject({ current: { subscriptionId: 'sub-1' } });
    row = await getConnectionById(database.db, id);
    expect(row?.subscription).toEqual({ subscriptionId: 'sub-2' });
    expect(row?.subscriptionRenewBy?.getTime()).toBe(now.getTime() + 3 * DAY);
  });

  it('answer a handshake before verification, verify deliveries, and are stopped by the cleanup job queued when the connection is deleted', async () => {
    const id = newId();
    await insertConnection(database.db, {
      id,
      orgId,
      kind: 'office-drive',
      containerTag: 'subs_tag2',
      status: 'active',
      webhookSecret: access.sealWebhookSecret(id, 'second-secret'),
      subscription: { subscriptionId: 'sub-x' },
      subscriptionRenewBy: new Date(now.getTime() + 3 * DAY),
    });
    const jobs = { maxJobAttempts: 3, onJobQueued: () => undefined };
    const receiver = new WebhookReceiver(database.db, clock, access, jobs);
    const handshake = await receiver.receive('onedrive', id, { headers: {}, query: { validationToken: 'echo-me' }, rawBody: Buffer.alloc(0) });
    expect(handshake).toEqual({ kind: 'handshake', status: 200, contentType: 'text/plain', body: 'echo-me' });
    await expect(receiver.receive('onedrive', id, { headers: { 'x-token': 'wrong' }, query: {}, rawBody: Buffer.from('{}') })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    const signed = { headers: { 'x-token': 'second-secret', 'x-delivery': 'd1' }, query: {}, rawBody: Buffer.from('{}') };
    expect(await receiver.receive('onedrive', id, signed)).toEqual({ kind: 'accepted', duplicate: false });
    expect(await receiver.receive('onedrive', id, signed)).toEqual({ kind: 'accepted', duplicate: true });

    const service = new ConnectionService(database.db, clock, access, new OAuthStateSigner(Buffer.from('k'.repeat(32)), clock), jobs, log);
    const principal: Principal = {
      orgId,
      orgName: 'subs',
      orgSlug: 'subs',
      keyId: 'k',
      role: 'admin',
      permission: 'write',
      containerTags: null,
      rateLimit: null,
    };
    await service.delete(principal, id, true);
    expect(await getConnectionById(database.db, id)).toBeUndefined();
    // Nothing at the provider is touched by the request: a job does it, outside any transaction.
    expect(calls.cleanup).toEqual([]);
    const [queued] = await database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'cleanup'));
    expect(queued).toMatchObject({ orgId, maxAttempts: CLEANUP_MAX_ATTEMPTS, payload: { connectionId: id, subscription: { subscriptionId: 'sub-x' } } });
    await runCleanup({ db: database.db, log, clock, access }, queued as unknown as JobOf<'cleanup'>);
    expect(calls.cleanup).toEqual([
      {
        subscription: { subscriptionId: 'sub-x' },
        webhookUrl: `https://engram.example/v3/connections/webhooks/office-drive/${id}`,
        client: null,
        sharedGrant: false,
        tokenShared: false,
      },
    ]);
  });
});
