import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { JobRecord } from '../../model/jobs.js';
import { timestamptz, timestamps, type SameShape } from './columns.js';
import { documents } from './documents.js';

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    /** Set for per-document jobs (ingest); other kinds carry what they need in `payload`. */
    documentId: text('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('ingest'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    generation: integer('generation').notNull().default(0),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), index('jobs_document_idx').on(t.documentId)],
);

export type JobRow = SameShape<typeof jobs.$inferSelect, JobRecord>;
