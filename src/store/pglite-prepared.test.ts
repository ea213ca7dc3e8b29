import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared.js';

let client: PGlite;
let prepared: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
});

afterAll(async () => {
  await client.close();
});

beforeEach(async () => {
  await client.exec(
    `DEALLOCATE ALL; DROP TABLE IF EXISTS notes; CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, tags text[] NOT NULL DEFAULT '{}', meta jsonb, at timestamptz)`,
  );
  prepared = withPreparedStatements(client, { maxStatements: 3 });
});

/** Named statements the session holds (unnamed ones are not listed). */
const preparedCount = async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;

describe('prepared statements on the embedded database', () => {
  it('answers as PGlite does, values serialized by their inferred types and rows parsed by row mode and parsers', async () => {
    const at = new Date('2026-05-01T10:00:00Z');
    await prepared.query('INSERT INTO notes (id, body, tags, meta, at) VALUES ($1, $2, $3, $4, $5)', [1, 'first', ['a', 'b'], { k: [1, 2] }, at]);
    await prepared.query('INSERT INTO notes (id, body, tags, meta, at) VALUES ($1, $2, $3, $4, $5)', [2, 'second', [], null, null]);
    const text = 'SELECT id, body, tags, meta, at FROM notes WHERE id >= $1 ORDER BY id';
    const plain = await client.query(text, [1]);
    const ours = await prepared.query(text, [1]);
    expect(ours.rows).toEqual(plain.rows);
    expect(ours.rows[0]).toEqual({ id: 1, body: 'first', tags: ['a', 'b'], meta: { k: [1, 2] }, at });
    expect(ours.fields.map((f) => f.name)).toEqual(['id', 'body', 'tags', 'meta', 'at']);

    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    expect((await prepared.query(text, [2], options)).rows).toEqual((await client.query(text, [2], options)).rows);
    const updated = await prepared.query('UPDATE notes SET body = $1 WHERE id > $2', ['changed', 0]);
    expect(updated.affectedRows).toBe(2);
  });

  it('parses a statement once and runs it again by name', async () => {
    for (const id of [1, 2, 3]) await prepared.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [id, `n${id}`]);
    expect(await preparedCount()).toBe(1);
    const statements = await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    expect(statements.rows[0]!.statement).toBe('INSERT INTO notes (id, body) VALUES ($1, $2)');
    expect((await prepared.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id > $1', [0])).rows).toEqual([{ n: 3 }]);
    expect(await preparedCount()).toBe(2);
  });

  it('closes the least recently used statements past its limit, and prepares them again when needed', async () => {
    for (let i = 0; i < 6; i++) expect((await prepared.query<{ v: number }>(`SELECT $1::int + ${i} AS v`, [i])).rows).toEqual([{ v: 2 * i }]);
    expect(await preparedCount()).toBe(3);
    expect((await prepared.query<{ v: number }>('SELECT $1::int + 0 AS v', [5])).rows).toEqual([{ v: 5 }]);
    expect(await preparedCount()).toBe(3);
  });

  it('leaves statements without parameters, and bulk statements, to PGlite', async () => {
    expect((await prepared.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    const ids = Array.from({ length: 600 }, (_, i) => i);
    const values = ids.map((i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
    const inserted = await prepared.query(
      `INSERT INTO notes (id, body) VALUES ${values}`,
      ids.flatMap((i) => [i, `n${i}`]),
    );
    expect(inserted.affectedRows).toBe(600);
    expect(await preparedCount()).toBe(0);
  });

  it('rejects a bad statement with the database error, and keeps working', async () => {
    await expect(prepared.query('SELEC $1', [1])).rejects.toMatchObject({ code: '42601', query: 'SELEC $1' });
    await prepared.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'x']);
    await expect(prepared.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    expect((await prepared.query('SELECT body FROM notes WHERE id = $1', [1])).rows).toEqual([{ body: 'x' }]);
  });

  it('prepares again when a table change alters what a statement returns', async () => {
    await prepared.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'x']);
    const text = 'SELECT * FROM notes WHERE id = $1';
    expect(Object.keys((await prepared.query(text, [1])).rows[0] as object)).not.toContain('extra');
    await client.exec(`ALTER TABLE notes ADD COLUMN extra text DEFAULT 'e'`);
    expect((await prepared.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 'e' });
  });

  it('runs inside transactions, which commit and roll back as before', async () => {
    await prepared.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'kept']);
      expect((await tx.query('SELECT count(*)::int AS n FROM notes WHERE id > $1', [0])).rows).toEqual([{ n: 1 }]);
    });
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [2, 'dropped']);
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await prepared.query('SELECT id FROM notes WHERE id > $1 ORDER BY id', [0])).rows).toEqual([{ id: 1 }]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'uncommitted']);
      open();
      await released;
      await tx.rollback();
    });
    await opened;
    const outside = prepared.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id > $1', [0]);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });
});
