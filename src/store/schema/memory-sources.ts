import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { parentIdColumn, timestamps } from './columns.js';
import { documents } from './documents.js';
import { memories } from './memories.js';

/** Which documents a memory was extracted from. */
export const memorySources = pgTable(
  'memory_sources',
  {
    memoryId: parentIdColumn('memory_id', () => memories.id),
    documentId: parentIdColumn('document_id', () => documents.id),
    orgId: text('org_id').notNull(),
    relevanceScore: integer('relevance_score').notNull().default(100),
    /** Position in the conversation of the turn the memory was said in; null for other documents. */
    turn: integer('turn'),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.memoryId, t.documentId] }), index('memory_sources_document_idx').on(t.documentId)],
);
