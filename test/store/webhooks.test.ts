import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/database.js';
import { webhookEndpoints } from '../../src/store/schema/webhook-endpoints.js';
import { webhookEvents } from '../../src/store/schema/webhook-events.js';
import {
  claimWebhookEndpoint,
  getWebhookEndpoint,
  headWebhookDelivery,
  insertWebhookEndpoint,
  insertWebhookEvents,
  listWebhookDeliveries,
  recordWebhookAttempt,
  releaseWebhookEndpoint,
} from '../../src/store/webhooks.js';
import { newId, newOrg, openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';

describe('store: outgoing webhooks', () => {
  let fixture: StoreFixture;
  let database: Database;
  let orgId: string;
  let otherOrg: string;

  beforeAll(async () => {
    fixture = await openStoreDatabase();
    database = fixture.database;
    orgId = await newOrg(database);
    otherOrg = await newOrg(database);
  });
  afterAll(async () => fixture?.close());
  beforeEach(async () => {
    await database.db.delete(webhookEndpoints);
    await database.db.delete(webhookEvents);
  });

  const endpoint = async (org: string, eventTypes: string[], containerTags: string[] | null = null) => {
    const now = new Date();
    return insertWebhookEndpoint(database.db, {
      id: newId('wh'),
      orgId: org,
      url: 'https://example.com/hook',
      description: null,
      eventTypes,
      containerTags,
      enabled: true,
      disabledReason: null,
      secret: 'sealed',
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
  };
  const emit = (events: { org: string; type: string; tag?: string | null; n?: number }[], now = new Date(Date.now() - 1000)) =>
    insertWebhookEvents(
      database.db,
      events.map((e) => ({ id: newId('evt'), orgId: e.org, type: e.type as 'document.done', containerTag: e.tag ?? 't', data: { n: e.n ?? 0 } })),
      () => newId('d'),
      now,
    );

  it("writes a delivery to each of the organization's endpoints that asks for the type and tag, and no event nobody asks for", async () => {
    const all = await endpoint(orgId, ['document.done', 'memory.created']);
    const tagged = await endpoint(orgId, ['document.done'], ['only-this']);
    const other = await endpoint(otherOrg, ['document.done']);
    expect(await emit([{ org: orgId, type: 'document.done', tag: 'only-this' }])).toBe(1);
    expect(await emit([{ org: orgId, type: 'document.done', tag: 'another' }])).toBe(1);
    expect(await emit([{ org: orgId, type: 'document.deleted' }])).toBe(0);
    expect((await listWebhookDeliveries(database.db, orgId, all.id, 10)).length).toBe(2);
    expect((await listWebhookDeliveries(database.db, orgId, tagged.id, 10)).map((d) => d.event.containerTag)).toEqual(['only-this']);
    expect(await listWebhookDeliveries(database.db, otherOrg, other.id, 10)).toEqual([]);
    // Another organization's key reads none of them.
    expect(await listWebhookDeliveries(database.db, otherOrg, all.id, 10)).toEqual([]);
    expect(await getWebhookEndpoint(database.db, otherOrg, all.id)).toBeUndefined();
  });

  it('leases an endpoint to one dispatcher at a time and hands out its deliveries in order, the next only after the head', async () => {
    const target = await endpoint(orgId, ['document.done']);
    await emit([1, 2, 3].map((n) => ({ org: orgId, type: 'document.done', n })));
    const now = new Date();
    const claims = await Promise.all([claimWebhookEndpoint(database.db, now, 60_000), claimWebhookEndpoint(database.db, now, 60_000)]);
    expect(claims.filter(Boolean).map((c) => c!.id)).toEqual([target.id]);
    const head = (await headWebhookDelivery(database.db, target.id))!;
    expect(head.event.data.n).toBe(1);
    // Failed once: the head stays, due later, and the endpoint is not claimed before then.
    await recordWebhookAttempt(
      database.db,
      head.delivery,
      { kind: 'retry', status: 500, response: 'no', nextAttemptAt: new Date(now.getTime() + 60_000) },
      now,
    );
    await releaseWebhookEndpoint(database.db, target.id);
    expect(await claimWebhookEndpoint(database.db, new Date(), 60_000)).toBeUndefined();
    const seen: unknown[] = [];
    for (;;) {
      const next = await headWebhookDelivery(database.db, target.id);
      if (!next) break;
      seen.push(next.event.data.n);
      await recordWebhookAttempt(database.db, next.delivery, { kind: 'delivered', status: 200, response: 'ok' }, now);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect((await listWebhookDeliveries(database.db, orgId, target.id, 10)).find((d) => d.event.data.n === 1)?.delivery.attempts).toBe(2);
  });

  it('disables an endpoint after failed deliveries in a row, a delivered one resetting the count', async () => {
    const target = await endpoint(orgId, ['document.done']);
    await emit([1, 2, 3, 4].map((n) => ({ org: orgId, type: 'document.done', n })));
    const fail = { kind: 'failed' as const, status: 500, response: 'no', disableAfter: 2, disabledReason: 'failing' };
    const next = async () => (await headWebhookDelivery(database.db, target.id))!.delivery;
    await recordWebhookAttempt(database.db, await next(), fail, new Date());
    await recordWebhookAttempt(database.db, await next(), { kind: 'delivered', status: 200, response: 'ok' }, new Date());
    await recordWebhookAttempt(database.db, await next(), fail, new Date());
    expect(await getWebhookEndpoint(database.db, orgId, target.id)).toMatchObject({ enabled: true, consecutiveFailures: 1 });
    await recordWebhookAttempt(database.db, await next(), fail, new Date());
    expect(await getWebhookEndpoint(database.db, orgId, target.id)).toMatchObject({ enabled: false, disabledReason: 'failing', consecutiveFailures: 2 });
  });
});
