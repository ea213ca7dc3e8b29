import { and, eq } from 'drizzle-orm';
import type { StoredAttachment } from '../model/attachments.js';
import type { Tx } from './database.js';
import { getFile } from './documents.js';
import { documentAttachments } from './schema/document-attachments.js';

export type NewAttachment = Pick<StoredAttachment, 'name' | 'mimeType' | 'data'> & {
  /** The bytes are the document's own file (an uploaded image): they are not stored again. */
  isDocumentFile?: boolean;
};

/** Makes `attachments` the document's whole set: what an earlier conversion kept and this one did not goes. */
export async function replaceAttachments(db: Tx, orgId: string, documentId: string, attachments: NewAttachment[]): Promise<void> {
  await db.delete(documentAttachments).where(and(eq(documentAttachments.orgId, orgId), eq(documentAttachments.documentId, documentId)));
  for (const { name, mimeType, data, isDocumentFile } of attachments) {
    // One row at a time: a statement carrying every attachment at once could reach tens of megabytes.
    await db.insert(documentAttachments).values({ name, mimeType, data: isDocumentFile ? null : data, orgId, documentId, size: data.byteLength });
  }
}

export async function getAttachment(db: Tx, orgId: string, documentId: string, name: string): Promise<StoredAttachment | undefined> {
  const [row] = await db
    .select()
    .from(documentAttachments)
    .where(and(eq(documentAttachments.orgId, orgId), eq(documentAttachments.documentId, documentId), eq(documentAttachments.name, name)))
    .limit(1);
  if (!row) return undefined;
  if (row.data) return { ...row, data: row.data };
  const file = await getFile(db, orgId, documentId);
  return file && { ...row, data: file.data };
}
