import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Which model the stored vectors come from; one row, written at first start or by a re-embed. */
export const embeddingSpace = pgTable('embedding_space', {
  id: text('id').primaryKey().default('current'),
  model: text('model').notNull(),
  dimension: integer('dimension').notNull(),
  recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
});
