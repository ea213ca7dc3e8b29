import { connectionEvent, emit } from '../webhooks/events.js';
import { descriptorOf } from '../../connectors/index.js';
import type { ConnectionRecord, ConnectorKind } from '../../model/connections.js';
import { ConflictError, NotFoundError } from '../../model/errors.js';
import type { JobPayloads, JobRecord } from '../../model/jobs.js';
import type { Db, Tx } from '../../store/database.js';
import { deleteIdleJob, enqueueJob, findConnectionJob, listJobsOfKind, requeueFailedJob } from '../../store/jobs.js';
import { newId } from '../shared/ids.js';
import { refusedPush } from './subscriptions.js';

export const CLEANUP_JOB_KIND = 'cleanup';

export type CleanupJobPayload = JobPayloads['cleanup'];

/**
 * Attempts of a cleanup job. The worker's backoff doubles from JOB_RETRY_BASE_MS (2 s by default),
 * so a provider has most of a day to come back before the cleanup fails for good (and says so in
 * an error line of the log).
 */
export const CLEANUP_MAX_ATTEMPTS = 16;

/**
 * Queues the cleanup at the provider of connections being deleted, in the transaction that deletes
 * them: it is committed with the deletion or not at all, and it outlives the process. The job
 * (`pipeline/cleanup.ts`) runs the adapter's `cleanup` outside any transaction: channels,
 * subscriptions and hooks stopped, the grant revoked. Connections with nothing at a provider
 * (credential kinds, authorizations never completed) queue nothing. Returns how many were queued.
 */
export async function queueCleanups(tx: Tx, deleted: readonly ConnectionRecord[], now: Date): Promise<number> {
  await emit(
    tx,
    deleted.map((connection) => connectionEvent('connection.deleted', connection)),
    now,
  );
  let queued = 0;
  for (const connection of deleted) {
    const oauth = descriptorOf(connection.kind).auth === 'oauth';
    // A subscription the provider refused is a note of ours, not something held there.
    const subscription = refusedPush(connection) ? null : (connection.subscription ?? null);
    if (!(oauth && connection.tokens) && subscription === null) continue;
    const payload: CleanupJobPayload = {
      connectionId: connection.id,
      kind: connection.kind,
      accountId: connection.accountId,
      usesCustomKey: connection.usesCustomKey,
      tokens: oauth ? connection.tokens : null,
      config: connection.config,
      subscription,
    };
    await enqueueJob(tx, { id: newId(), orgId: connection.orgId, kind: CLEANUP_JOB_KIND, payload: { ...payload }, maxAttempts: CLEANUP_MAX_ATTEMPTS });
    queued += 1;
  }
  return queued;
}

/** A deleted connection's cleanup at its provider that has not succeeded (yet). */
export interface PendingCleanup {
  connectionId: string;
  provider: ConnectorKind;
  /** `pending`: not tried yet, or running; `retrying`: failed, tried again at `nextAttemptAt`; `failed`: gave up. */
  status: 'pending' | 'retrying' | 'failed';
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  queuedAt: Date;
  updatedAt: Date;
}

const LISTED_CLEANUPS = 1000;

/** The organization's cleanups at providers not done: those waiting or retrying, and those that gave up (an admin's to finish by hand). */
export async function pendingCleanups(db: Db, orgId: string): Promise<PendingCleanup[]> {
  const rows = await listJobsOfKind(db, orgId, CLEANUP_JOB_KIND, ['queued', 'running', 'failed'], LISTED_CLEANUPS);
  return rows.map(cleanupOf);
}

/**
 * Tries a cleanup that gave up again, from its first attempt (the admin fixed what stopped it, such
 * as the organization's own OAuth application). Only a failed one: the others are still being tried.
 */
export async function retryCleanup(db: Db, orgId: string, connectionId: string, now: Date): Promise<PendingCleanup> {
  const job = await pendingCleanupJob(db, orgId, connectionId);
  if (job.status !== 'failed' || !(await requeueFailedJob(db, job.id, now))) {
    throw new ConflictError('cleanup-not-failed', 'this cleanup has not given up: it is still being tried', `status: ${cleanupOf(job).status}`);
  }
  return cleanupOf({ ...job, status: 'queued', attempts: 0, runAt: now, lastError: null, updatedAt: now });
}

/** Forgets a cleanup that is not running (the admin removed the access at the provider by hand): it is never tried again. */
export async function dismissCleanup(db: Db, orgId: string, connectionId: string): Promise<void> {
  const job = await pendingCleanupJob(db, orgId, connectionId);
  if (!(await deleteIdleJob(db, job.id))) throw new ConflictError('cleanup-not-failed', 'this cleanup is running now; dismiss it once it has given up');
}

async function pendingCleanupJob(db: Db, orgId: string, connectionId: string): Promise<JobRecord> {
  const job = await findConnectionJob(db, orgId, CLEANUP_JOB_KIND, connectionId);
  if (!job || job.status === 'done') throw new NotFoundError('no cleanup of this connection is pending');
  return job;
}

function cleanupOf(job: JobRecord): PendingCleanup {
  const payload = job.payload as CleanupJobPayload;
  const status = job.status === 'failed' ? 'failed' : job.lastError ? 'retrying' : 'pending';
  return {
    connectionId: payload.connectionId,
    provider: payload.kind,
    status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    nextAttemptAt: job.status === 'queued' ? job.runAt : null,
    queuedAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
