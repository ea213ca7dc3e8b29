import { hostname } from 'node:os';
import { newId } from '../core/ids.js';
import { updateDocumentGeneration } from '../store/documents.js';
import { claimJob, finishJob, renewLease, rescheduleJob, type JobRow } from '../store/jobs.js';
import { isTransientError, runIngest, SupersededError, type IngestContext } from './ingest.js';

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
export class IngestWorker {
  readonly id = `${hostname()}:${process.pid}:${newId().slice(0, 6)}`;
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wakeups = new Set<() => void>();

  constructor(
    private readonly ctx: IngestContext,
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
      await runIngest(this.ctx, job);
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
    const message = error instanceof Error ? error.message : String(error);
    const retry = isTransientError(error) && job.attempts < job.maxAttempts;
    this.ctx.log.warn({ jobId: job.id, documentId: job.documentId, attempt: job.attempts, retry, err: error }, 'ingest failed');
    if (retry) {
      const delay = this.options.retryBaseMs * 2 ** (job.attempts - 1) * (0.75 + Math.random() * 0.5);
      await updateDocumentGeneration(this.ctx.db, job.orgId, job.documentId, job.generation, {
        status: 'queued',
        error: `attempt ${job.attempts} failed, retrying: ${message}`,
      });
      await rescheduleJob(this.ctx.db, job.id, this.id, new Date(Date.now() + delay), message);
      return;
    }
    await updateDocumentGeneration(this.ctx.db, job.orgId, job.documentId, job.generation, {
      status: 'failed',
      error: message,
    });
    await finishJob(this.ctx.db, job.id, this.id, { status: 'failed', error: message });
  }
}
