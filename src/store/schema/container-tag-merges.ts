import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MergeProgress, MergeRecord, MergeStatus } from '../../model/tags.js';
import type { SameShape } from './columns.js';
import { orgIdColumn } from './orgs.js';

export const containerTagMerges = pgTable(
  'container_tag_merges',
  {
    id: text('id').primaryKey(),
    orgId: orgIdColumn(),
    /** In the order the caller gave them: on a customId clash the earlier source keeps the id. */
    sourceTags: text('source_tags').array().notNull(),
    targetTag: text('target_tag').notNull(),
    status: text('status').$type<MergeStatus>().notNull().default('queued'),
    progress: jsonb('progress').$type<MergeProgress>(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('container_tag_merges_org_status_idx').on(t.orgId, t.status)],
);

export type MergeRow = SameShape<typeof containerTagMerges.$inferSelect, MergeRecord>;
