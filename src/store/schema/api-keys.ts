import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ApiKeyRecord } from '../../model/access.js';
import { timestamptz, timestamps, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    ...orgRecordColumns(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyPrefix: text('key_prefix').notNull(),
    role: text('role').notNull().default('member'),
    permission: text('permission').notNull().default('write'),
    containerTags: text('container_tags').array(),
    expiresAt: timestamptz('expires_at'),
    rateLimitMax: integer('rate_limit_max'),
    rateLimitWindowMs: integer('rate_limit_window_ms'),
    disabled: boolean('disabled').notNull().default(false),
    lastUsedAt: timestamptz('last_used_at'),
    ...timestamps,
  },
  (t) => [index('api_keys_org_idx').on(t.orgId)],
);

export type ApiKeyRow = SameShape<typeof apiKeys.$inferSelect, ApiKeyRecord>;
