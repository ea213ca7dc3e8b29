import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProfileBucket } from '../../model/profiles.js';
import type { SpaceRecord } from '../../model/tags.js';
import { timestamps, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

export const spaces = pgTable(
  'spaces',
  {
    ...orgRecordColumns(),
    containerTag: text('container_tag').notNull(),
    name: text('name'),
    entityContext: text('entity_context'),
    memoryFilesystemPaths: text('memory_filesystem_paths').array(),
    /** The tag's own profile buckets, added to the organization's. */
    profileBuckets: jsonb('profile_buckets').$type<ProfileBucket[]>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('spaces_org_tag_uq').on(t.orgId, t.containerTag)],
);

export type SpaceRow = SameShape<typeof spaces.$inferSelect, SpaceRecord>;
