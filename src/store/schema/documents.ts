import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DocumentRecord, MemoryCursor, ProcessingLog } from '../../model/documents.js';
import { timestamptz, timestamps, type SameShape } from './columns.js';
import { connections } from './connections.js';
import { orgRecordColumns } from './orgs.js';

export const documents = pgTable(
  'documents',
  {
    ...orgRecordColumns(),
    containerTag: text('container_tag').notNull(),
    customId: text('custom_id'),
    status: text('status').notNull().default('queued'),
    taskType: text('task_type').notNull().default('memory'),
    type: text('type').notNull().default('text'),
    title: text('title'),
    /** What the caller sent: text, or the URL to fetch. */
    source: text('source'),
    /** Markdown produced by the extracting stage. */
    content: text('content'),
    url: text('url'),
    summary: text('summary'),
    filepath: text('filepath'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The connection that imported it; set null when the connection is deleted and its documents kept. */
    connectionId: text('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /** The connector kind that imported it: what `source` filters on. */
    connectorSource: text('connector_source'),
    /** Stable id of the item at the provider. */
    externalId: text('external_id'),
    /** The item's version at the provider when it was last imported. */
    sourceVersion: text('source_version'),
    documentDate: timestamptz('document_date'),
    error: text('error'),
    processing: jsonb('processing').$type<ProcessingLog>().notNull().default({ steps: [] }),
    /** Bumped on every content change; a job only commits work for the generation it was queued for. */
    generation: integer('generation').notNull().default(1),
    hasFile: boolean('has_file').notNull().default(false),
    /** How far memory extraction got, so a grown transcript or an appended text is extracted only past it. */
    memoryCursor: jsonb('memory_cursor').$type<MemoryCursor>(),
    ...timestamps,
  },
  (t) => [
    index('documents_org_tag_created_idx').on(t.orgId, t.containerTag, t.createdAt),
    // Export reads a tag in pages ordered by id: each page is a range of this index, not a sort of the tag.
    index('documents_org_tag_id_idx').on(t.orgId, t.containerTag, t.id),
    index('documents_org_created_idx').on(t.orgId, t.createdAt),
    index('documents_org_status_idx').on(t.orgId, t.status),
    uniqueIndex('documents_org_tag_custom_uq').on(t.orgId, t.containerTag, t.customId).where(sql`${t.customId} is not null`),
    uniqueIndex('documents_connection_external_uq').on(t.connectionId, t.externalId),
  ],
);

export type DocumentRow = SameShape<typeof documents.$inferSelect, DocumentRecord>;
