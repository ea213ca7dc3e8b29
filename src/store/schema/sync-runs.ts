import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SyncRunRecord } from '../../model/connections.js';
import type { SameShape } from './columns.js';
import { connections } from './connections.js';

export const syncRuns = pgTable(
  'sync_runs',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    jobId: text('job_id'),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    itemsProcessed: integer('items_processed').notNull().default(0),
    itemsFailed: integer('items_failed').notNull().default(0),
    itemsDeleted: integer('items_deleted').notNull().default(0),
    error: text('error'),
    errorCode: text('error_code'),
  },
  (t) => [index('sync_runs_connection_idx').on(t.connectionId, t.startedAt), index('sync_runs_job_idx').on(t.jobId)],
);

export type SyncRunRow = SameShape<typeof syncRuns.$inferSelect, SyncRunRecord>;
