import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from './database.js';
import { chunks } from './schema/chunks.js';
import { unitVectorValue } from './sql.js';
import type { ChunkRecord } from '../model/documents.js';

/** A chunk to store, with its embedder's vector. */
export type NewChunk = Omit<typeof chunks.$inferInsert, 'embedding'> & { embedding: ArrayLike<number> };

const INSERT_BATCH = 500;

/**
 * Replaces a document's chunks with these, vectors and all, so each row is written once and the new
 * chunks are searchable as they land; running it again for the same document leaves no duplicates.
 */
export async function replaceChunks(db: Tx, documentId: string, rows: NewChunk[]): Promise<void> {
  await db.delete(chunks).where(eq(chunks.documentId, documentId));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(chunks).values(rows.slice(i, i + INSERT_BATCH).map((row) => ({ ...row, embedding: unitVectorValue(row.embedding) })));
  }
}

/** Chunks carry their document's tag, which searches are scoped by: they follow the document when it moves. */
export async function setChunksTag(db: Tx, documentId: string, containerTag: string): Promise<void> {
  await db.update(chunks).set({ containerTag }).where(eq(chunks.documentId, documentId));
}

export async function listChunks(db: Tx, orgId: string, documentId: string): Promise<ChunkRecord[]> {
  return db
    .select()
    .from(chunks)
    .where(and(eq(chunks.orgId, orgId), eq(chunks.documentId, documentId)))
    .orderBy(asc(chunks.position));
}

/**
 * The document's current chunks that have vectors, so unchanged ones need not be embedded again.
 * By the document's id alone (ids are unique across organizations; the caller's job is its org's):
 * with the organization in the condition too, a generic plan can combine the organization's index
 * with the document's and read an index entry for every chunk the organization has.
 */
export async function embeddedChunks(db: Tx, documentId: string) {
  const rows = await db
    .select({ content: chunks.content, headingPath: chunks.headingPath, embedding: chunks.embedding })
    .from(chunks)
    .where(and(eq(chunks.documentId, documentId), isNotNull(chunks.embedding)));
  return rows as { content: string; headingPath: string[]; embedding: number[] }[];
}
