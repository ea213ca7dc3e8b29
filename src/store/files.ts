import { and, eq } from 'drizzle-orm';
import type { Tx } from './database.js';
import { documentFiles } from './schema/document-files.js';
import type { StoredFile } from '../model/documents.js';


export async function insertFile(db: Tx, file: typeof documentFiles.$inferInsert): Promise<void> {
  await db
    .insert(documentFiles)
    .values(file)
    .onConflictDoUpdate({
      target: documentFiles.documentId,
      set: { filename: file.filename, mimeType: file.mimeType, forcedType: file.forcedType, size: file.size, data: file.data },
    });
}

export async function getFile(db: Tx, orgId: string, documentId: string): Promise<StoredFile | undefined> {
  const [row] = await db
    .select()
    .from(documentFiles)
    .where(and(eq(documentFiles.orgId, orgId), eq(documentFiles.documentId, documentId)))
    .limit(1);
  return row;
}
