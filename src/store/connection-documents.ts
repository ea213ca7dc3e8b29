import { and, desc, eq, getTableColumns, inArray, notInArray } from 'drizzle-orm';
import type { DocumentRecord, ListedDocument } from '../model/documents.js';
import type { Tx } from './database.js';
import { documents } from './schema/documents.js';

/** The documents a connection imported for these external ids, locked for the rest of the transaction. */
export async function lockImportedDocuments(db: Tx, connectionId: string, externalIds: string[]): Promise<DocumentRecord[]> {
  if (externalIds.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.connectionId, connectionId), inArray(documents.externalId, externalIds)))
    .for('update');
}

export async function deleteImportedDocuments(db: Tx, connectionId: string, externalIds: string[]): Promise<number> {
  if (externalIds.length === 0) return 0;
  const rows = await db
    .delete(documents)
    .where(and(eq(documents.connectionId, connectionId), inArray(documents.externalId, externalIds)))
    .returning({ id: documents.id });
  return rows.length;
}

/** After a complete listing: whatever the connection imported that the listing did not see is gone at the source. */
export async function deleteImportedDocumentsExcept(db: Tx, connectionId: string, seenExternalIds: string[]): Promise<number> {
  const where = [eq(documents.connectionId, connectionId)];
  if (seenExternalIds.length) where.push(notInArray(documents.externalId, seenExternalIds));
  const rows = await db.delete(documents).where(and(...where)).returning({ id: documents.id });
  return rows.length;
}

export async function listImportedExternalIds(db: Tx, connectionId: string): Promise<string[]> {
  const rows = await db.select({ externalId: documents.externalId }).from(documents).where(eq(documents.connectionId, connectionId));
  return rows.map((r) => r.externalId).filter((id): id is string => id !== null);
}

const { content: _content, source: _source, processing: _processing, ...listedColumns } = getTableColumns(documents);

/** The documents of some connections, newest first, as the connection document list shows them. */
export async function listConnectionsDocuments(db: Tx, orgId: string, connectionIds: string[], limit: number): Promise<ListedDocument[]> {
  if (connectionIds.length === 0) return [];
  return db
    .select(listedColumns)
    .from(documents)
    .where(and(eq(documents.orgId, orgId), inArray(documents.connectionId, connectionIds)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}
