import { sql } from 'drizzle-orm';
import { type Tx } from './database.js';
import { queryRows, vectorLiteral } from './sql.js';

export interface VectorUpdate {
  id: string;
  embedding: ArrayLike<number>;
}

export type VectorTable = 'chunks' | 'memories';

const UPDATE_BATCH = 200;

/** Stores vectors on existing rows of the organization; returns how many rows were updated. */
export async function setVectors(db: Tx, table: VectorTable, orgId: string, updates: VectorUpdate[]): Promise<number> {
  let updated = 0;
  for (let i = 0; i < updates.length; i += UPDATE_BATCH) {
    const batch = updates.slice(i, i + UPDATE_BATCH);
    const values = JSON.stringify(batch.map((u) => ({ id: u.id, embedding: vectorLiteral(u.embedding) })));
    const rows = await queryRows<{ id: string }>(
      db,
      sql`UPDATE ${sql.raw(table)} AS t SET embedding = v.embedding::vector
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id text, embedding text)
        WHERE t.id = v.id AND t.org_id = ${orgId}
        RETURNING t.id`,
    );
    updated += rows.length;
  }
  return updated;
}

export interface TextToEmbed {
  id: string;
  orgId: string;
  content: string;
  headingPath: string[];
}

/** One page of every row's text in id order, across organizations: re-embedding is an operator task. */
export async function pageTextsToEmbed(db: Tx, table: VectorTable, afterId: string | null, limit: number): Promise<TextToEmbed[]> {
  const columns = table === 'chunks' ? sql.raw('content, heading_path AS "headingPath"') : sql.raw(`memory AS content, '{}'::text[] AS "headingPath"`);
  return queryRows<TextToEmbed>(
    db,
    sql`SELECT id, org_id AS "orgId", ${columns} FROM ${sql.raw(table)}
      WHERE ${afterId === null ? sql`true` : sql`id > ${afterId}`} ORDER BY id LIMIT ${limit}`,
  );
}

export async function countRows(db: Tx, table: VectorTable): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(row?.n ?? 0);
}
