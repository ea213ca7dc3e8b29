import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { WebhookEventRecord } from '../../model/webhooks.js';
import { timestamptz, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

/** The outbox: an event written in the transaction of the change that caused it, kept while a delivery of it is. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    ...orgRecordColumns(),
    type: text('type').notNull(),
    containerTag: text('container_tag'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

export type WebhookEventRow = SameShape<typeof webhookEvents.$inferSelect, WebhookEventRecord>;
