import { hostname } from 'node:os';
import { storableText } from '../convert/storable-text.js';
import type { Clock } from '../core/shared/clock.js';
import { newId } from '../core/shared/ids.js';
import type { Db } from '../store/database.js';
import { claimJob, finishJob, releaseJobs, renewLease, rescheduleJob, type ClaimedJob } from '../store/jobs.js';
import { inBackground, inForeground } from '../store/turns.js';
import type { Logger } from 'pino';
import type { JobKind, JobOf } from '../model/jobs.js';

type AnyJob = JobOf<JobKind>;

/**
 * The running job's hold on it. A timer renews it too, but a timer cannot fire while the event loop
 * is held (long work on the embedded database): handlers renew between their stages as well.
 */
export interface JobLease {
  /**
   * Extends the lease unless it was taken or extended moments ago (a quarter of its length: nobody
   * can have claimed it since); throws LeaseLostError when another worker has taken the job over.
   */
  renew(): Promise<void>;
  /**
   * Aborted when the worker stops. A handler may end long work on it (a conversion) and throw:
   * the job is queued again at once, without spending an attempt.
   */
  readonly signal: AbortSignal;
}

/** What a job kind does; `ingest` is one, merges and syncs are others. It is handed the jobs of its kind. */
export interface JobHandler<K extends JobKind = JobKind> {
  run(job: JobOf<K>, lease: JobLease): Promise<void>;
  /** Whether a failure is worth another attempt. */
  isTransient(error: unknown): boolean;
  /** What the job's owner is told about a failure; the error's message when absent. */
  reason?(error: unknown): string;
  /**
   * Whether a failure is a refusal the owner can act on (a blocked URL, an unsupported file): the
   * handler's own bookkeeping says it in one line, and the worker logs no stack for it.
   */
  isExpected?(error: unknown): boolean;
  /**
   * The job's own bookkeeping when an attempt fails and will be retried, or fails for good. The
   * reason arrives bounded and storable.
   */
  onRetry?(job: JobOf<K>, reason: string, error: unknown): Promise<void>;
  /** The job's own bookkeeping when its run was interrupted by the worker stopping: it runs again. */
  onInterrupted?(job: JobOf<K>): Promise<void>;
  onFail?(job: JobOf<K>, reason: string, error?: unknown): Promise<void>;
}

/** Thrown by a handler when its work was made obsolete (e.g. the document changed); the job ends quietly. */
export class SupersededError extends Error {}

/**
 * Thrown by a handler to run the job again at `runAt` without spending an attempt: the work is
 * fine but must wait (a provider's rate limit, another run of the same thing).
 */
export class DeferredError extends Error {
  constructor(
    readonly runAt: Date,
    message: string,
  ) {
    super(message);
  }
}

/** The job's lease ran out and another worker claimed it: this run stops and records nothing. */
export class LeaseLostError extends Error {}

/** The reason recorded for a failure whose cause is no business of the job's owner, or could not be recorded. */
export const INTERNAL_FAILURE = 'processing failed (internal error); the server log has the details';

/** What an interrupted job records until it runs again. */
const INTERRUPTED = 'interrupted: the worker stopped; it runs again';

const MAX_REASON_LENGTH = 1000;

/** How long a stop waits for the database to take back the jobs still running at its bound. */
const RELEASE_WAIT_MS = 5_000;

