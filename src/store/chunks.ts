import { and, asc, count, desc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { FilterNode } from '../model/filters.js';
import { filterToSql } from './filter-sql.js';
import { documents } from './schema/documents.js';
import type { Tx } from './database.js';
import { chunkDrafts } from './schema/chunk-drafts.js';
import { chunks } from './schema/chunks.js';
import { queryRows, unitVectorValue } from './sql.js';
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

/** A chunk of a document's next set, written before the set replaces its chunks. */
export type DraftChunk = Omit<typeof chunkDrafts.$inferInsert, 'embedding' | 'createdAt'> & { embedding: ArrayLike<number> };

/** Writes a batch of a document's next chunks where no search reads them (see `useStagedChunks`). */
export async function stageChunks(db: Tx, rows: DraftChunk[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(chunkDrafts).values(rows.map((row) => ({ ...row, embedding: unitVectorValue(row.embedding) })));
}

/**
 * Replaces a document's chunks with the ones staged by `stageId`, under `containerTag`, in one
 * statement each: the caller's transaction makes the switch atomic. Every draft of the document
 * goes, those of runs that died before their switch too. Returns how many chunks it now has.
 */
export async function useStagedChunks(db: Tx, documentId: string, stageId: string, containerTag: string): Promise<number> {
  await db.delete(chunks).where(eq(chunks.documentId, documentId));
  const [moved] = await queryRows<{ n: number }>(
    db,
    sql`WITH moved AS (
      INSERT INTO chunks (id, document_id, org_id, container_tag, position, content, heading_path, metadata, embedding)
      SELECT id, document_id, org_id, ${containerTag}, position, content, heading_path, metadata, embedding
      FROM chunk_drafts WHERE document_id = ${documentId} AND stage_id = ${stageId}
      RETURNING 1)
    SELECT count(*)::int AS n FROM moved`,
  );
  await db.delete(chunkDrafts).where(eq(chunkDrafts.documentId, documentId));
  return moved.n;
}

/** Drops what a run staged when it ends without switching. */
export async function dropStagedChunks(db: Tx, documentId: string, stageId: string): Promise<void> {
  await db.delete(chunkDrafts).where(and(eq(chunkDrafts.documentId, documentId), eq(chunkDrafts.stageId, stageId)));
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

const { embedding: _embedding, tsv: _tsv, ...chunkColumns } = getTableColumns(chunks);

export interface TagChunkListOptions {
  containerTag: string;
  /** On the metadata of the chunks' documents. */
  filters?: FilterNode;
  limit: number;
  offset: number;
  sort: 'createdAt' | 'position';
  order: 'asc' | 'desc';
}

/** A page of the chunks of a tag's documents, each with its document's customId, and how many there are. */
export async function listChunksOfTag(db: Tx, orgId: string, options: TagChunkListOptions) {
  const where = and(
    eq(chunks.orgId, orgId),
    eq(chunks.containerTag, options.containerTag),
    options.filters ? filterToSql(options.filters, documents.metadata) : undefined,
  );
  const direction = options.order === 'asc' ? asc : desc;
  const column = options.sort === 'position' ? chunks.position : chunks.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ chunk: chunkColumns, documentCustomId: documents.customId })
      .from(chunks)
      .innerJoin(documents, eq(documents.id, chunks.documentId))
      .where(where)
      .orderBy(direction(column), direction(chunks.documentId), direction(chunks.position))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(chunks).innerJoin(documents, eq(documents.id, chunks.documentId)).where(where),
  ]);
  return { rows: rows as { chunk: ChunkRecord; documentCustomId: string | null }[], total: Number(total) };
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
