import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, parentIdColumn } from './columns.js';
import { connections } from './connections.js';

/** Deliveries already accepted, so a redelivery does nothing; pruned after a week. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    connectionId: parentIdColumn('connection_id', () => connections.id),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.deliveryId] }), index('webhook_deliveries_received_idx').on(t.receivedAt)],
);
