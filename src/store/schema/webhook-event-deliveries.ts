import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryRecord, WebhookDeliveryStatus } from '../../model/webhooks.js';
import { timestamptz, parentIdColumn, timestamps, type SameShape } from './columns.js';
import { webhookEndpoints } from './webhook-endpoints.js';
import { webhookEvents } from './webhook-events.js';

/** One event to one endpoint: sent in `seq` order per endpoint, with its attempts and the receiver's last answer. */
export const webhookEventDeliveries = pgTable(
  'webhook_event_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orgId: text('org_id').notNull(),
    endpointId: parentIdColumn('endpoint_id', () => webhookEndpoints.id),
    eventId: parentIdColumn('event_id', () => webhookEvents.id),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    ...timestamps,
  },
  (t) => [
    // The head of each endpoint's queue: its pending delivery of the lowest seq.
    index('webhook_event_deliveries_pending_idx').on(t.endpointId, t.seq).where(sql`${t.status} = 'pending'`),
    index('webhook_event_deliveries_endpoint_idx').on(t.endpointId, t.seq),
    index('webhook_event_deliveries_event_idx').on(t.eventId),
  ],
);

export type WebhookDeliveryRow = SameShape<typeof webhookEventDeliveries.$inferSelect, WebhookDeliveryRecord>;
