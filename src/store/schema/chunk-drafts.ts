import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { parentIdColumn, timestamps, vector } from './columns.js';
import { documents } from './documents.js';

/**
 * A document's new chunks while they are written, in batches, by one ingest run (`stage_id`): no
 * search reads them. They become the document's chunks in one statement (`store/chunks.ts`), so
 * until then its earlier chunks stay searchable, and a run that fails leaves those as they were.
 */
export const chunkDrafts = pgTable(
  'chunk_drafts',
  {
    id: text('id').primaryKey(),
    stageId: text('stage_id').notNull(),
    documentId: parentIdColumn('document_id', () => documents.id),
    orgId: text('org_id').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    headingPath: text('heading_path').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    embedding: vector('embedding').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('chunk_drafts_document_stage_idx').on(t.documentId, t.stageId)],
);
