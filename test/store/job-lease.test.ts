import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../src/core/shared/clock.js';
import { DeferredError, JobWorker, type JobHandler } from '../../src/pipeline/worker.js';
import type { Database } from '../../src/store/database.js';
import { claimJob, enqueueJob } from '../../src/store/jobs.js';
import { jobs } from '../../src/store/schema/jobs.js';
import { newId, newOrg, openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';
import { MovableClock } from '../helpers/clock.js';
import { waitFor } from '../helpers/wait.js';

// Long enough that a database read under a loaded CI machine stays well inside a quarter of it.
const LEASE_MS = 600;

/** Holds the event loop the way long work on the embedded database does: no timer can fire meanwhile. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('store: a job outlasting its lease in a live worker', () => {
  let fixture: StoreFixture;
  let database: Database;
  let orgId: string;
  let worker: JobWorker | undefined;

  beforeAll(async () => {
    fixture = await openStoreDatabase();
    database = fixture.database;
    orgId = await newOrg(database);
  });
  afterAll(async () => fixture?.close());
  beforeEach(async () => {
    await worker?.stop();
    await database.db.delete(jobs);
  });

  const startWorker = (handler: JobHandler, clock: Clock = systemClock) => {
    worker = new JobWorker(
      { db: database.db, log: pino({ level: 'silent' }), clock, handlers: { slow: handler } },
      { concurrency: 3, pollMs: 10, leaseMs: LEASE_MS, retryBaseMs: 10 },
    );
    worker.start();
  };
  const enqueue = async () => {
    const id = newId('j');
    await enqueueJob(database.db, { id, orgId, maxAttempts: 5, kind: 'slow', runAt: new Date(Date.now() - 1000) });
    return id;
  };
  const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  it("runs a deferred job again when the clock it was given reaches the job's time", async () => {
    const HOUR_MS = 3_600_000;
    const clock = new MovableClock();
    let runs = 0;
    startWorker(
      {
        isTransient: () => true,
        async run() {
          runs++;
          if (runs === 1) throw new DeferredError(new Date(clock.now().getTime() + HOUR_MS), 'the provider asked to wait an hour');
        },
      },
      clock,
    );
    const id = await enqueue();
    await waitFor(async () => (runs === 1 && (await row(id)).status === 'queued' ? true : undefined));
    expect((await row(id)).runAt.getTime()).toBeGreaterThan(Date.now() + HOUR_MS - 60_000);
    // Many polls later the job still waits: its time has not come by that clock.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
    clock.advance(HOUR_MS);
    await waitFor(async () => ((await row(id)).status === 'done' ? true : undefined));
    await worker!.stop();
    expect(runs).toBe(2);
    // The deferral spent no attempt.
    expect(await row(id)).toMatchObject({ attempts: 1, lockedUntil: null });
  });

  it('is not claimed a second time while its stages hold the event loop past the lease', async () => {
    const stageRuns: number[] = [0, 0, 0, 0];
    startWorker({
      isTransient: () => true,
      async run(_job, lease) {
        for (let stage = 0; stage < stageRuns.length; stage++) {
          await lease.renew();
          stageRuns[stage]++;
          holdEventLoop(LEASE_MS * 2);
          // Then waits on a worker thread (conversion, embedding): timers run, other loops claim.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    });
    const id = await enqueue();
    await waitFor(async () => ((await row(id)).status === 'done' ? true : undefined));
    await worker!.stop();
    expect(stageRuns).toEqual([1, 1, 1, 1]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('renews between quick stages only once its lease has aged, and still finishes the job', async () => {
    const leases: number[] = [];
    const lockedUntil = async (id: string) => (await row(id)).lockedUntil!.getTime();
    // The worker's time stands still but for the slow stage's half lease: however loaded the
    // machine, the quick stages take none of the lease.
    let nowMs = Date.now();
    const stillClock: Clock = { now: () => new Date(nowMs) };
    startWorker(
      {
        isTransient: () => true,
        async run(job, lease) {
          leases.push(await lockedUntil(job.id));
          for (let stage = 0; stage < 50; stage++) await lease.renew();
          leases.push(await lockedUntil(job.id));
          nowMs += LEASE_MS / 2;
          await lease.renew();
          leases.push(await lockedUntil(job.id));
        },
      },
      stillClock,
    );
    const id = await enqueue();
    await waitFor(async () => ((await row(id)).status === 'done' ? true : undefined));
    const [claimed, afterQuickStages, afterSlowStage] = leases;
    // Fifty quick stages kept the claim's lease; a stage begun past a quarter of it extended it.
    expect(afterQuickStages).toBe(claimed);
    expect(afterSlowStage - claimed).toBeGreaterThanOrEqual(LEASE_MS / 2);
  });

  it('stops at its next stage, recording nothing, when another worker took it over after its lease ran out', async () => {
    const stageRuns = [0, 0];
    let outcomes = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    startWorker({
      isTransient: () => true,
      onRetry: async () => void outcomes++,
      onFail: async () => void outcomes++,
      async run(_job, lease) {
        for (let stage = 0; stage < stageRuns.length; stage++) {
          await lease.renew();
          stageRuns[stage]++;
          if (stage === 0) await held;
        }
      },
    });
    const id = await enqueue();
    await waitFor(async () => (stageRuns[0] === 1 ? true : undefined));
    // The holder looks dead to another process: its lease ran out and that process claims the job.
    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(0) })
      .where(eq(jobs.id, id));
    expect(await claimJob(database.db, 'other-process', 60_000, new Date())).toMatchObject({ job: { id, lockedBy: 'other-process' } });
    // The holder's own view of its lease ages past the moments in which it skips renewing.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    release();
    await worker!.stop();
    expect(stageRuns).toEqual([1, 0]);
    expect(outcomes).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'other-process', lastError: null });
  });
});
