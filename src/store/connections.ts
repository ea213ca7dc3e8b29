import { and, asc, count, desc, eq, inArray, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { ConnectionRecord, ConnectorKind, SyncRunRecord } from '../model/connections.js';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { failOnDuplicate } from './errors.js';
import { connections } from './schema/connections.js';
import { documents } from './schema/documents.js';
import { jobs } from './schema/jobs.js';
import { syncRuns } from './schema/sync-runs.js';
import { webhookDeliveries } from './schema/webhook-deliveries.js';

export type NewConnection = typeof connections.$inferInsert;
export type ConnectionPatch = Partial<Omit<NewConnection, 'id' | 'orgId'>>;

/** Where a lookup may look: the org, and when given, only these container tags. */
export interface ConnectionScope {
  containerTags?: string[];
  kind?: ConnectorKind;
}

function scopeWhere(orgId: string, scope: ConnectionScope): SQL | undefined {
  const where = [eq(connections.orgId, orgId)];
  if (scope.containerTags) where.push(inArray(connections.containerTag, scope.containerTags));
  if (scope.kind) where.push(eq(connections.kind, scope.kind));
  return and(...where);
}

/** Throws DuplicateKeyError when the tag has a connection of this kind already. */
export async function insertConnection(db: Tx, row: NewConnection): Promise<ConnectionRecord> {
  const [created] = await failOnDuplicate(() => db.insert(connections).values(row).returning());
  return created;
}

export async function getConnection(db: Tx, orgId: string, id: string, scope: ConnectionScope = {}): Promise<ConnectionRecord | undefined> {
  return firstRow(db, connections, and(scopeWhere(orgId, scope), eq(connections.id, id)));
}

/** Any org's connection: for the job, the OAuth callback and webhooks, which carry its id themselves. */
export async function getConnectionById(db: Tx, id: string): Promise<ConnectionRecord | undefined> {
  return firstRow(db, connections, eq(connections.id, id));
}

/**
 * Locks the row against a concurrent delete for the rest of the transaction: a sync page commits
 * under it, so a delete either waits for the page or the page finds the connection gone.
 */
export async function lockConnectionShared(db: Tx, id: string): Promise<ConnectionRecord | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).for('share').limit(1);
  return row;
}

/** Locks the row against sync pages (which hold it shared) until the transaction ends. */
export async function lockConnectionForUpdate(db: Tx, id: string): Promise<ConnectionRecord | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).for('update').limit(1);
  return row;
}

/**
 * Locks, in id order, the org's connections of a kind authorized by one account with the same
 * kind of OAuth client (the service's or the org's own): the connections that share one grant.
 */
export async function lockAccountConnections(
  db: Tx,
  key: { orgId: string; kind: ConnectorKind; accountId: string; usesCustomKey: boolean },
): Promise<ConnectionRecord[]> {
  return db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.orgId, key.orgId),
        eq(connections.kind, key.kind),
        eq(connections.accountId, key.accountId),
        eq(connections.usesCustomKey, key.usesCustomKey),
      ),
    )
    .orderBy(asc(connections.id))
    .for('update');
}

export async function listConnections(db: Tx, orgId: string, scope: ConnectionScope): Promise<ConnectionRecord[]> {
  return db.select().from(connections).where(scopeWhere(orgId, scope)).orderBy(desc(connections.createdAt), asc(connections.id));
}

/** The active connections of a kind whose account the kind's shared push endpoint names by `deliveryKey`, in every org. */
export async function activeConnectionsByDeliveryKey(db: Tx, kind: ConnectorKind, deliveryKey: string): Promise<ConnectionRecord[]> {
  return db
    .select()
    .from(connections)
    .where(and(eq(connections.kind, kind), eq(connections.deliveryKey, deliveryKey), eq(connections.status, 'active')))
    .orderBy(asc(connections.id));
}

export async function updateConnection(db: Tx, id: string, patch: ConnectionPatch, now: Date): Promise<ConnectionRecord | undefined> {
  const [row] = await db
    .update(connections)
    .set({ ...patch, updatedAt: now })
    .where(eq(connections.id, id))
    .returning();
  return row;
}

/** Clears the nonce only if it is still the one given: of two callbacks with one state, one wins. */
export async function consumeAuthNonce(db: Tx, id: string, nonce: string, now: Date): Promise<ConnectionRecord | undefined> {
  const [row] = await db
    .update(connections)
    .set({ authNonce: null, updatedAt: now })
    .where(and(eq(connections.id, id), eq(connections.authNonce, nonce)))
    .returning();
  return row;
}

