import { connectionEvent, emit } from '../core/webhooks/events.js';
import type { Logger } from 'pino';
import { ConnectorError, isScheduled, type Connector, type TokenSet } from '../connectors/index.js';
import type { SkippedObject } from '../connectors/types.js';
import type { ConnectorAccess } from '../core/connections/connector-access.js';
import { commitPage, decideItems, type RelevanceCheck } from '../core/connections/sync-pages.js';
import { ensureSubscription } from '../core/connections/subscriptions.js';
import { refreshTokens, usableTokens } from '../core/connections/tokens.js';
import type { Clock } from '../core/shared/clock.js';
import { newId } from '../core/shared/ids.js';
import type { ConnectionRecord, SyncErrorCode, SyncRunRecord } from '../model/connections.js';
import { ConflictError, NotSupportedError } from '../model/errors.js';
import type { JobOf } from '../model/jobs.js';
import {
  countConnectionDocuments,
  findRunningSyncRun,
  findSyncJob,
  finishSyncRun,
  getConnectionById,
  insertSyncRun,
  noteSyncRun,
  updateConnection,
} from '../store/connections.js';
import { listImportedVersions } from '../store/connection-documents.js';
import type { Db } from '../store/database.js';
import { isAvailabilityError } from '../store/errors.js';
import { getOrgSettings } from '../store/settings.js';
import { DeferredError, INTERNAL_FAILURE, SupersededError, type JobHandler } from './worker.js';

export interface SyncContext {
  db: Db;
  log: Logger;
  clock: Clock;
  access: ConnectorAccess;
  isRelevant: RelevanceCheck;
  maxJobAttempts: number;
  /** Between scheduled syncs of the kinds that have them. */
  intervalMs: number;
  /** After memories of a tag changed (documents deleted at their source): its profile is rebuilt. */
  onMemoriesChanged(orgId: string, containerTag: string): Promise<void>;
  /** Told how each run ended (for metrics): `completed`, `cancelled` (connection deleted or unauthorized) or its error code. */
  onRunEnded?(kind: string, result: 'completed' | 'cancelled' | SyncErrorCode): void;
}

/** How long a sync waits for another run of the same connection to end before looking again. */
const BUSY_RETRY_MS = 15_000;
/** How long to wait when the container tag is being merged. */
const MERGE_RETRY_MS = 10_000;

export function syncHandler(ctx: SyncContext): JobHandler<'sync'> {
  return {
    run: (job) => runSync(ctx, job),
    isTransient: (error) => (error instanceof ConnectorError ? error.code === 'provider_unavailable' : isAvailabilityError(error)),
    // A policy refusal is the operator's rule working, not a fault: runSync says it in one line, without a stack.
    isExpected: isPolicyRefusal,
    reason: (error) =>
      error instanceof ConnectorError || isPolicyRefusal(error)
        ? failureText(error)
        : isAvailabilityError(error)
          ? 'a service the sync depends on is unavailable'
          : INTERNAL_FAILURE,
  };
}

/**
 * One sync of a connection: pages from the adapter, each committed with its cursor, so a run
 * taken over after a crash resumes at the last committed page under the same sync-run record.
 * A connection deleted or no longer active ends the job quietly.
 */
