import { sql } from 'drizzle-orm';
import type { Tx } from '../database.js';
import type { SearchTable } from './scope.js';
import { queryRows } from '../sql.js';

export interface LexemeStatistics {
  /** Estimated rows of the table. */
  rows: number;
  /** The planner's most common lexemes of the full-text column and the share of rows holding each. */
  frequencies: Map<string, number>;
}

/**
 * What ANALYZE learnt about the full-text column: null when the table was never analyzed. The
 * planner keeps these for its own estimates; search uses them to tell common words from rare
 * ones without counting.
 */
export async function readLexemeStatistics(db: Tx, table: SearchTable): Promise<LexemeStatistics | null> {
  const rows = await queryRows<{ rows: number | string; lexeme: string | null; frequency: number | string | null }>(
    db,
    sql`SELECT c.reltuples AS rows, u.lexeme, u.frequency
      FROM pg_class c
      LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = ${table} AND s.attname = 'tsv'
      LEFT JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(lexeme, frequency) ON true
      WHERE c.oid = ${table}::regclass`,
  );
  const tableRows = Number(rows[0]?.rows ?? -1);
  const frequencies = new Map<string, number>();
  for (const row of rows) if (row.lexeme !== null && row.frequency !== null) frequencies.set(row.lexeme, Number(row.frequency));
  if (tableRows < 0 || !frequencies.size) return null;
  return { rows: tableRows, frequencies };
}

/** Refreshes the planner statistics of a search table (PostgreSQL's autovacuum does this too; the embedded database has none). */
export async function analyzeTable(db: Tx, table: SearchTable): Promise<void> {
  await db.execute(sql.raw(`ANALYZE ${table}`));
}
