import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { connections } from './connections.js';

/** Deliveries already accepted, so a redelivery does nothing; pruned after a week. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.deliveryId] }), index('webhook_deliveries_received_idx').on(t.receivedAt)],
);