export async function runSync(ctx: SyncContext, job: JobOf<'sync'>): Promise<void> {
  const { connectionId, trigger } = job.payload;
  const connection = await getConnectionById(ctx.db, connectionId);
  if (connection?.status !== 'active') return;
  const adapter = ctx.access.adapterOrNull(connection.kind);
  if (!adapter) return;
  const other = await findSyncJob(ctx.db, connectionId, ['running'], job.id);
  const now = ctx.clock.now().getTime();
  if (other?.lockedUntil && other.lockedUntil.getTime() > now) {
    throw new DeferredError(new Date(now + BUSY_RETRY_MS), 'another sync of this connection is running');
  }
  const resumed = await findRunningSyncRun(ctx.db, job.id);
  const run =
    resumed ??
    (await insertSyncRun(ctx.db, {
      id: newId(),
      connectionId,
      orgId: connection.orgId,
      jobId: job.id,
      trigger,
      status: 'running',
      startedAt: ctx.clock.now(),
    }));
  const skipped: SkippedObject[] = [];
  // What a run is, never what it read: kind, connection, trigger and counts.
  const said = { connectionId, kind: connection.kind, trigger, runId: run.id };
  const started = performance.now();
  ctx.log.info({ ...said, resumed: Boolean(resumed) }, `sync of connection ${connectionId} ${resumed ? 'resumed' : 'started'}`);
  const finished = (ended: SyncRunRecord | undefined, errorCode?: string) => {
    const ms = Math.round(performance.now() - started);
    const counts = ended ? { processed: ended.itemsProcessed, deleted: ended.itemsDeleted, failed: ended.itemsFailed } : {};
    const status = errorCode ? 'failed' : 'completed';
    ctx.log.info({ ...said, status, ms, ...counts, ...(errorCode && { errorCode }) }, `sync of connection ${connectionId} ${status} in ${ms} ms`);
  };
  try {
    const last = await syncPages(ctx, connection, adapter, run, skipped);
    // Scheduled before the run is seen completed: whoever reads a finished run reads the next sync's time too.
    await scheduleNextSync(ctx, last, adapter);
    finished(await endRun(ctx, connection, run.id, { status: 'completed', completedAt: ctx.clock.now(), error: skippedText(skipped) }));
    ctx.onRunEnded?.(connection.kind, 'completed');
    await afterRun(ctx, last, adapter, run);
  } catch (error) {
    if (error instanceof SupersededError) {
      // Deleted (the run went with it) or no longer authorized: the run ends without writing more.
      await finishSyncRun(ctx.db, run.id, { status: 'failed', completedAt: ctx.clock.now(), error: 'the connection was deleted or needs authorization again' });
      ctx.onRunEnded?.(connection.kind, 'cancelled');
      return;
    }
    if (isPolicyRefusal(error)) {
      ctx.log.warn({ connectionId, kind: connection.kind, errorCode: 'not_allowed', reason: failureText(error) }, 'sync refused by policy');
    }
    const errorCode = errorCodeOf(error);
    await endRun(ctx, connection, run.id, { status: 'failed', completedAt: ctx.clock.now(), error: failureText(error), errorCode }).then(
      (ended) => finished(ended, errorCode),
      (err: unknown) => ctx.log.error({ err, connectionId }, 'recording a failed sync run failed'),
    );
    ctx.onRunEnded?.(connection.kind, errorCode);
    throw await consequence(ctx, connection, error);
  }
}

/** Records the end of a run and, in the same transaction, `connection.synced` or `connection.failed` with its counts. */
function endRun(
  ctx: SyncContext,
  connection: ConnectionRecord,
  runId: string,
  outcome: Parameters<typeof finishSyncRun>[2],
): Promise<SyncRunRecord | undefined> {
  return ctx.db.transaction(async (tx) => {
    const ended = await finishSyncRun(tx, runId, outcome);
    if (ended)
      await emit(tx, connectionEvent(outcome.status === 'completed' ? 'connection.synced' : 'connection.failed', connection, ended), outcome.completedAt);
    return ended;
  });
}

/** Runs the adapter to its end; an access token refused mid-way is refreshed once and the run resumed. */
async function syncPages(
  ctx: SyncContext,
  initial: ConnectionRecord,
  adapter: Connector,
  run: SyncRunRecord,
  skipped: SkippedObject[],
): Promise<ConnectionRecord> {
  let { connection, tokens } =
    adapter.auth === 'oauth' ? await usableTokens(ctx.db, ctx.access, adapter, initial, ctx.clock) : { connection: initial, tokens: null };
  let refreshed = false;
  for (;;) {
    try {
      return await pages(ctx, connection, adapter, run, tokens, skipped);
    } catch (error) {
      const expired = error instanceof ConnectorError && error.code === 'auth_expired';
      if (!expired || refreshed || !tokens?.refreshToken) throw error;
      refreshed = true;
      const fresh = await getConnectionById(ctx.db, connection.id);
      if (fresh?.status !== 'active') throw new SupersededError();
      // The refused tokens: when another refreshed meanwhile, its tokens are taken, no second refresh.
      const next = await refreshTokens(ctx.db, ctx.access, adapter, fresh, tokens, ctx.clock);
      if (!next) throw error;
      ({ connection, tokens } = next);
    }
  }
}

async function pages(
  ctx: SyncContext,
  connection: ConnectionRecord,
  adapter: Connector,
  run: SyncRunRecord,
  tokens: TokenSet | null,
  skipped: SkippedObject[],
): Promise<ConnectionRecord> {
  const settings = (await getOrgSettings(ctx.db, connection.orgId))?.settings ?? {};
  // The versions the held documents were imported at: what the source has at the same version is not downloaded again.
  const versions = await listImportedVersions(ctx.db, connection.id);
  // documentLimit bounds new documents only: the held ones are always read again, edited or deleted.
  const held = connection.documentLimit === null ? null : new Set(versions.keys());
  const maxItems = connection.documentLimit === null ? null : Math.max(0, connection.documentLimit - (await countConnectionDocuments(ctx.db, connection.id)));
  const request = ctx.access.syncRequest(connection, { tokens, maxItems, versions, ...(held && { held }) });
  let cursor = connection.cursor;
  // What this run's pages showed: a page that completes a full listing makes every other document gone.
  const seen = new Set<string>();
  for await (const page of adapter.sync(request)) {
    for (const item of page.items) seen.add(item.externalId);
    // Skipped, not gone: a held document of it stays as it was.
    for (const object of page.skipped ?? []) seen.add(object.externalId);
    // Kept unchanged, not downloaded: still at the source.
    for (const externalId of page.kept ?? []) seen.add(externalId);
    const decided = await decideItems(settings, ctx.isRelevant, page.items);
    const committed = await commitPage(ctx, connection.id, run.id, {
      ...decided,
      deletions: page.deletions,
      cursor: page.cursor,
      ...(page.complete && { listed: seen }),
      failed: page.skipped?.length ?? 0,
    });
    if (page.skipped?.length) {
      skipped.push(...page.skipped);
      ctx.log.warn({ connectionId: connection.id, skipped: page.skipped }, 'the sync skipped objects it could not read');
    }
    if (!committed) throw new SupersededError();
    for (const tag of committed.changedTags) await ctx.onMemoriesChanged(connection.orgId, tag);
    cursor = page.cursor;
  }
  return { ...connection, cursor };
}

