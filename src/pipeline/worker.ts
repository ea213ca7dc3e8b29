import { hostname } from 'node:os';
import { newId } from '../core/ids.js';
import type { Db } from '../store/database.js';
import { claimJob, finishJob, renewLease, rescheduleJob, type JobRow } from '../store/jobs.js';
import type { Logger } from 'pino';

/** What a job kind does; `ingest` is one, merges and syncs are others. */
export interface JobHandler {
  run(job: JobRow): Promise<void>;
  /** Whether a failure is worth another attempt. */
  isTransient(error: unknown): boolean;
  /** The job's own bookkeeping when an attempt fails and will be retried, or fails for good. */
  onRetry?(job: JobRow, message: string): Promise<void>;
  onFail?(job: JobRow, message: string): Promise<void>;
}

/** Thrown by a handler when its work was made obsolete (e.g. the document changed); the job ends quietly. */
export class SupersededError extends Error {}

export interface WorkerContext {
  db: Db;
  log: Logger;
  handlers: Record<string, JobHandler>;
}

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

  constructor(
    private readonly ctx: WorkerContext,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop());
  }

  /** A job was queued by this process: stop idling. */
  wake(): void {
    for (const wakeup of this.wakeups) wakeup();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let job: JobRow | undefined;
      try {
        job = await claimJob(this.ctx.db, this.id, this.options.leaseMs);
      } catch (error) {
        if (this.stopping) return;
        this.ctx.log.error({ err: error }, 'claiming a job failed');
      }
      if (job) await this.run(job);
      else await this.idle();
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

  private async run(job: JobRow): Promise<void> {
    const heartbeat = setInterval(() => {
      renewLease(this.ctx.db, job.id, this.id, this.options.leaseMs).catch((err: unknown) =>
        this.ctx.log.warn({ err, jobId: job.id }, 'lease renewal failed'),
      );
    }, Math.max(250, Math.floor(this.options.leaseMs / 3)));
    try {
      const handler = this.ctx.handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler.run(job);
      await finishJob(this.ctx.db, job.id, this.id, { status: 'done' });
    } catch (error) {
      await this.handleFailure(job, error).catch((err: unknown) =>
        this.ctx.log.error({ err, jobId: job.id }, 'recording a job failure failed; the lease will expire and it reruns'),
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async handleFailure(job: JobRow, error: unknown): Promise<void> {
    if (error instanceof SupersededError) {
      await finishJob(this.ctx.db, job.id, this.id, { status: 'done', error: 'superseded' });
      return;
    }
    const handler = this.ctx.handlers[job.kind];
    const message = error instanceof Error ? error.message : String(error);
    const retry = (handler?.isTransient(error) ?? false) && job.attempts < job.maxAttempts;
    this.ctx.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retry, err: error }, 'job failed');
    if (retry) {
      const delay = this.options.retryBaseMs * 2 ** (job.attempts - 1) * (0.75 + Math.random() * 0.5);
      await handler?.onRetry?.(job, message);
      await rescheduleJob(this.ctx.db, job.id, this.id, new Date(Date.now() + delay), message);
      return;
    }
    await handler?.onFail?.(job, message);
    await finishJob(this.ctx.db, job.id, this.id, { status: 'failed', error: message });
  }
}
