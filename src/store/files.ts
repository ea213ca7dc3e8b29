import { and, eq } from 'drizzle-orm';
import type { Tx } from './database.js';
import { documentFiles } from './schema.js';

export type FileRow = typeof documentFiles.$inferSelect;

export async function insertFile(db: Tx, file: typeof documentFiles.$inferInsert): Promise<void> {
  await db
    .insert(documentFiles)
    .values(file)
    .onConflictDoUpdate({
      target: documentFiles.documentId,
      set: { filename: file.filename, mimeType: file.mimeType, forcedType: file.forcedType, size: file.size, data: file.data },
    });
}

export async function getFile(db: Tx, orgId: string, documentId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(documentFiles)
    .where(and(eq(documentFiles.orgId, orgId), eq(documentFiles.documentId, documentId)))
    .limit(1);
  return row;
}

export async function deleteFile(db: Tx, orgId: string, documentId: string): Promise<void> {
  await db.delete(documentFiles).where(and(eq(documentFiles.orgId, orgId), eq(documentFiles.documentId, documentId)));
}
