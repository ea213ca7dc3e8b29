import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failOnDuplicate, DuplicateKeyError } from '../errors.js';
import { openInWorker } from './client.js';
import { openEngine } from './engine.js';
import type { EmbeddedClient } from './protocol.js';

describe('the embedded database in a thread of its own', () => {
  let inWorker: EmbeddedClient;
  let inThread: EmbeddedClient;

  beforeAll(async () => {
    [inWorker, inThread] = await Promise.all([openInWorker({ dataDir: 'memory://' }), openEngine({ dataDir: 'memory://' })]);
    for (const client of [inWorker, inThread]) {
      await client.query(
        `CREATE TABLE t (id int PRIMARY KEY, body text, big int8, bytes bytea, meta jsonb, at timestamptz, day date, v vector(3), tags text[])`,
      );
    }
  });

  afterAll(async () => {
    await inWorker?.close();
    await inThread?.close();
  });

  const insert = `INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
  const values = [
    1,
    'one',
    9_007_199_254_740_993n,
    new Uint8Array([1, 2, 255]),
    JSON.stringify({ a: [1, 'x'] }),
    new Date('2026-11-28T01:02:03.456Z'),
    '2026-11-28',
    '[1,2,3]',
    ['a', 'b'],
  ];

  it('answers with the same values, of the same types, as PGlite in the main thread', async () => {
    for (const client of [inWorker, inThread]) expect((await client.query(insert, values)).affectedRows).toBe(1);
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const ours = await inWorker.query('SELECT * FROM t WHERE id = $1', [1], options);
      const theirs = await inThread.query('SELECT * FROM t WHERE id = $1', [1], options);
      expect(ours).toEqual(theirs);
      const row = (options ? ours.rows[0] : Object.values(ours.rows[0] as object)) as unknown[];
      expect(row[2]).toBe(9_007_199_254_740_993n);
      expect(row[3]).toBeInstanceOf(Uint8Array);
      expect(row[4]).toEqual({ a: [1, 'x'] });
      expect(row[5]).toBeInstanceOf(Date);
      expect(row[8]).toEqual(['a', 'b']);
    }
  });

  it('applies a query’s own parsers in the main thread, as drizzle passes them', async () => {
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => `<${value}>`, [types.DATE]: (value: string) => value } };
    const ours = await inWorker.query<unknown[]>('SELECT at, day, at AS again, null::timestamptz AS none FROM t WHERE id = $1', [1], options);
    const theirs = await inThread.query<unknown[]>('SELECT at, day, at AS again, null::timestamptz AS none FROM t WHERE id = $1', [1], options);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]![0]).toMatch(/^<2026-11-28 01:02:03.456\+00>$/);
    const objects = await inWorker.query<Record<string, unknown>>('SELECT at, at FROM t', [], { parsers: options.parsers });
    expect(objects.rows).toEqual((await inThread.query('SELECT at, at FROM t', [], { parsers: options.parsers })).rows);
  });

  it('carries PostgreSQL’s errors with their fields, so a unique violation is a DuplicateKeyError', async () => {
    const failure = await inWorker.query(insert, values).catch((error: unknown) => error as Record<string, unknown>);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't', severity: 'ERROR' });
    expect((failure as { detail: string }).detail).toContain('already exists');
    await expect(failOnDuplicate(() => inWorker.query(insert, values))).rejects.toBeInstanceOf(DuplicateKeyError);
  });

  it('runs a transaction as one session: committed, or rolled back when its callback throws', async () => {
    await inWorker.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, body) VALUES ($1, $2)`, [2, 'two']);
      await tx.query(`UPDATE t SET body = $1 WHERE id = $2`, ['deux', 2]);
    });
    const failed = inWorker.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, body) VALUES ($1, $2)`, [3, 'three']);
      await tx.query(`INSERT INTO t (id, body) VALUES ($1, $2)`, [3, 'again']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    const rows = await inWorker.query('SELECT id, body FROM t WHERE id > $1 ORDER BY id', [1]);
    expect(rows.rows).toEqual([{ id: 2, body: 'deux' }]);
    // A statement outside the transaction waits for it to end, as in one thread.
    const order: string[] = [];
    let waiting: Promise<unknown> = Promise.resolve();
    await inWorker.transaction(async (tx) => {
      waiting = inWorker
        .query('SELECT count(*)::int AS n FROM t WHERE id = $1', [4])
        .then((result) => order.push(`outside saw ${JSON.stringify(result.rows)}`));
      await tx.query(`INSERT INTO t (id, body) VALUES ($1, $2)`, [4, 'four']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('committing');
    });
    await waiting;
    expect(order).toEqual(['committing', 'outside saw [{"n":1}]']);
    await inWorker.query('DELETE FROM t WHERE id = $1', [4]);
  });

  it('forwards notifications, and stops when told', async () => {
    let heard = 0;
    const payloads: string[] = [];
    const unlisten = await inWorker.listen('changes', (payload) => {
      heard++;
      payloads.push(payload);
    });
    await inWorker.query(`SELECT pg_notify('changes', $1)`, ['x']);
    await expect.poll(() => heard).toBe(1);
    expect(payloads).toEqual(['x']);
    await unlisten();
    await inWorker.query(`SELECT pg_notify('changes', $1)`, ['y']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toBe(1);
  });

  it('dumps a template that opens migrated with its rows, and a gzipped backup', async () => {
    const copy = await openInWorker({ dataDir: 'memory://', template: await inWorker.dump() });
    try {
      expect((await copy.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
    } finally {
      await copy.close();
    }
    const backup = new Uint8Array(await (await inWorker.backup()).arrayBuffer());
    expect([backup[0], backup[1]]).toEqual([0x1f, 0x8b]);
  });
});

describe('the embedded database thread failing', () => {
  it('rejects waiting and later calls with a clear error when the thread ends', async () => {
    const client = await openInWorker({ dataDir: 'memory://' });
    const waiting = client.query('SELECT pg_sleep(0.5)');
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/embedded database's thread ended/);
    await expect(client.query('SELECT 1')).rejects.toThrow(/embedded database's thread ended/);
    expect(client.closed).toBe(true);
    await client.close();
  });

  it('fails a call whose values cannot cross to the thread, leaving nothing waiting to hold the process', async () => {
    const client = (await openInWorker({ dataDir: 'memory://' })) as EmbeddedClient & { waiting: number };
    try {
      await expect(client.query('SELECT $1::text AS v', [() => 'a function'])).rejects.toMatchObject({ name: 'DataCloneError' });
      expect(client.waiting).toBe(0);
      expect((await client.query('SELECT $1::text AS v', ['still answers'])).rows).toEqual([{ v: 'still answers' }]);
    } finally {
      await client.close();
    }
  });

  it('refuses to open a database it cannot open, with the database’s error', async () => {
    await expect(openInWorker({ dataDir: 'memory://', template: new Blob(['not a dump']) })).rejects.toThrow();
  });
});
