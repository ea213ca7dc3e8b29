import { and, eq } from 'drizzle-orm';
import type { StoredAttachment } from '../model/attachments.js';
import type { Tx } from './database.js';
import { documentAttachments } from './schema/document-attachments.js';

export type NewAttachment = Pick<StoredAttachment, 'name' | 'mimeType' | 'data'>;

/** Makes `attachments` the document's whole set: what an earlier conversion kept and this one did not goes. */
export async function replaceAttachments(db: Tx, orgId: string, documentId: string, attachments: NewAttachment[]): Promise<void> {
  await db.delete(documentAttachments).where(and(eq(documentAttachments.orgId, orgId), eq(documentAttachments.documentId, documentId)));
  for (const attachment of attachments) {
    // One row at a time: a statement carrying every attachment at once could reach tens of megabytes.
    await db.insert(documentAttachments).values({ ...attachment, orgId, documentId, size: attachment.data.byteLength });
  }
}

export async function getAttachment(db: Tx, orgId: string, documentId: string, name: string): Promise<StoredAttachment | undefined> {
  const [row] = await db
    .select()
    .from(documentAttachments)
    .where(and(eq(documentAttachments.orgId, orgId), eq(documentAttachments.documentId, documentId), eq(documentAttachments.name, name)))
    .limit(1);
  return row;
}
