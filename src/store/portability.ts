import { and, asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { chunks } from './schema/chunks.js';
import { documentFiles } from './schema/document-files.js';
import { documents } from './schema/documents.js';
import { memoryRecordColumns } from './memories/record-columns.js';
import { memories } from './schema/memories.js';
import { memorySources } from './schema/memory-sources.js';
import { profiles } from './schema/profiles.js';
import { spaces } from './schema/spaces.js';

/**
 * Keyset-paginated reads of whole container tags for export, and idempotent inserts for import.
 * Every read is one page ordered by id: memory stays bounded by the page size, whatever the tag's size.
 */

export interface PageScope {
  orgId: string;
  /** undefined = every tag of the organization. */
  containerTag?: string;
  afterId: string;
  limit: number;
}

const tagIs = (column: typeof documents.containerTag | typeof memories.containerTag | typeof chunks.containerTag, tag?: string) =>
  tag === undefined ? undefined : eq(column, tag);

export async function pageDocuments(db: Tx, scope: PageScope) {
  const { filename, mimeType, forcedType, size, data } = getTableColumns(documentFiles);
  const fileColumns = { filename, mimeType, forcedType, size, data };
  return db
    .select({ document: documents, file: fileColumns })
    .from(documents)
    .leftJoin(documentFiles, eq(documentFiles.documentId, documents.id))
    .where(and(eq(documents.orgId, scope.orgId), tagIs(documents.containerTag, scope.containerTag), gt(documents.id, scope.afterId)))
    .orderBy(asc(documents.id))
    .limit(scope.limit);
}

export async function pageChunks(db: Tx, scope: PageScope, withEmbeddings: boolean) {
  const { tsv: _tsv, embedding, ...columns } = getTableColumns(chunks);
  return db
    .select({ ...columns, embedding: withEmbeddings ? embedding : sql<null>`NULL` })
    .from(chunks)
    .where(and(eq(chunks.orgId, scope.orgId), tagIs(chunks.containerTag, scope.containerTag), gt(chunks.id, scope.afterId)))
    .orderBy(asc(chunks.id))
    .limit(scope.limit);
}

export async function pageMemories(db: Tx, scope: PageScope, withEmbeddings: boolean) {
  return db
    .select({
      ...memoryRecordColumns,
      embedding: withEmbeddings ? memories.embedding : sql<null>`NULL`,
      sources: sql<{ documentId: string; relevanceScore: number; turn: number | null }[]>`COALESCE((
        SELECT json_agg(json_build_object('documentId', s.document_id, 'relevanceScore', s.relevance_score, 'turn', s.turn) ORDER BY s.document_id)
        FROM memory_sources s WHERE s.memory_id = ${memories.id}), '[]'::json)`,
    })
    .from(memories)
    .where(and(eq(memories.orgId, scope.orgId), tagIs(memories.containerTag, scope.containerTag), gt(memories.id, scope.afterId)))
    .orderBy(asc(memories.id))
    .limit(scope.limit);
}

/** Tag settings and materialized profiles: one row per tag, so a list is small. */
export async function listSpacesOf(db: Tx, orgId: string, containerTag?: string) {
  return db
    .select()
    .from(spaces)
    .where(and(eq(spaces.orgId, orgId), containerTag === undefined ? undefined : eq(spaces.containerTag, containerTag)))
    .orderBy(asc(spaces.containerTag));
}

export async function listProfilesOf(db: Tx, orgId: string, containerTag?: string) {
  return db
    .select()
    .from(profiles)
    .where(and(eq(profiles.orgId, orgId), containerTag === undefined ? undefined : eq(profiles.containerTag, containerTag)))
    .orderBy(asc(profiles.containerTag));
}

export type ImportedDocument = typeof documents.$inferInsert;
export type ImportedFile = typeof documentFiles.$inferInsert;
export type ImportedChunk = typeof chunks.$inferInsert;
export type ImportedMemory = typeof memories.$inferInsert;

/** Inserts documents that are not there yet; answers the ids actually inserted. */
export async function insertDocumentsIfAbsent(db: Tx, rows: ImportedDocument[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db.insert(documents).values(rows).onConflictDoNothing().returning({ id: documents.id });
  return new Set(inserted.map((r) => r.id));
}

/** The documents of a tag holding these customIds: where an import merges instead of inserting. */
export async function findDocumentIdsByCustomId(db: Tx, orgId: string, containerTag: string, customIds: string[]) {
  if (!customIds.length) return [];
  return db
    .select({ id: documents.id, customId: documents.customId })
    .from(documents)
    .where(and(eq(documents.orgId, orgId), eq(documents.containerTag, containerTag), inArray(documents.customId, customIds)));
}

export async function insertFilesIfAbsent(db: Tx, rows: ImportedFile[]): Promise<void> {
  if (rows.length) await db.insert(documentFiles).values(rows).onConflictDoNothing();
}

/** Inserts chunks that are not there yet; answers the ids actually inserted. */
export async function insertChunksIfAbsent(db: Tx, rows: ImportedChunk[]): Promise<string[]> {
  if (!rows.length) return [];
  return (await db.insert(chunks).values(rows).onConflictDoNothing().returning({ id: chunks.id })).map((r) => r.id);
}

/** Inserts memories that are not there yet; answers the ids actually inserted. */
export async function insertMemoriesIfAbsent(db: Tx, rows: ImportedMemory[]): Promise<string[]> {
  if (!rows.length) return [];
  return (await db.insert(memories).values(rows).onConflictDoNothing().returning({ id: memories.id })).map((r) => r.id);
}

/** Links memories to their source documents where they are not linked yet; answers the links actually made. */
export async function linkSourcesIfAbsent(
  db: Tx,
  rows: { memoryId: string; documentId: string; orgId: string; relevanceScore: number; turn: number | null }[],
): Promise<{ memoryId: string; documentId: string }[]> {
  if (!rows.length) return [];
  return db.insert(memorySources).values(rows).onConflictDoNothing().returning({ memoryId: memorySources.memoryId, documentId: memorySources.documentId });
}

/**
 * Undoing a failed import: the rows it inserted, by id (documents go through lineage like every
 * document deletion). Rows that were there before the import are never listed, so never deleted.
 */
export async function deleteImportedLinks(db: Tx, orgId: string, links: { memoryId: string; documentId: string }[]): Promise<void> {
  if (!links.length) return;
  const pairs = sql.join(
    links.map((l) => sql`(${l.memoryId}, ${l.documentId})`),
    sql`, `,
  );
  await db.delete(memorySources).where(and(eq(memorySources.orgId, orgId), sql`(${memorySources.memoryId}, ${memorySources.documentId}) in (${pairs})`));
}

export async function deleteImportedMemories(db: Tx, orgId: string, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(memories).where(and(eq(memories.orgId, orgId), inArray(memories.id, ids)));
}

export async function deleteImportedChunks(db: Tx, orgId: string, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(chunks).where(and(eq(chunks.orgId, orgId), inArray(chunks.id, ids)));
}

/** Whether the database refused the rows themselves (a constraint or a malformed value), not the connection. */
export function isRefusedRow(error: unknown): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23]/.test(code)) return true;
  }
  return false;
}
