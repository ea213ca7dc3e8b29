import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import type { ProfileEntry } from '../../model/profiles.js';
import { orgIdColumn } from './orgs.js';

/**
 * The profile of a container tag, materialized whenever its memories change so that a read is a
 * single-row lookup.
 */
export const profiles = pgTable(
  'profiles',
  {
    orgId: orgIdColumn(),
    containerTag: text('container_tag').notNull(),
    staticEntries: jsonb('static_entries').$type<ProfileEntry[]>().notNull().default([]),
    dynamicEntries: jsonb('dynamic_entries').$type<ProfileEntry[]>().notNull().default([]),
    bucketEntries: jsonb('bucket_entries').$type<Record<string, ProfileEntry[]>>().notNull().default({}),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.containerTag] }), index('profiles_org_idx').on(t.orgId)],
);
