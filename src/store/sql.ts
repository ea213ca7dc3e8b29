import { sql, type SQL } from 'drizzle-orm';

/** A database handle or an open transaction: anything that runs a statement. */
export interface SqlRunner {
  execute(query: SQL): Promise<unknown>;
}

/** Rows of a raw `db.execute(sql...)` result; both drivers return `{ rows }`. */
export async function queryRows<T>(db: SqlRunner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A vector as pgvector's text literal, stored digit for digit; non-finite components become 0. */
export function vectorLiteral(value: ArrayLike<number>): string {
  return `[${Array.from(value, (v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
}

/**
 * A vector as an integer array literal, scaled so its largest component is 2^30; non-finite
 * components become 0. The embedded database reads 512 integers in about a quarter of the time it
 * takes for 512 decimals, and the rounding moves no component by more than a two-billionth of the
 * largest. Cosine distance does not depend on a vector's length, so a query vector can be sent so.
 */
export function scaledIntegers(value: ArrayLike<number>): string {
  const values = Array.from(value, (v) => (Number.isFinite(v) ? v : 0));
  const largest = values.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
  const scale = largest > 0 ? 2 ** 30 / largest : 0;
  return `{${values.map((v) => Math.round(v * scale)).join(',')}}`;
}

/**
 * An embedder's vector to store: sent as scaled integers (`scaledIntegers`) and brought back to
 * unit length by the database, a quarter of the time the decimal literal takes to parse. Every
 * embedder returns unit vectors, and search compares directions only. (Imports store the exported
 * vectors as `vectorLiteral`, so that a round trip keeps them exactly.)
 */
export function unitVectorValue(value: ArrayLike<number>): SQL {
  return sql`l2_normalize(${scaledIntegers(value)}::int4[]::vector)`;
}
