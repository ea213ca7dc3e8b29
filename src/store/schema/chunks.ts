import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChunkRecord } from '../../model/documents.js';
import { parentIdColumn, timestamps, tsvector, vector, type SameShape } from './columns.js';
import { documents } from './documents.js';

export const chunks = pgTable(
  'chunks',
  {
    id: text('id').primaryKey(),
    documentId: parentIdColumn('document_id', () => documents.id),
    orgId: text('org_id').notNull(),
    containerTag: text('container_tag').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('text'),
    headingPath: text('heading_path').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Written by the indexing stage; a chunk is searchable once it has one. */
    embedding: vector('embedding'),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "content")`),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('chunks_document_position_uq').on(t.documentId, t.position),
    // Ends in id so that export's pages, ordered by id, are ranges of it rather than sorts of the tag.
    index('chunks_org_tag_id_idx').on(t.orgId, t.containerTag, t.id),
    // Merged at 256 kB rather than 4 MB: every lookup reads the whole pending list (migration 0017).
    index('chunks_tsv_idx').using('gin', t.tsv).with({ gin_pending_list_limit: 256 }),
  ],
);

export type ChunkRow = SameShape<Omit<typeof chunks.$inferSelect, 'embedding' | 'tsv'>, ChunkRecord>;
