import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConnectionRecord, ConnectorKind } from '../../model/connections.js';
import { timestamptz, timestamps, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

export const connections = pgTable(
  'connections',
  {
    ...orgRecordColumns(),
    kind: text('kind').$type<ConnectorKind>().notNull(),
    containerTag: text('container_tag').notNull(),
    documentLimit: integer('document_limit'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('pending'),
    email: text('email'),
    accountId: text('account_id'),
    /** What a kind's shared push endpoint names the account by: the mailbox address (mail), the workspace id (notes workspace). */
    deliveryKey: text('delivery_key'),
    /** The token set, sealed with the server secret. */
    tokens: text('tokens'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    tokenRefreshUntil: timestamptz('token_refresh_until'),
    cursor: jsonb('cursor').$type<unknown>(),
    usesCustomKey: boolean('uses_custom_key').notNull().default(false),
    /** Sealed. */
    webhookSecret: text('webhook_secret'),
    authNonce: text('auth_nonce'),
    redirectUrl: text('redirect_url'),
    expiresAt: timestamptz('expires_at'),
    nextSyncAt: timestamptz('next_sync_at'),
    subscription: jsonb('subscription').$type<unknown>(),
    subscriptionRenewBy: timestamptz('subscription_renew_by'),
    ...timestamps,
  },
  (t) => [
    // One connection per kind and tag: the SDK reads it back by provider and tag (getByTag).
    uniqueIndex('connections_org_kind_tag_uq').on(t.orgId, t.kind, t.containerTag),
    index('connections_next_sync_idx').on(t.nextSyncAt),
    index('connections_delivery_key_idx').on(t.kind, t.deliveryKey),
  ],
);

export type ConnectionRow = SameShape<typeof connections.$inferSelect, ConnectionRecord>;