export async function deleteConnection(db: Tx, id: string): Promise<boolean> {
  const rows = await db.delete(connections).where(eq(connections.id, id)).returning({ id: connections.id });
  return rows.length > 0;
}

/** Deletes the connections of an org (all, or those of some tags); their documents stay unless deleted first. */
export async function deleteConnectionsWhere(db: Tx, orgId: string, containerTags?: string[]): Promise<ConnectionRecord[]> {
  return db.delete(connections).where(scopeWhere(orgId, { containerTags })).returning();
}

export async function countConnectionDocuments(db: Tx, connectionId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(documents).where(eq(documents.connectionId, connectionId));
  return Number(total);
}

/** How many documents each of the connections holds (absent: none). */
export async function connectionDocumentCounts(db: Tx, connectionIds: string[]): Promise<Map<string, number>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .select({ connectionId: documents.connectionId, total: count() })
    .from(documents)
    .where(inArray(documents.connectionId, connectionIds))
    .groupBy(documents.connectionId);
  return new Map(rows.flatMap((row) => (row.connectionId ? [[row.connectionId, Number(row.total)] as const] : [])));
}

/**
 * Moves a tag's connections to another tag (a merge); one whose kind the target already has is
 * deleted instead, its documents kept (they move with the tag's documents). Returns how many moved
 * and the rows deleted.
 */
export async function moveConnections(db: Tx, orgId: string, from: string, to: string, now: Date): Promise<{ moved: number; deleted: ConnectionRecord[] }> {
  const taken = await db
    .select({ kind: connections.kind })
    .from(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.containerTag, to)));
  const takenKinds = taken.map((t) => t.kind);
  const deleted = takenKinds.length
    ? await db
        .delete(connections)
        .where(and(eq(connections.orgId, orgId), eq(connections.containerTag, from), inArray(connections.kind, takenKinds)))
        .returning()
    : [];
  const moved = await db
    .update(connections)
    .set({ containerTag: to, updatedAt: now })
    .where(and(eq(connections.orgId, orgId), eq(connections.containerTag, from)))
    .returning({ id: connections.id });
  return { moved: moved.length, deleted };
}

/** The connections, in any org, authorized for this provider account id (whatever their kind: the caller compares OAuth clients). */
export async function connectionsOfAccount(db: Tx, accountId: string, exceptId: string): Promise<ConnectionRecord[]> {
  return db
    .select()
    .from(connections)
    .where(and(eq(connections.accountId, accountId), sql`${connections.id} <> ${exceptId}`));
}

/**
 * Connections whose scheduled sync is due, locked so that concurrent schedulers in other
 * processes skip them; the caller moves `next_sync_at` on in the same transaction.
 */
