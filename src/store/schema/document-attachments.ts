import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { StoredAttachment } from '../../model/attachments.js';
import { parentIdColumn, bytea, timestamps, type SameShape } from './columns.js';
import { documents } from './documents.js';

/** The files a document's conversion extracted; replaced on every conversion, deleted with the document. */
export const documentAttachments = pgTable(
  'document_attachments',
  {
    documentId: parentIdColumn('document_id', () => documents.id),
    orgId: text('org_id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Null: the bytes are the document's own file (an uploaded image), kept once. */
    data: bytea('data'),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.documentId, t.name] })],
);

export type AttachmentRow = SameShape<typeof documentAttachments.$inferSelect, Omit<StoredAttachment, 'data'> & { data: Uint8Array | null }>;
