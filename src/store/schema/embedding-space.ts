import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which model the stored vectors come from; one row, written at first start or by a re-embed. */
export const embeddingSpace = pgTable('embedding_space', {
  id: text('id').primaryKey().default('current'),
  model: text('model').notNull(),
  dimension: integer('dimension').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
