import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookEventDraft, WebhookEventRecord } from '../model/webhooks.js';
import type { Db, Tx } from './database.js';
import { webhookEndpoints } from './schema/webhook-endpoints.js';
import { webhookEventDeliveries } from './schema/webhook-event-deliveries.js';
import { webhookEvents } from './schema/webhook-events.js';
import { queryRows } from './sql.js';
import { endpointsChangedPayload, firstNotifyOf, type RoutingEndpoint, webhookEndpointCacheOf } from './webhook-endpoint-cache.js';

/** The channel a transaction that wrote deliveries notifies (`NOTIFY`): dispatchers LISTEN on it to send them at once. */
export const WEBHOOK_CHANNEL = 'engram_webhooks';

/** Wakes the dispatchers listening, once (and only if) the caller's transaction commits. */
export async function notifyWebhookDispatchers(db: Tx): Promise<void> {
  if (firstNotifyOf(db)) await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

/**
 * Tells every process, once the caller's transaction commits, that `orgId`'s endpoints changed:
 * each drops what it knows of them (store/webhook-endpoint-cache.ts). Every change of an endpoint's
 * existence, `enabled`, types or tags sends it.
 */
export async function notifyEndpointsChanged(db: Tx, orgId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, ${endpointsChangedPayload(orgId)})`);
}

/** Drops this process's knowledge of `orgId`'s endpoints at once: called once a change of them committed. */
export function forgetWebhookEndpoints(db: Tx, orgId: string): void {
  webhookEndpointCacheOf(db)?.forget(orgId);
}

export type WebhookEndpointPatch = Partial<
  Pick<
    WebhookEndpointRecord,
    | 'url'
    | 'description'
    | 'eventTypes'
    | 'containerTags'
    | 'enabled'
    | 'disabledReason'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
    | 'consecutiveFailures'
  >
>;

export async function insertWebhookEndpoint(db: Tx, row: Omit<WebhookEndpointRecord, 'leasedUntil' | 'consecutiveFailures'>): Promise<WebhookEndpointRecord> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  await notifyEndpointsChanged(db, row.orgId);
  return inserted;
}

export async function getWebhookEndpoint(db: Tx, orgId: string, id: string): Promise<WebhookEndpointRecord | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .limit(1);
  return row;
}

export function listWebhookEndpoints(db: Tx, orgId: string): Promise<WebhookEndpointRecord[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function updateWebhookEndpoint(
  db: Tx,
  orgId: string,
  id: string,
  patch: WebhookEndpointPatch,
  now: Date,
): Promise<WebhookEndpointRecord | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .returning();
  if (row && routingChanged(patch)) await notifyEndpointsChanged(db, orgId);
  // Enabled again: its waiting deliveries go out now.
  if (row && patch.enabled === true) await notifyWebhookDispatchers(db);
  return row;
}

/** Deletes an endpoint with its deliveries; the events no other delivery holds go with them. */
export async function deleteWebhookEndpoint(db: Tx, orgId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length) {
    await deleteUndeliveredEvents(db, orgId);
    await notifyEndpointsChanged(db, orgId);
  }
  return gone.length > 0;
}

/** Whether a change of an endpoint changes which events it is sent. */
function routingChanged(patch: WebhookEndpointPatch): boolean {
  return patch.enabled !== undefined || patch.eventTypes !== undefined || patch.containerTags !== undefined;
}

async function deleteUndeliveredEvents(db: Tx, orgId: string): Promise<void> {
  await db.execute(
    sql`delete from ${webhookEvents} e where e.org_id = ${orgId}
        and not exists (select 1 from ${webhookEventDeliveries} d where d.event_id = e.id)`,
  );
}

/** The enabled endpoints of these organizations, with what routing needs (types and tags). */
export function loadRoutingEndpoints(db: Tx, orgIds: string[]): Promise<RoutingEndpoint[]> {
  return db
    .select({ id: webhookEndpoints.id, orgId: webhookEndpoints.orgId, eventTypes: webhookEndpoints.eventTypes, containerTags: webhookEndpoints.containerTags })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.orgId, orgIds), eq(webhookEndpoints.enabled, true)));
}

/** Whether an endpoint asks for an event: its type, and its tag when the endpoint names tags. */
function routes(endpoint: RoutingEndpoint, event: WebhookEventDraft): boolean {
  return (
    endpoint.orgId === event.orgId &&
    endpoint.eventTypes.includes(event.type) &&
    // An event of no tag (an organization's reset) concerns every tag.
    (endpoint.containerTags === null ||
      event.containerTag === null ||
      endpoint.containerTags.includes(event.containerTag) ||
      (event.alsoTags ?? []).some((tag) => endpoint.containerTags?.includes(tag)))
  );
}

/**
 * Writes events to the outbox in the caller's transaction, with one pending delivery to each
 * enabled endpoint of the organization that asks for the event's type (and its tag, when the
 * endpoint names tags). An event no endpoint asks for is not stored. Deliveries are numbered in
 * the order of `events`, so one endpoint receives them in that order.
 *
 * The endpoints are the process's cache of them when the handle has one (store/webhook-endpoint-cache.ts),
 * else read here. The cache only chooses the candidates: the one statement that writes the events
 * and deliveries keeps a delivery only if its endpoint still exists, is enabled and asks for the
 * event, as the database has it then, so an endpoint deleted, disabled or narrowed in another process
 * whose notification has not arrived yet gets nothing. (An event whose every delivery was so dropped
 * is stored without one, and pruned.) That statement also sends the dispatchers' notification, the
 * first time in a transaction.
 */
export async function insertWebhookEvents(db: Tx, events: (WebhookEventDraft & { id: string })[], deliveryIds: () => string, now: Date): Promise<number> {
  if (!events.length) return 0;
  const orgIds = [...new Set(events.map((e) => e.orgId))];
  const cache = webhookEndpointCacheOf(db);
  const endpoints = cache ? await cache.endpoints(db, orgIds) : await loadRoutingEndpoints(db, orgIds);
  if (!endpoints.length) return 0;
  const kept: { id: string; org_id: string; type: string; container_tag: string | null; data: Record<string, unknown> }[] = [];
  const deliveries: {
    n: number;
    id: string;
    org_id: string;
    endpoint_id: string;
    event_id: string;
    type: string;
    container_tag: string | null;
    tags: string[];
  }[] = [];
  for (const event of events) {
    const to = endpoints.filter((e) => routes(e, event));
    if (!to.length) continue;
    kept.push({ id: event.id, org_id: event.orgId, type: event.type, container_tag: event.containerTag, data: event.data });
    const tags = [...(event.containerTag === null ? [] : [event.containerTag]), ...(event.alsoTags ?? [])];
    for (const endpoint of to) {
      deliveries.push({
        n: deliveries.length,
        id: deliveryIds(),
        org_id: event.orgId,
        endpoint_id: endpoint.id,
        event_id: event.id,
        type: event.type,
        container_tag: event.containerTag,
        tags,
      });
    }
  }
  if (!kept.length) return 0;
  const at = now.toISOString();
  // One statement, one round trip: the events, their deliveries (numbered `seq` in the order given)
  // and the notification. Data-modifying WITH queries run whether or not the main query reads them.
  await db.execute(
    sql`with written as (
          insert into ${webhookEvents} (id, org_id, type, container_tag, data, created_at)
          select e.id, e.org_id, e.type, e.container_tag, e.data, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as e(id text, org_id text, type text, container_tag text, data jsonb)
        ), queued as (
          insert into ${webhookEventDeliveries} (id, org_id, endpoint_id, event_id, next_attempt_at, created_at, updated_at)
          select d.id, d.org_id, d.endpoint_id, d.event_id, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb)
            as d(n int, id text, org_id text, endpoint_id text, event_id text, type text, container_tag text, tags text[])
          join ${webhookEndpoints} w on w.id = d.endpoint_id and w.org_id = d.org_id and w.enabled and d.type = any(w.event_types)
            and (w.container_tags is null or d.container_tag is null or w.container_tags && d.tags)
          order by d.n
        )
        ${firstNotifyOf(db) ? sql`select pg_notify(${WEBHOOK_CHANNEL}, '')` : sql`select 1`}`,
  );
  return kept.length;
}

/**
 * Takes an endpoint whose oldest pending delivery is due, for `leaseMs`: one dispatcher at a time
 * delivers to an endpoint, so its events leave in order. An endpoint whose lease ran out (its
 * dispatcher died mid-delivery) is taken again, and its delivery in flight is sent again.
 */
export async function claimWebhookEndpoint(db: Db, now: Date, leaseMs: number): Promise<WebhookEndpointRecord | undefined> {
  return db.transaction(async (tx) => {
    const [candidate] = await queryRows<{ id: string }>(
      tx,
      sql`select e.id from ${webhookEndpoints} e
          join lateral (
            select d.next_attempt_at from ${webhookEventDeliveries} d
            where d.endpoint_id = e.id and d.status = 'pending' order by d.seq limit 1
          ) head on true
          where e.enabled and (e.leased_until is null or e.leased_until <= ${now})
            and head.next_attempt_at <= ${now}
          order by head.next_attempt_at
          limit 1
          for update of e skip locked`,
    );
    if (!candidate) return undefined;
    const [claimed] = await tx
      .update(webhookEndpoints)
      .set({ leasedUntil: new Date(now.getTime() + leaseMs) })
      .where(eq(webhookEndpoints.id, candidate.id))
      .returning();
    return claimed;
  });
}

/**
 * Ends every endpoint's lease: for the embedded database at start, which only this process opens,
 * so a delivery cut by a crash is sent again at once instead of after its lease.
 */
export async function releaseAllWebhookLeases(db: Tx): Promise<number> {
  const released = await db
    .update(webhookEndpoints)
    .set({ leasedUntil: null })
    .where(sql`${webhookEndpoints.leasedUntil} is not null`)
    .returning({ id: webhookEndpoints.id });
  return released.length;
}

export async function releaseWebhookEndpoint(db: Tx, id: string): Promise<void> {
  await db.update(webhookEndpoints).set({ leasedUntil: null }).where(eq(webhookEndpoints.id, id));
}

/** The endpoint's next delivery in order, with its event and the endpoint as it is now (its secrets, whether it is enabled). */
export async function headWebhookDelivery(
  db: Tx,
  endpointId: string,
): Promise<{ delivery: WebhookDeliveryRecord; event: WebhookEventRecord; endpoint: WebhookEndpointRecord } | undefined> {
  const [row] = await db
    .select({ delivery: webhookEventDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookEventDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookEventDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookEventDeliveries.endpointId))
    .where(and(eq(webhookEventDeliveries.endpointId, endpointId), eq(webhookEventDeliveries.status, 'pending')))
    .orderBy(asc(webhookEventDeliveries.seq))
    .limit(1);
  return row;
}

export type WebhookAttemptOutcome =
  | { kind: 'delivered'; status: number; response: string }
  | { kind: 'retry'; status: number | null; response: string; nextAttemptAt: Date }
  | { kind: 'failed'; status: number | null; response: string; disableAfter: number; disabledReason: string };

/**
 * Records one attempt of a delivery and what it means for its endpoint: delivered resets the
 * endpoint's failures (and, with `leaseUntil`, extends the dispatcher's lease to go on with the
 * next); failed for good counts one, and at `disableAfter` in a row disables it.
 */
export async function recordWebhookAttempt(
  db: Db,
  delivery: WebhookDeliveryRecord,
  outcome: WebhookAttemptOutcome,
  now: Date,
  leaseUntil?: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEventDeliveries)
      .set({
        status: outcome.kind === 'retry' ? 'pending' : outcome.kind,
        attempts: sql`${webhookEventDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        lastStatus: outcome.status,
        lastResponse: outcome.response,
        ...(outcome.kind === 'retry' ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
        updatedAt: now,
      })
      .where(and(eq(webhookEventDeliveries.id, delivery.id), eq(webhookEventDeliveries.status, 'pending')));
    if (outcome.kind === 'delivered') {
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, ...(leaseUntil ? { leasedUntil: leaseUntil } : {}) })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
    } else if (outcome.kind === 'failed') {
      await tx
        .update(webhookEndpoints)
        .set({
          consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
          enabled: sql`${webhookEndpoints.consecutiveFailures} + 1 < ${outcome.disableAfter}`,
          disabledReason: sql`case when ${webhookEndpoints.consecutiveFailures} + 1 < ${outcome.disableAfter} then null else ${outcome.disabledReason} end`,
          updatedAt: now,
        })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
      // Perhaps disabled by it.
      await notifyEndpointsChanged(tx, delivery.orgId);
    }
  });
  if (outcome.kind === 'failed') forgetWebhookEndpoints(db, delivery.orgId);
}

