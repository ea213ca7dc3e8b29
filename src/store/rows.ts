import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.js';

/** The first whole row of `table` that `where` selects, if any. */
export async function firstRow<T extends PgTable>(db: Tx, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}
