import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { StoredFile } from '../../model/documents.js';
import { bytea, timestamps, type SameShape } from './columns.js';
import { documents } from './documents.js';

export const documentFiles = pgTable('document_files', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  orgId: text('org_id').notNull(),
  filename: text('filename'),
  mimeType: text('mime_type'),
  /** Type the uploader forced (`fileType`), overriding detection. */
  forcedType: text('forced_type'),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamps.createdAt,
});

export type FileRow = SameShape<typeof documentFiles.$inferSelect, StoredFile>;
