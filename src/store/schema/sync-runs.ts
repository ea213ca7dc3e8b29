import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { SyncRunRecord } from '../../model/connections.js';
import { timestamptz, parentIdColumn, type SameShape } from './columns.js';
import { connections } from './connections.js';

export const syncRuns = pgTable(
  'sync_runs',
  {
    id: text('id').primaryKey(),
    connectionId: parentIdColumn('connection_id', () => connections.id),
    orgId: text('org_id').notNull(),
    jobId: text('job_id'),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('running'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
    itemsProcessed: integer('items_processed').notNull().default(0),
    itemsFailed: integer('items_failed').notNull().default(0),
    itemsDeleted: integer('items_deleted').notNull().default(0),
    error: text('error'),
    errorCode: text('error_code'),
  },
  (t) => [index('sync_runs_connection_idx').on(t.connectionId, t.startedAt), index('sync_runs_job_idx').on(t.jobId)],
);

export type SyncRunRow = SameShape<typeof syncRuns.$inferSelect, SyncRunRecord>;