/** When the scheduler syncs the connection next (never, for a kind it does not schedule). */
async function scheduleNextSync(ctx: SyncContext, connection: ConnectionRecord, adapter: Connector): Promise<void> {
  const now = ctx.clock.now();
  const nextSyncAt = isScheduled(connection.kind) ? (adapter.nextRunAfter?.(connection.cursor) ?? new Date(now.getTime() + ctx.intervalMs)) : null;
  await updateConnection(ctx.db, connection.id, { nextSyncAt }, now);
}

/**
 * The push subscription a kind needs after its first sync (or its end, when the config turned push
 * off). A refusal by the provider is noted on the run.
 */
async function afterRun(ctx: SyncContext, connection: ConnectionRecord, adapter: Connector, run: SyncRunRecord): Promise<void> {
  const turnedOff = adapter.subscription?.enabled?.(connection.config) === false;
  if (adapter.subscription && (connection.subscription == null || turnedOff)) {
    // The run is done whatever happens here: the next sync tries again while there is no subscription.
    const outcome = await ensureSubscription(ctx.access, adapter, connection, ctx.db, ctx.clock).catch((err: unknown) => {
      ctx.log.warn({ err, connectionId: connection.id }, 'creating a push subscription failed; the next sync tries again');
      return null;
    });
    if (outcome?.refused) {
      ctx.log.warn({ connectionId: connection.id, reason: outcome.refused }, 'push notifications refused by the provider; syncing on schedule');
      await noteSyncRun(ctx.db, run.id, `push notifications refused: ${outcome.refused}`);
    }
  }
}

/** What the worker does with a failed run: wait out a rate limit, stop on lost authorization, retry or fail. */
async function consequence(ctx: SyncContext, connection: ConnectionRecord, error: unknown): Promise<unknown> {
  if (error instanceof ConnectorError && error.code === 'rate_limited') {
    return new DeferredError(new Date(ctx.clock.now().getTime() + (error.retryAfterMs ?? 60_000)), error.message);
  }
  if (error instanceof ConnectorError && error.code === 'auth_expired') {
    await updateConnection(ctx.db, connection.id, { status: 'error' }, ctx.clock.now());
  }
  if (isTagMerging(error)) return new DeferredError(new Date(ctx.clock.now().getTime() + MERGE_RETRY_MS), error.message);
  return error;
}

const isTagMerging = (error: unknown): error is ConflictError => error instanceof ConflictError && error.reason === 'tag-merging';

/**
 * Refused by this service's own policy: the URL policy blocking the crawler's destination (the
 * adapter's `not_allowed`), or the server or the organization's settings no longer offering the
 * kind's OAuth client when a token is refreshed (`NotSupportedError`).
 */
function isPolicyRefusal(error: unknown): boolean {
  return (error instanceof ConnectorError && error.code === 'not_allowed') || error instanceof NotSupportedError;
}

function errorCodeOf(error: unknown): SyncErrorCode {
  if (error instanceof ConnectorError) return error.code;
  if (error instanceof NotSupportedError) return 'not_allowed';
  if (isAvailabilityError(error)) return 'provider_unavailable';
  return 'internal';
}

/** A completed run's report of the objects it could not read (counted in itemsFailed); null: none. */
function skippedText(skipped: SkippedObject[]): string | null {
  if (skipped.length === 0) return null;
  const shown = skipped
    .slice(0, 5)
    .map((s) => `${s.externalId} (${s.reason})`)
    .join(', ');
  const more = skipped.length > 5 ? ` and ${skipped.length - 5} more` : '';
  return `${skipped.length} object(s) could not be read and were skipped (read again next run): ${shown}${more}`.slice(0, 1000);
}

function failureText(error: unknown): string {
  if (error instanceof ConnectorError || isTagMerging(error)) return error.message.slice(0, 1000);
  if (error instanceof NotSupportedError) return `${error.message}${error.details ? `: ${error.details}` : ''}`.slice(0, 1000);
  return isAvailabilityError(error) ? 'a service the sync depends on is unavailable' : INTERNAL_FAILURE;
}