export function listWebhookDeliveries(
  db: Tx,
  orgId: string,
  endpointId: string,
  limit: number,
): Promise<{ delivery: WebhookDeliveryRecord; event: WebhookEventRecord }[]> {
  return db
    .select({ delivery: webhookEventDeliveries, event: webhookEvents })
    .from(webhookEventDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookEventDeliveries.eventId))
    .where(and(eq(webhookEventDeliveries.orgId, orgId), eq(webhookEventDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookEventDeliveries.seq))
    .limit(limit);
}

/**
 * Queues an event again for an endpoint: a new pending delivery of the same event (same
 * `webhook-id`), after the endpoint's other deliveries. Undefined when no such delivery exists.
 */
export async function resendWebhookDelivery(
  db: Tx,
  orgId: string,
  endpointId: string,
  deliveryId: string,
  newDeliveryId: string,
  now: Date,
): Promise<{ delivery: WebhookDeliveryRecord; event: WebhookEventRecord } | undefined> {
  const [original] = await db
    .select()
    .from(webhookEventDeliveries)
    .where(and(eq(webhookEventDeliveries.orgId, orgId), eq(webhookEventDeliveries.endpointId, endpointId), eq(webhookEventDeliveries.id, deliveryId)))
    .limit(1);
  if (!original) return undefined;
  const [row] = await db
    .insert(webhookEventDeliveries)
    .values({ id: newDeliveryId, orgId, endpointId, eventId: original.eventId, nextAttemptAt: now, createdAt: now, updatedAt: now })
    .returning();
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, original.eventId)).limit(1);
  await notifyWebhookDispatchers(db);
  return { delivery: row, event };
}

/** Prunes deliveries that ended before `before`, then the events no delivery holds any more. */
export async function pruneWebhookEventDeliveries(db: Tx, before: Date): Promise<number> {
  const gone = await db
    .delete(webhookEventDeliveries)
    .where(and(sql`${webhookEventDeliveries.status} <> 'pending'`, lt(webhookEventDeliveries.updatedAt, before)))
    .returning({ id: webhookEventDeliveries.id });
  await db.execute(sql`delete from ${webhookEvents} e where not exists (select 1 from ${webhookEventDeliveries} d where d.event_id = e.id)`);
  return gone.length;
}
