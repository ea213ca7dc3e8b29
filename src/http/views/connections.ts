import { z } from 'zod';
import type { PendingCleanup } from '../../core/connections/cleanup.js';
import type { ConnectionWithRun } from '../../core/connections/connection-service.js';
import type { SyncRunRecord } from '../../model/connections.js';
import type { ListedDocument } from '../../model/documents.js';
import { iso } from '../../model/timestamps.js';

const ErrorCode = z.enum(['auth_expired', 'rate_limited', 'plan_required', 'provider_unavailable', 'not_allowed', 'internal']);

/** A connector kind: its id, the SDK's names for it, and whether an account is authorized at the provider (OAuth) or by credentials in the metadata. */
export const ConnectorKind = z
  .object({
    kind: z.string().describe('The kind id (code-host, web-crawler, …)'),
    aliases: z.array(z.string()).describe("The SDK's provider names for it (github, …)"),
    auth: z.enum(['oauth', 'credentials']),
  })
  .meta({ id: 'ConnectorKind' });

export const LastSyncRun = z
  .object({
    status: z.enum(['running', 'completed', 'failed']),
    errorCode: ErrorCode.nullable(),
    error: z.string().nullable(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'LastSyncRun' });

export const ConnectionPush = z
  .object({
    state: z
      .enum(['off', 'waiting', 'active', 'refused'])
      .describe(
        'off: turned off by its metadata; waiting: made after the next sync; active: notifications arrive; refused: the provider refused them for this authorization (reason says why): authorize again, or turn push off; syncs go on on schedule',
      ),
    reason: z.string().nullable(),
    renewBy: z.string().nullable().describe('when an active subscription is renewed'),
  })
  .meta({ id: 'ConnectionPush' });

export const Connection = z
  .object({
    id: z.string(),
    provider: z.string().describe('The connector kind id'),
    createdAt: z.string(),
    containerTag: z.string(),
    containerTags: z.array(z.string()).describe('Deprecated: the one containerTag'),
    documentLimit: z.number().optional(),
    email: z.string().optional(),
    expiresAt: z.string().optional().describe('while pending, the end of its authorization link: it is deleted then unless authorized; absent once authorized'),
    metadata: z.record(z.string(), z.unknown()),
    status: z.enum(['pending', 'active', 'error']).describe('pending until authorized; error until authorized again'),
    lastSyncRun: LastSyncRun.nullable(),
    push: ConnectionPush.optional().describe("the provider's change notifications, for kinds that subscribe to them"),
  })
  .meta({ id: 'Connection' });

export const SyncRun = z
  .object({
    id: z.string(),
    connectionId: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    triggerType: z.enum(['event', 'cron', 'manual']),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
    itemsProcessed: z.number(),
    itemsFailed: z.number(),
    itemsDeleted: z.number(),
    error: z.string().nullable(),
    errorCode: ErrorCode.nullable(),
  })
  .meta({ id: 'SyncRun' });

export const ConnectionDocument = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    status: z.string(),
    summary: z.string().nullable(),
    title: z.string().nullable(),
    type: z.string(),
    url: z.string().nullable(),
    containerTag: z.string(),
  })
  .meta({ id: 'ConnectionDocument' });

function lastRunView(run: SyncRunRecord | null): z.infer<typeof LastSyncRun> | null {
  if (!run) return null;
  return {
    status: run.status as z.infer<typeof LastSyncRun>['status'],
    errorCode: run.errorCode as z.infer<typeof ErrorCode> | null,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    completedAt: iso(run.completedAt),
  };
}

/** A connection as answered: never its tokens, webhook secret or cursor. */
export function connectionView({ connection, lastSyncRun, push }: ConnectionWithRun): z.infer<typeof Connection> {
  return {
    id: connection.id,
    provider: connection.kind,
    createdAt: connection.createdAt.toISOString(),
    containerTag: connection.containerTag,
    containerTags: [connection.containerTag],
    ...(connection.documentLimit !== null ? { documentLimit: connection.documentLimit } : {}),
    ...(connection.email ? { email: connection.email } : {}),
    ...(connection.expiresAt ? { expiresAt: connection.expiresAt.toISOString() } : {}),
    metadata: connection.metadata,
    status: connection.status as z.infer<typeof Connection>['status'],
    lastSyncRun: lastRunView(lastSyncRun),
    ...(push ? { push: { state: push.state, reason: push.reason, renewBy: iso(push.renewBy) } } : {}),
  };
}

export function syncRunView(run: SyncRunRecord): z.infer<typeof SyncRun> {
  return {
    id: run.id,
    connectionId: run.connectionId,
    status: run.status as z.infer<typeof SyncRun>['status'],
    triggerType: run.trigger as z.infer<typeof SyncRun>['triggerType'],
    startedAt: run.startedAt.toISOString(),
    completedAt: iso(run.completedAt),
    itemsProcessed: run.itemsProcessed,
    itemsFailed: run.itemsFailed,
    itemsDeleted: run.itemsDeleted,
    error: run.error,
    errorCode: run.errorCode as z.infer<typeof ErrorCode> | null,
  };
}

export function connectionDocumentView(doc: ListedDocument): z.infer<typeof ConnectionDocument> {
  return {
    id: doc.id,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    status: doc.status,
    summary: doc.summary,
    title: doc.title,
    type: doc.type,
    url: doc.url,
    containerTag: doc.containerTag,
  };
}

export const ConnectionCleanup = z
  .object({
    connectionId: z.string().describe('The deleted connection'),
    provider: z.string().describe('The connector kind id'),
    status: z
      .enum(['pending', 'retrying', 'failed'])
      .describe('pending: not tried yet (or running); retrying: failed, tried again at nextAttemptAt; failed: gave up, finish it at the provider by hand'),
    attempts: z.number(),
    maxAttempts: z.number(),
    lastError: z.string().nullable().describe('Why the last attempt failed (no tokens, no user content)'),
    nextAttemptAt: z.string().nullable(),
    queuedAt: z.string().describe('When the connection was deleted'),
    updatedAt: z.string(),
  })
  .meta({ id: 'ConnectionCleanup' });

export function connectionCleanupView(cleanup: PendingCleanup): z.infer<typeof ConnectionCleanup> {
  return {
    ...cleanup,
    nextAttemptAt: cleanup.nextAttemptAt ? iso(cleanup.nextAttemptAt) : null,
    queuedAt: iso(cleanup.queuedAt),
    updatedAt: iso(cleanup.updatedAt),
  };
}