export async function claimDueConnections(db: Tx, now: Date, limit: number): Promise<ConnectionRecord[]> {
  return db
    .select()
    .from(connections)
    .where(and(eq(connections.status, 'active'), lte(connections.nextSyncAt, now)))
    .orderBy(asc(connections.nextSyncAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Connections whose push subscription must be renewed by `before`, claimed like claimDueConnections:
 * their renewal time moves to `leaseUntil`, so that no other worker takes them while this one talks
 * to the provider outside any transaction; one not renewed by then is claimed again.
 */
export async function claimSubscriptionsToRenew(db: Tx, before: Date, limit: number, leaseUntil: Date): Promise<ConnectionRecord[]> {
  const due = await db
    .select()
    .from(connections)
    .where(and(eq(connections.status, 'active'), isNotNull(connections.subscriptionRenewBy), lte(connections.subscriptionRenewBy, before)))
    .orderBy(asc(connections.subscriptionRenewBy))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length) {
    await db
      .update(connections)
      .set({ subscriptionRenewBy: leaseUntil })
      .where(
        inArray(
          connections.id,
          due.map((c) => c.id),
        ),
      );
  }
  return due;
}

/** Whether a sync job of the connection is waiting or running (other than `exceptJobId`). */
export async function findSyncJob(
  db: Tx,
  connectionId: string,
  statuses: string[],
  exceptJobId?: string,
): Promise<{ id: string; status: string; lockedUntil: Date | null } | undefined> {
  const where = [eq(jobs.kind, 'sync'), inArray(jobs.status, statuses), sql`${jobs.payload}->>'connectionId' = ${connectionId}`];
  if (exceptJobId) where.push(sql`${jobs.id} <> ${exceptJobId}`);
  const [row] = await db
    .select({ id: jobs.id, status: jobs.status, lockedUntil: jobs.lockedUntil })
    .from(jobs)
    .where(and(...where))
    .limit(1);
  return row;
}

// --- sync runs ---

export async function insertSyncRun(db: Tx, run: typeof syncRuns.$inferInsert): Promise<SyncRunRecord> {
  const [row] = await db.insert(syncRuns).values(run).returning();
  return row;
}

export async function findRunningSyncRun(db: Tx, jobId: string): Promise<SyncRunRecord | undefined> {
  return firstRow(db, syncRuns, and(eq(syncRuns.jobId, jobId), eq(syncRuns.status, 'running')));
}

export async function addSyncRunCounts(db: Tx, id: string, counts: { processed: number; failed: number; deleted: number }): Promise<void> {
  await db
    .update(syncRuns)
    .set({
      itemsProcessed: sql`${syncRuns.itemsProcessed} + ${counts.processed}`,
      itemsFailed: sql`${syncRuns.itemsFailed} + ${counts.failed}`,
      itemsDeleted: sql`${syncRuns.itemsDeleted} + ${counts.deleted}`,
    })
    .where(eq(syncRuns.id, id));
}

export async function finishSyncRun(
  db: Tx,
  id: string,
  outcome: { status: 'completed' | 'failed'; completedAt: Date; error?: string | null; errorCode?: string | null },
): Promise<SyncRunRecord | undefined> {
  const [row] = await db
    .update(syncRuns)
    .set({ status: outcome.status, completedAt: outcome.completedAt, error: outcome.error ?? null, errorCode: outcome.errorCode ?? null })
    .where(eq(syncRuns.id, id))
    .returning();
  return row;
}

/** Adds a note to a finished run's `error` (after what it holds, if anything): what happened after its pages. */
export async function noteSyncRun(db: Tx, id: string, note: string): Promise<void> {
  await db
    .update(syncRuns)
    .set({ error: sql`left(coalesce(${syncRuns.error} || '; ', '') || ${note}, 1000)` })
    .where(eq(syncRuns.id, id));
}

export async function listSyncRuns(db: Tx, connectionId: string, limit: number): Promise<SyncRunRecord[]> {
  return db.select().from(syncRuns).where(eq(syncRuns.connectionId, connectionId)).orderBy(desc(syncRuns.startedAt), desc(syncRuns.id)).limit(limit);
}

/** When each of the connections last completed a sync (absent: never). */
export async function lastCompletedSyncs(db: Tx, connectionIds: string[]): Promise<Map<string, Date>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .select({ connectionId: syncRuns.connectionId, completedAt: max(syncRuns.completedAt) })
    .from(syncRuns)
    .where(and(inArray(syncRuns.connectionId, connectionIds), eq(syncRuns.status, 'completed')))
    .groupBy(syncRuns.connectionId);
  return new Map(rows.flatMap((row) => (row.completedAt ? [[row.connectionId, row.completedAt] as const] : [])));
}

/** The latest run of each connection. */
export async function latestSyncRuns(db: Tx, connectionIds: string[]): Promise<Map<string, SyncRunRecord>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([syncRuns.connectionId])
    .from(syncRuns)
    .where(inArray(syncRuns.connectionId, connectionIds))
    .orderBy(syncRuns.connectionId, desc(syncRuns.startedAt), desc(syncRuns.id));
  return new Map(rows.map((r) => [r.connectionId, r]));
}

// --- webhook deliveries ---

/** Records a delivery; false when it was recorded before (a redelivery). */
export async function recordWebhookDelivery(db: Tx, connectionId: string, deliveryId: string, receivedAt: Date): Promise<boolean> {
  const rows = await db
    .insert(webhookDeliveries)
    .values({ connectionId, deliveryId, receivedAt })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.deliveryId });
  return rows.length > 0;
}

/** Connections never authorized whose link has lapsed: nothing can complete them any more. */
export async function deleteLapsedPendingConnections(db: Tx, now: Date): Promise<number> {
  const rows = await db
    .delete(connections)
    .where(and(eq(connections.status, 'pending'), isNotNull(connections.expiresAt), lte(connections.expiresAt, now)))
    .returning({ id: connections.id });
  return rows.length;
}

export async function pruneWebhookDeliveries(db: Tx, before: Date): Promise<number> {
  const rows = await db.delete(webhookDeliveries).where(lte(webhookDeliveries.receivedAt, before)).returning({ id: webhookDeliveries.deliveryId });
  return rows.length;
}
