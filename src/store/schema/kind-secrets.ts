import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * Secrets a provider hands the whole service rather than one connection (Notion's webhook
 * verification token), sealed with the server secret; one per kind, the first received (an admin
 * replaces or clears it). `{kind}#unsolicited` holds the latest token sent after it, for an admin to
 * see, and `{kind}#verified` (no secret) when an event first verified with it: see kind-secrets.ts.
 */
export const kindSecrets = pgTable('kind_secrets', {
  kind: text('kind').primaryKey(),
  /** Sealed. */
  secret: text('secret').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});