/** A reason that fits any text column: bounded, without NUL or lone surrogates. */
function storableReason(reason: string): string {
  return storableText(reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…` : reason);
}

export interface WorkerContext {
  db: Db;
  log: Logger;
  clock: Clock;
  handlers: Record<string, JobHandler>;
}

/** What a stop did with the jobs that were running when it began. */
export interface StopReport {
  /** Ended (done, failed or superseded) while the worker stopped. */
  finished: number;
  /** Queued again without spending an attempt: interrupted, deferred, or to be retried. */
  released: number;
  /** Of the released, those still running at the bound: their leases were given up for them. */
  forced: number;
  /** Still running at the bound and could not be released (the database did not answer): their leases run out. */
  abandoned: number;
}

/** How a run of a job ended, for the stop report. */
type RunOutcome = 'finished' | 'released';

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  retryBaseMs: number;
}

/**
 * Claims jobs from the jobs table and runs them. Any number of these may run in any number of
 * processes against one PostgreSQL: claiming is the only coordination.
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${newId().slice(0, 6)}`;
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wakeups = new Set<() => void>();
  /** Jobs this worker is running: never claimed again by its own loops, however late their renewal. */
  private readonly running = new Set<string>();
  /** The running jobs themselves, for a stop that has to release them. */
  private readonly runningJobs = new Map<string, AnyJob>();
  /** While a stop waits: how the jobs running when it began ended. */
  private stopOutcomes: Map<string, RunOutcome> | null = null;
  private stopped = new AbortController();

  constructor(
    private readonly ctx: WorkerContext,
    private readonly options: WorkerOptions,
  ) {}

  /** Starts claiming; a stopped worker may be started again. */
  start(): void {
    if (this.loops.length) return;
    this.stopping = false;
    this.stopped = new AbortController();
    // Jobs give way to requests on the embedded database (store/turns.ts).
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(inBackground(() => this.loop()));
  }

  /** A job was queued by this process: stop idling. */
  wake(): void {
    for (const wakeup of this.wakeups) wakeup();
  }

  /** `running` while it claims jobs, `stopping` while a stop waits for them, `stopped` before a start and after a stop. */
  get status(): 'running' | 'stopping' | 'stopped' {
    if (!this.loops.length) return 'stopped';
    return this.stopping ? 'stopping' : 'running';
  }

  /**
   * Stops claiming and interrupts what runs: interrupted jobs are queued again (see JobLease.signal).
   * A job still running after `graceMs` (work that cannot be interrupted, a stalled request) is
   * queued again for it, without spending an attempt, and the stop returns without waiting for it.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<StopReport> {
    this.stopping = true;
    const outcomes = new Map<string, RunOutcome>();
    this.stopOutcomes = outcomes;
    const atStop = new Set(this.running);
    this.stopped.abort();
    this.wake();
    const loops = Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      loops.then(() => true),
      ...(Number.isFinite(graceMs) ? [new Promise<boolean>((resolve) => (timer = setTimeout(resolve, graceMs, false)))] : []),
    ]);
    clearTimeout(timer);
    const report: StopReport = { finished: 0, released: 0, forced: 0, abandoned: 0 };
    if (!inTime) {
      const late = [...this.runningJobs.values()];
      const released = await this.releaseLate(late);
      report.forced = released.length;
      // A job that ended on its own meanwhile was neither: its outcome is counted below.
      report.abandoned = late.filter((job) => !released.includes(job.id) && this.runningJobs.has(job.id)).length;
    }
    for (const id of atStop) {
      const outcome = outcomes.get(id);
      if (outcome === 'finished') report.finished++;
      else if (outcome === 'released') report.released++;
    }
    report.released += report.forced;
    this.stopOutcomes = null;
    this.loops = [];
    return report;
  }

  /**
   * Queues again the jobs still running at a stop's bound, as an interruption would, and marks
   * their documents queued. Their runs go on until the process ends, but record nothing: the jobs
   * are no longer theirs. Bounded too: a database that does not answer leaves them to their leases.
   */
  private async releaseLate(late: AnyJob[]): Promise<string[]> {
    if (!late.length) return [];
    const release = async () => {
      const now = this.ctx.clock.now();
      const released = await inForeground(() =>
        releaseJobs(
          this.ctx.db,
          late.map((job) => job.id),
          this.id,
          now,
          INTERRUPTED,
        ),
      );
      for (const job of late.filter((j) => released.includes(j.id))) {
        this.running.delete(job.id);
        this.runningJobs.delete(job.id);
        await this.ctx.handlers[job.kind]
          ?.onInterrupted?.(job)
          .catch((err: unknown) => this.ctx.log.error({ err, jobId: job.id }, 'recording an interruption failed'));
      }
      return released;
    };
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<string[]>((resolve) => (timer = setTimeout(resolve, RELEASE_WAIT_MS, [])));
    try {
      return await Promise.race([release(), bound]);
    } catch (err) {
      this.ctx.log.error({ err }, 'releasing running jobs failed; their leases run out');
      return [];
    } finally {
      clearTimeout(timer);
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let claim: ClaimedJob | undefined;
      try {
        claim = await claimJob(this.ctx.db, this.id, this.options.leaseMs, this.ctx.clock.now(), this.running);
      } catch (error) {
        if (this.stopping) return;
        this.ctx.log.error({ err: error }, 'claiming a job failed');
      }
      if (claim) {
        // A claim that lands as the worker stops is given back at once (its attempt refunded).
        if (this.stopping) await this.giveBack(claim);
        else await this.run(claim);
      } else await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeups.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wakeups.add(done);
    });
  }

  private async giveBack({ job, exhausted }: ClaimedJob): Promise<void> {
    const now = this.ctx.clock.now();
    // An exhausted job's claim did not count an attempt: there is none to refund.
    await rescheduleJob(this.ctx.db, job.id, this.id, now, job.lastError ?? INTERRUPTED, now, { refundAttempt: !exhausted }).catch((err: unknown) =>
      this.ctx.log.error({ err, jobId: job.id }, 'giving back a job claimed while stopping failed; its lease runs out'),
    );
  }

  private async run(claim: ClaimedJob): Promise<void> {
    // Queued with its kind's payload (enqueueSync, enqueueMergeJob): the one place a stored row becomes a job of its kind.
    const { exhausted } = claim;
    const job = claim.job as AnyJob;
    this.running.add(job.id);
    this.runningJobs.set(job.id, job);
    const lease = this.leaseOf(job);
    const heartbeat = setInterval(
      () => {
        lease.extend().catch((err: unknown) => this.ctx.log.warn({ err, jobId: job.id }, 'lease renewal failed'));
      },
      Math.max(250, Math.floor(this.options.leaseMs / 3)),
    );
    try {
      const outcome = exhausted ? (await this.giveUp(job), 'finished' as const) : await this.attempt(job, lease);
      if (this.runningJobs.has(job.id)) this.stopOutcomes?.set(job.id, outcome);
    } catch (error) {
      this.ctx.log.error({ err: error, jobId: job.id }, 'recording a job outcome failed; its lease will expire and it is claimed again');
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.id);
      this.runningJobs.delete(job.id);
    }
  }

  /** The job's lease as this worker knows it: when it was last extended, and whether it was lost. */
  private leaseOf(job: AnyJob): JobLease & { extend(): Promise<void> } {
    const { leaseMs } = this.options;
    // The claim set the lease: it started then, however late this run begins.
    let extendedAt = job.lockedUntil ? job.lockedUntil.getTime() - leaseMs : 0;
    let lost = false;
    const { signal } = this.stopped;
    const extend = async () => {
      if (lost) return;
      const started = this.ctx.clock.now();
      // A lease renewal that waited behind requests would lose the job.
      if (await inForeground(() => renewLease(this.ctx.db, job.id, this.id, leaseMs, started))) extendedAt = started.getTime();
      else lost = true;
    };
    return {
      extend,
      signal,
      renew: async () => {
        if (!lost && this.ctx.clock.now().getTime() - extendedAt >= leaseMs / 4) await extend();
        if (lost) throw new LeaseLostError(`job ${job.id} was taken over by another worker`);
      },
    };
  }

  private async attempt(job: AnyJob, lease: JobLease): Promise<RunOutcome> {
    try {
      const handler = this.ctx.handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler.run(job, lease);
    } catch (error) {
      if (error instanceof LeaseLostError) {
        this.ctx.log.warn({ jobId: job.id, kind: job.kind }, 'job taken over by another worker after its lease ran out; this run stops');
        return 'released';
      }
      if (lease.signal.aborted) {
        this.ctx.log.info({ jobId: job.id, kind: job.kind }, 'job interrupted by the worker stopping; queued again');
        await this.ctx.handlers[job.kind]
          ?.onInterrupted?.(job)
          .catch((err: unknown) => this.ctx.log.error({ err, jobId: job.id }, 'recording an interruption failed'));
        const now = this.ctx.clock.now();
        await rescheduleJob(this.ctx.db, job.id, this.id, now, INTERRUPTED, now, { refundAttempt: true });
        return 'released';
      }
      return this.handleFailure(job, error);
    }
    await finishJob(this.ctx.db, job.id, this.id, { status: 'done' }, this.ctx.clock.now());
    return 'finished';
  }

  /** Runs that died mid-way (their leases ran out) used up every attempt: the job is failed, not run again. */
  private async giveUp(job: AnyJob): Promise<void> {
    this.ctx.log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job used up its attempts without finishing');
    await this.fail(job, `processing stopped: ${job.attempts} attempts did not finish`);
  }

  private async handleFailure(job: AnyJob, error: unknown): Promise<RunOutcome> {
    if (error instanceof SupersededError) {
      await finishJob(this.ctx.db, job.id, this.id, { status: 'done', error: 'superseded' }, this.ctx.clock.now());
      return 'finished';
    }
    if (error instanceof DeferredError) {
      await rescheduleJob(this.ctx.db, job.id, this.id, error.runAt, storableReason(error.message), this.ctx.clock.now(), { refundAttempt: true });
      return 'released';
    }
    const handler = this.ctx.handlers[job.kind];
    const retry = (handler?.isTransient(error) ?? false) && job.attempts < job.maxAttempts;
    const reason = storableReason(handler?.reason ? handler.reason(error) : messageOf(error));
    if (!handler?.isExpected?.(error)) this.ctx.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retry, err: error }, 'job failed');
    if (retry) {
      const delay = this.options.retryBaseMs * 2 ** (job.attempts - 1) * (0.75 + Math.random() * 0.5);
      await handler?.onRetry?.(job, reason, error).catch((err: unknown) => this.ctx.log.error({ err, jobId: job.id }, 'recording a retry failed'));
      const now = this.ctx.clock.now();
      await rescheduleJob(this.ctx.db, job.id, this.id, new Date(now.getTime() + delay), reason, now);
      return 'released';
    }
    await this.fail(job, reason, error);
    return 'finished';
  }

  /**
   * Ends a job as failed. When its owner's bookkeeping cannot record the reason, it records the
   * fixed INTERNAL_FAILURE instead (nothing in it can be refused); the job ends either way.
   */
  private async fail(job: AnyJob, reason: string, error?: unknown): Promise<void> {
    const handler = this.ctx.handlers[job.kind];
    try {
      await handler?.onFail?.(job, reason, error);
    } catch (error) {
      this.ctx.log.error({ err: error, jobId: job.id }, 'recording a job failure failed; recording a fixed reason instead');
      await handler
        ?.onFail?.(job, INTERNAL_FAILURE)
        .catch((err: unknown) => this.ctx.log.error({ err, jobId: job.id }, 'recording the fixed failure reason failed too'));
    }
    await finishJob(this.ctx.db, job.id, this.id, { status: 'failed', error: reason }, this.ctx.clock.now());
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
