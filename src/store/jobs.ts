import { and, asc, desc, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './database.js';
import { jobs } from './schema/jobs.js';
import type { JobRecord } from '../model/jobs.js';

export async function enqueueJob(
  db: Tx,
  job: {
    id: string;
    orgId: string;
    maxAttempts: number;
    kind?: string;
    documentId?: string;
    generation?: number;
    payload?: Record<string, unknown>;
    /** Not before this time; default now. */
    runAt?: Date;
  },
): Promise<void> {
  await db.insert(jobs).values({ ...job, status: 'queued' });
}

export interface ClaimedJob {
  job: JobRecord;
  /**
   * Earlier runs used up its attempts without finishing (their leases ran out): it must be
   * failed, not run again. Its attempts are not counted up.
   */
  exhausted: boolean;
}

/**
 * Takes the next runnable job: a queued one that is due, or a running one whose lease ran out
 * (its worker died). SKIP LOCKED lets any number of workers claim concurrently. `running` are the
 * jobs the claiming worker is running itself: their holder is alive whatever their lease says. It
 * is read when the lease is judged, not when the claim starts: a job this worker started meanwhile
 * may have outlived its lease while the event loop was held.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  leaseMs: number,
  now: Date,
  running: ReadonlySet<string> = new Set(),
): Promise<ClaimedJob | undefined> {
  return db.transaction(async (tx) => {
    const ownJobs = [...running];
    const [candidate] = await tx
      .select({ id: jobs.id, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
          and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now), ownJobs.length ? notInArray(jobs.id, ownJobs) : undefined),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return undefined;
    const exhausted = candidate.attempts >= candidate.maxAttempts;
    const [claimed] = await tx
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + leaseMs),
        attempts: exhausted ? candidate.attempts : sql`${jobs.attempts} + 1`,
        updatedAt: now,
      })
      .where(eq(jobs.id, candidate.id))
      .returning();
    return claimed && { job: claimed, exhausted };
  });
}

/** Extends the lease; false means the job was taken over or removed. */
export async function renewLease(db: Tx, jobId: string, workerId: string, leaseMs: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function finishJob(db: Tx, jobId: string, workerId: string, outcome: { status: 'done' | 'failed'; error?: string }, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: outcome.status, lastError: outcome.error ?? null, lockedUntil: null, updatedAt: now })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}

/** `refundAttempt`: the attempt just made does not count (the job was deferred, not failed). */
export async function rescheduleJob(
  db: Tx,
  jobId: string,
  workerId: string,
  runAt: Date,
  error: string,
  now: Date,
  options: { refundAttempt?: boolean } = {},
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt,
      lastError: error,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: now,
      ...(options.refundAttempt ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}

/**
 * Gives running jobs back to the queue at once, their attempt refunded (a stopping worker's jobs
 * it could not interrupt in time); only those `workerId` still holds. Returns the ids released.
 */
export async function releaseJobs(db: Tx, jobIds: string[], workerId: string, now: Date, error: string): Promise<string[]> {
  if (!jobIds.length) return [];
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: now,
      lastError: error,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: now,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    })
    .where(and(inArray(jobs.id, jobIds), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * For an embedded database only one process can be running its jobs, so any job still marked
 * running at start-up belongs to a process that died: make it claimable at once.
 */
export async function releaseAllLeases(db: Tx): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(0) })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Older jobs for a document are superseded when its content changes. */
export async function cancelPendingJobs(db: Tx, documentId: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lastError: 'superseded', updatedAt: now })
    .where(and(eq(jobs.documentId, documentId), eq(jobs.status, 'queued')));
}

/** Jobs of one kind in one state, and for queued ones, when the longest-waiting due one became due. */
export interface JobCount {
  kind: string;
  status: 'queued' | 'running' | 'failed';
  count: number;
  /** Queued only: the `runAt` of the oldest queued job that is due (deferred ones are not waiting); null when none is. */
  oldestDueAt: Date | null;
}

/** Queued, running and failed jobs by kind, read through the claim index (status, run_at); done jobs are not read. */
export async function countJobs(db: Tx, now: Date): Promise<JobCount[]> {
  const rows = await db
    .select({
      kind: jobs.kind,
      status: jobs.status,
      count: sql<number>`count(*)::int`,
      oldestDueAt: sql<Date | string | null>`min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${now})`,
    })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running', 'failed']))
    .groupBy(jobs.kind, jobs.status);
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status as JobCount['status'],
    count: Number(row.count),
    oldestDueAt: row.oldestDueAt === null ? null : new Date(row.oldestDueAt),
  }));
}

/** Replaces a job's payload (a cleanup's rotated tokens, so a retry never sends a spent refresh token). */
export async function updateJobPayload(db: Tx, jobId: string, payload: Record<string, unknown>, now: Date): Promise<void> {
  await db.update(jobs).set({ payload, updatedAt: now }).where(eq(jobs.id, jobId));
}

/** An org's jobs of one kind in these statuses, oldest first (at most `limit`). */
export async function listJobsOfKind(db: Tx, orgId: string, kind: string, statuses: string[], limit: number): Promise<JobRecord[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, kind), inArray(jobs.status, statuses)))
    .orderBy(asc(jobs.createdAt), asc(jobs.id))
    .limit(limit);
}

/** The newest job of `kind` of the organization whose payload names the connection. */
export async function findConnectionJob(db: Tx, orgId: string, kind: string, connectionId: string): Promise<JobRecord | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, kind), sql`${jobs.payload}->>'connectionId' = ${connectionId}`))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(1);
  return row;
}

/** Queues a job that gave up again, from its first attempt; false when it is not failed (any more). */
export async function requeueFailedJob(db: Tx, jobId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: now, lastError: null, lockedBy: null, lockedUntil: null, updatedAt: now })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Deletes a job that is not running; false when it runs (or is gone). */
export async function deleteIdleJob(db: Tx, jobId: string): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.id, jobId), sql`${jobs.status} <> 'running'`))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
