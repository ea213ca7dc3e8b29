import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets a provider hands the whole service rather than one connection (Notion's webhook
 * verification token), sealed with the server secret; one per kind, the latest received.
 */
export const kindSecrets = pgTable('kind_secrets', {
  kind: text('kind').primaryKey(),
  /** Sealed. */
  secret: text('secret').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
});
