import type { SQL } from 'drizzle-orm';

/** A database handle or an open transaction: anything that runs a statement. */
export interface SqlRunner {
  execute(query: SQL): Promise<unknown>;
}

/** Rows of a raw `db.execute(sql...)` result; both drivers return `{ rows }`. */
export async function queryRows<T>(db: SqlRunner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A vector as pgvector's text literal; non-finite components become 0. */
export function vectorLiteral(value: ArrayLike<number>): string {
  return `[${Array.from(value, (v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
}
