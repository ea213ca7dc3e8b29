import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { queryRows } from '../sql.js';
import { memoryRecordColumns } from '../memories/record-columns.js';
import type { Tx } from '../database.js';
import { chunks } from '../schema/chunks.js';
import { documents } from '../schema/documents.js';
import { memories } from '../schema/memories.js';
import type { ChunkRecord, DocumentBrief } from '../../model/documents.js';
import type { MemoryRecord } from '../../model/memories.js';

const { embedding: _ce, tsv: _ct, ...chunkColumns } = getTableColumns(chunks);

const documentBrief = {
  id: documents.id,
  customId: documents.customId,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  title: documents.title,
  type: documents.type,
  metadata: documents.metadata,
  summary: documents.summary,
  filepath: documents.filepath,
  containerTag: documents.containerTag,
};

export async function loadMemories(db: Tx, orgId: string, ids: string[]): Promise<MemoryRecord[]> {
  if (!ids.length) return [];
  return db
    .select(memoryRecordColumns)
    .from(memories)
    .where(and(eq(memories.orgId, orgId), inArray(memories.id, ids)));
}

export async function loadDocumentBriefs(db: Tx, orgId: string, ids: string[]): Promise<DocumentBrief[]> {
  if (!ids.length) return [];
  return db
    .select(documentBrief)
    .from(documents)
    .where(and(eq(documents.orgId, orgId), inArray(documents.id, ids)));
}

export async function loadDocumentContents(db: Tx, orgId: string, ids: string[]): Promise<{ id: string; content: string | null }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: documents.id, content: documents.content })
    .from(documents)
    .where(and(eq(documents.orgId, orgId), inArray(documents.id, ids)));
}

export async function loadChunks(db: Tx, orgId: string, ids: string[]): Promise<ChunkRecord[]> {
  if (!ids.length) return [];
  return db
    .select(chunkColumns)
    .from(chunks)
    .where(and(eq(chunks.orgId, orgId), inArray(chunks.id, ids)));
}

/** Chunks sitting right before or after the given ones in their documents. */
export async function loadNeighbourChunks(db: Tx, orgId: string, around: { documentId: string; position: number }[], distance = 1): Promise<ChunkRecord[]> {
  if (!around.length) return [];
  const wanted = around.flatMap(({ documentId, position }) =>
    Array.from({ length: 2 * distance + 1 }, (_, i) => position - distance + i)
      .filter((p) => p >= 0 && p !== position)
      .map((p) => and(eq(chunks.documentId, documentId), eq(chunks.position, p))),
  );
  if (!wanted.length) return [];
  return db
    .select(chunkColumns)
    .from(chunks)
    .where(and(eq(chunks.orgId, orgId), or(...wanted)));
}

/** The document with this id, if it is in one of `containerTags` (when given). */
export async function documentExists(db: Tx, orgId: string, id: string, containerTags?: string[]): Promise<{ id: string; containerTag: string } | undefined> {
  const [row] = await db
    .select({ id: documents.id, containerTag: documents.containerTag })
    .from(documents)
    .where(and(eq(documents.orgId, orgId), eq(documents.id, id), containerTags ? inArray(documents.containerTag, containerTags) : undefined))
    .limit(1);
  return row;
}

/**
 * For each of these documents, the latest live versions of memory chains that the document stated
 * an earlier version of, and that it does not state itself: what its text says and has since changed.
 */
export async function laterVersionsOfDocumentMemories(db: Tx, orgId: string, documentIds: string[]): Promise<{ documentId: string; memoryId: string }[]> {
  if (!documentIds.length) return [];
  return queryRows(
    db,
    sql`SELECT DISTINCT s.document_id AS "documentId", latest.id AS "memoryId"
      FROM memory_sources s
      JOIN memories earlier ON earlier.id = s.memory_id AND NOT earlier.is_latest
      JOIN memories latest ON latest.org_id = earlier.org_id
        AND COALESCE(latest.root_memory_id, latest.id) = COALESCE(earlier.root_memory_id, earlier.id)
        AND latest.is_latest AND NOT latest.is_forgotten
      WHERE s.org_id = ${orgId} AND s.document_id IN (${sql.join(
        documentIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        AND NOT EXISTS (SELECT 1 FROM memory_sources own WHERE own.memory_id = latest.id AND own.document_id = s.document_id)`,
  );
}
