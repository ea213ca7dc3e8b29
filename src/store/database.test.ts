import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedPgliteTemplate, openDatabase, type Database } from './database.js';
import { insertOrgIfMissing } from './keys.js';
import { actingFor, asRequest, inBackground } from './turns.js';

const rows = async (database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

describe('embedded database template', () => {
  it('starts in-memory databases migrated and empty, each independent of the others', async () => {
    const template = await migratedPgliteTemplate();
    const first = await openDatabase({ dataDir: 'memory://', template });
    const second = await openDatabase({ dataDir: 'memory://', template });
    try {
      await insertOrgIfMissing(first.db, { id: 'o1', name: 'one', slug: 'one' });
      expect(await rows(first, sql`select id from orgs`)).toEqual([{ id: 'o1' }]);
      expect(await rows(second, sql`select id from orgs`)).toEqual([]);
      expect(await rows(second, sql`select 1 from pg_type where typname = 'vector'`)).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('embedded database settings', () => {
  it('sizes the page cache as configured and keeps PGlite’s other start-up settings', async () => {
    const database = await openDatabase({ dataDir: 'memory://', template: await migratedPgliteTemplate(), sharedBuffersMb: 48 });
    try {
      expect(await rows(database, sql`SELECT current_setting('shared_buffers') AS value`)).toEqual([{ value: '48MB' }]);
      expect(await rows(database, sql`SELECT current_setting('max_parallel_workers') AS value`)).toEqual([{ value: '0' }]);
    } finally {
      await database.close();
    }
  });
});

describe('embedded database turns in its own thread', () => {
  /** When a statement ran, and its place in the order statements ran in (the sequence `ran`). */
  const at = async (database: Database, label: string) => {
    const [row] = (await rows(database, sql`SELECT ${label}::text AS label, clock_timestamp() AS at, nextval('ran')::int AS place`)) as {
      label: string;
      at: string | Date;
      place: number;
    }[];
    return { label: row.label, at: new Date(row.at).getTime(), place: row.place };
  };
  const open = async () => {
    const database = await openDatabase({ dataDir: 'memory://', template: await migratedPgliteTemplate(), embeddedThread: 'worker' });
    await database.db.execute(sql`CREATE SEQUENCE ran`);
    return database;
  };
  const inOrder = (ran: { label: string; place: number }[]) => ran.sort((x, y) => x.place - y.place).map((r) => r.label);

  it('runs the next waiting statement as soon as the last one has run, while this thread is busy', async () => {
    const database = await open();
    try {
      const slow = rows(database, sql`SELECT pg_sleep(0.2)`);
      const next = at(database, 'next');
      await new Promise((resolve) => setImmediate(resolve));
      // This thread reads no answer while it sleeps: a statement queued here would wait for it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
      const woke = Date.now();
      await slow;
      expect((await next).at).toBeLessThan(woke);
    } finally {
      await database.close();
    }
  });

  it('lets a request that arrives during a statement go before background work that asked earlier', async () => {
    const database = await open();
    try {
      const slow = rows(database, sql`SELECT pg_sleep(0.2)`);
      const job = inBackground(() => at(database, 'job'));
      // The thread is in the statement: neither call is read there until it ends.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const request = at(database, 'request');
      await slow;
      expect(inOrder(await Promise.all([job, request]))).toEqual(['request', 'job']);
    } finally {
      await database.close();
    }
  });

  it('serves the organization served longest ago first, and counts the statements waiting', async () => {
    const database = await open();
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let begun!: () => void;
      const holding = new Promise<void>((resolve) => (begun = resolve));
      // A job's transaction holds the one connection while the others queue.
      const job = inBackground(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          begun();
          await released;
        }),
      );
      await holding;
      const asOrg = (org: string, label: string) =>
        asRequest(() => {
          actingFor(org);
          return at(database, label);
        });
      const queued = [asOrg('org-a', 'a1'), asOrg('org-a', 'a2'), asOrg('org-b', 'b')];
      await expect.poll(() => database.connections()).toMatchObject({ busy: true, waitingRequests: 3, waitingJobs: 0 });
      release();
      await job;
      expect(inOrder(await Promise.all(queued))).toEqual(['a1', 'b', 'a2']);
      await expect.poll(() => database.connections()).toMatchObject({ busy: false, waitingRequests: 0, waitingJobs: 0 });
    } finally {
      await database.close();
    }
  });
});
