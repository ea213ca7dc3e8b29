import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/database.js';
import { claimJob, enqueueJob, finishJob, renewLease, rescheduleJob } from '../../src/store/jobs.js';
import { jobs } from '../../src/store/schema/jobs.js';
import { newId, newOrg, openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';

describe('store: jobs', () => {
  let fixture: StoreFixture;
  let database: Database;
  let orgId: string;

  beforeAll(async () => {
    fixture = await openStoreDatabase();
    database = fixture.database;
    orgId = await newOrg(database);
  });
  afterAll(async () => fixture?.close());
  // Each test starts from an empty queue: a claim takes whatever is due.
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  const enqueue = async (maxAttempts = 3) => {
    const id = newId('j');
    // Due a second ago: the database's now() has microseconds, a claim's Date only milliseconds.
    await enqueueJob(database.db, { id, orgId, maxAttempts, kind: 'merge', payload: { n: 1 }, runAt: new Date(Date.now() - 1000) });
    return id;
  };
  const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  it('claims a due job once, leases it to the worker and counts the attempt', async () => {
    const id = await enqueue();
    const claimed = await claimJob(database.db, 'worker-1', 60_000, new Date());
    expect(claimed).toMatchObject({ exhausted: false, job: { id, status: 'running', lockedBy: 'worker-1', attempts: 1, payload: { n: 1 } } });
    expect(claimed!.job.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Leased: nobody else gets it.
    expect(await claimJob(database.db, 'worker-2', 60_000, new Date())).toBeUndefined();
    expect(await renewLease(database.db, id, 'worker-1', 60_000, new Date())).toBe(true);
    expect(await renewLease(database.db, id, 'worker-2', 60_000, new Date())).toBe(false);

    await finishJob(database.db, id, 'worker-1', { status: 'done' }, new Date());
    expect(await row(id)).toMatchObject({ status: 'done', lockedUntil: null, lastError: null });
    expect(await claimJob(database.db, 'worker-1', 60_000, new Date())).toBeUndefined();
  });

  it('gives a job whose lease ran out to another worker, and the first one can no longer touch it', async () => {
    const id = await enqueue();
    expect(await claimJob(database.db, 'worker-1', 1, new Date())).toMatchObject({ job: { id, attempts: 1 } });
    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    const taken = await claimJob(database.db, 'worker-2', 60_000, new Date());
    expect(taken).toMatchObject({ exhausted: false, job: { id, lockedBy: 'worker-2', attempts: 2 } });
    expect(await renewLease(database.db, id, 'worker-1', 60_000, new Date())).toBe(false);
    await finishJob(database.db, id, 'worker-1', { status: 'failed', error: 'late' }, new Date());
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'worker-2' });
  });

  it('leaves a job its own worker started while the claim was under way, however late that lease', async () => {
    const id = await enqueue();
    await claimJob(database.db, 'worker-1', 60_000, new Date());
    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    const running = new Set<string>();
    const claim = claimJob(database.db, 'worker-1', 60_000, new Date(), running);
    // The worker starts running the job before the claim judges leases (its event loop was held).
    running.add(id);
    expect(await claim).toBeUndefined();
    expect(await claimJob(database.db, 'worker-2', 60_000, new Date())).toMatchObject({ job: { id, lockedBy: 'worker-2' } });
  });

  it('reschedules a job for later, and reports it exhausted once its attempts are used up', async () => {
    const id = await enqueue(2);
    await claimJob(database.db, 'worker-1', 60_000, new Date());
    await rescheduleJob(database.db, id, 'worker-1', new Date(Date.now() + 60_000), 'try later', new Date());
    expect(await row(id)).toMatchObject({ status: 'queued', lastError: 'try later', lockedBy: null });
    expect(await claimJob(database.db, 'worker-1', 60_000, new Date())).toBeUndefined();

    await database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    expect(await claimJob(database.db, 'worker-1', 1, new Date())).toMatchObject({ exhausted: false, job: { attempts: 2 } });
    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    expect(await claimJob(database.db, 'worker-2', 60_000, new Date())).toMatchObject({ exhausted: true, job: { id, attempts: 2 } });
  });

  it('judges due times and leases by the time it is given, not the time of day', async () => {
    const HOUR_MS = 3_600_000;
    const base = Date.now();
    const at = (ms: number) => new Date(base + ms);
    const id = newId('j');
    await enqueueJob(database.db, { id, orgId, maxAttempts: 3, kind: 'merge', runAt: at(HOUR_MS) });
    expect(await claimJob(database.db, 'worker-1', 60_000, at(HOUR_MS - 60_000))).toBeUndefined();
    const claimed = await claimJob(database.db, 'worker-1', 60_000, at(HOUR_MS + 1000));
    expect(claimed!.job.lockedUntil).toEqual(at(HOUR_MS + 61_000));
    // Within the lease by that time: nobody else gets it; past it: another worker does.
    expect(await claimJob(database.db, 'worker-2', 60_000, at(HOUR_MS + 30_000))).toBeUndefined();
    expect(await claimJob(database.db, 'worker-2', 60_000, at(HOUR_MS + 62_000))).toMatchObject({ job: { id, lockedBy: 'worker-2' } });
    // A renewal runs the lease on from the time it is given.
    expect(await renewLease(database.db, id, 'worker-2', 60_000, at(2 * HOUR_MS))).toBe(true);
    expect(await claimJob(database.db, 'worker-3', 60_000, at(2 * HOUR_MS + 30_000))).toBeUndefined();
  });

  it('never hands one job to two concurrent claims', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => enqueue()));
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimJob(database.db, `worker-${i}`, 60_000, new Date())));
    const claimed = claims.filter((c) => c !== undefined).map((c) => c!.job.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  });
});
