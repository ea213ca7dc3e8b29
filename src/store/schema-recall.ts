import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A pgvector column without a fixed dimension. The dimension belongs to the configured embedding
 * model, not to the schema: it is recorded in `embedding_space`, and the HNSW indexes (which do
 * need one) are built over `embedding::vector(<dimension>)` once the model is known.
 */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => vectorLiteral(value),
  fromDriver: (value) => JSON.parse(value) as number[],
});

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export function vectorLiteral(value: ArrayLike<number>): string {
  return `[${Array.from(value, (v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
}

/** Which model the stored vectors come from; one row, written at first start or by a re-embed. */
export const embeddingSpace = pgTable('embedding_space', {
  id: text('id').primaryKey().default('current'),
  model: text('model').notNull(),
  dimension: integer('dimension').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
