import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MergeProgress, MergeRecord, MergeStatus } from '../../model/tags.js';
import { timestamps, timestamptz, type SameShape } from './columns.js';
import { orgRecordColumns } from './orgs.js';

export const containerTagMerges = pgTable(
  'container_tag_merges',
  {
    ...orgRecordColumns(),
    /** In the order the caller gave them: on a customId clash the earlier source keeps the id. */
    sourceTags: text('source_tags').array().notNull(),
    targetTag: text('target_tag').notNull(),
    status: text('status').$type<MergeStatus>().notNull().default('queued'),
    progress: jsonb('progress').$type<MergeProgress>(),
    lastError: text('last_error'),
    ...timestamps,
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('container_tag_merges_org_status_idx').on(t.orgId, t.status)],
);

export type MergeRow = SameShape<typeof containerTagMerges.$inferSelect, MergeRecord>;
