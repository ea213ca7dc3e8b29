import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookEventRecord } from '../../model/webhooks.js';
import type { SameShape } from './columns.js';
import { orgs } from './orgs.js';

/** The outbox: an event written in the transaction of the change that caused it, kept while a delivery of it is. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    containerTag: text('container_tag'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

export type WebhookEventRow = SameShape<typeof webhookEvents.$inferSelect, WebhookEventRecord>;
