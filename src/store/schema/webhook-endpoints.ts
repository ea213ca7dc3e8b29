import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { WebhookEndpointRecord } from '../../model/webhooks.js';
import { timestamptz, timestamps, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

/** Where an organization's events are sent (outgoing webhooks; the receiver of providers' webhooks is `webhook_deliveries`). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...orgRecordColumns(),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    containerTags: text('container_tags').array(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Sealed. */
    secret: text('secret').notNull(),
    /** Sealed. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    leasedUntil: timestamptz('leased_until'),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId)],
);

export type WebhookEndpointRow = SameShape<typeof webhookEndpoints.$inferSelect, WebhookEndpointRecord>;
