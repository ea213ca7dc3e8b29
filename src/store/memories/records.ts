import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FilterNode } from '../../model/filters.js';
import type { Tx } from '../database.js';
import { filterToSql } from '../filter-sql.js';
import { memories } from '../schema/memories.js';
import { memorySources } from '../schema/memory-sources.js';
import { spaces } from '../schema/spaces.js';
import { memoryRecordColumns } from './record-columns.js';
import type { MemoryRecord } from '../../model/memories.js';

export interface MemoryListOptions {
  containerTags: string[];
  filters?: FilterNode;
  limit: number;
  offset: number;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  /** false leaves forgotten memories out; they are listed (flagged) by default. */
  includeForgotten?: boolean;
}

/** The memories of one tag that also meet `conditions` (an undefined one is left out), as records. */
function selectInTag(db: Tx, orgId: string, containerTag: string, ...conditions: (SQL | undefined)[]) {
  return db
    .select(memoryRecordColumns)
    .from(memories)
    .where(and(eq(memories.orgId, orgId), eq(memories.containerTag, containerTag), ...conditions));
}

/**
 * Latest version of each memory chain in the tags, forgotten ones included (flagged) unless `includeForgotten: false`. `total` counts
 * them all; `forgotten` those of them forgotten, so `total - forgotten` is what a tag's memoryCount says.
 */
export async function listLatestMemories(db: Tx, orgId: string, options: MemoryListOptions) {
  const where = and(
    eq(memories.orgId, orgId),
    inArray(memories.containerTag, options.containerTags),
    eq(memories.isLatest, true),
    options.includeForgotten === false ? eq(memories.isForgotten, false) : undefined,
    options.filters ? filterToSql(options.filters, memories.metadata) : undefined,
  );
  const column = options.sort === 'updatedAt' ? memories.updatedAt : memories.createdAt;
  const direction = options.order === 'asc' ? asc : desc;
  const [rows, [{ total, forgotten }]] = await Promise.all([
    db
      .select({ memory: memoryRecordColumns, spaceId: spaces.id })
      .from(memories)
      .leftJoin(spaces, and(eq(spaces.orgId, memories.orgId), eq(spaces.containerTag, memories.containerTag)))
      .where(where)
      .orderBy(direction(column), direction(memories.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: count(), forgotten: sql<number>`count(*) filter (where ${memories.isForgotten})` })
      .from(memories)
      .where(where),
  ]);
  return { rows, total: Number(total), forgotten: Number(forgotten) };
}

/**
 * Every version of the given chains (by root id), oldest first. A root has no root id of its own;
 * the rest of a chain names it. Asked as two indexed lookups (root ids, then ids), not as
 * `coalesce(root_memory_id, id)`, which no index covers and so read every memory of the org.
 */
export async function listVersions(db: Tx, orgId: string, rootIds: string[]): Promise<MemoryRecord[]> {
  if (!rootIds.length) return [];
  return db
    .select(memoryRecordColumns)
    .from(memories)
    .where(and(eq(memories.orgId, orgId), or(inArray(memories.rootMemoryId, rootIds), and(isNull(memories.rootMemoryId), inArray(memories.id, rootIds)))))
    .orderBy(asc(memories.version));
}

export async function listSourceDocuments(db: Tx, orgId: string, memoryIds: string[]): Promise<{ memoryId: string; documentId: string }[]> {
  if (!memoryIds.length) return [];
  return db
    .select({ memoryId: memorySources.memoryId, documentId: memorySources.documentId })
    .from(memorySources)
    .where(and(eq(memorySources.orgId, orgId), inArray(memorySources.memoryId, memoryIds)))
    .orderBy(asc(memorySources.createdAt));
}

/**
 * The latest memory in a tag with this id or exactly this text. `forUpdate` locks it until the
 * transaction ends: a concurrent edit waits, then reads the row as the first one left it.
 */
export async function findLatestMemory(
  db: Tx,
  orgId: string,
  containerTag: string,
  by: { id?: string; content?: string },
  options: { forUpdate?: boolean } = {},
): Promise<MemoryRecord | undefined> {
  const query = selectInTag(
    db,
    orgId,
    containerTag,
    by.id ? eq(memories.id, by.id) : eq(memories.memory, by.content ?? ''),
    by.id ? undefined : eq(memories.isLatest, true),
  )
    .orderBy(desc(memories.isLatest), desc(memories.updatedAt))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Latest memories of a tag whose full text holds every word of `text` (stemmed), newest first. */
export async function latestMemoriesWithWords(db: Tx, orgId: string, containerTag: string, text: string, limit: number): Promise<MemoryRecord[]> {
  return selectInTag(db, orgId, containerTag, eq(memories.isLatest, true), sql`${memories.tsv} @@ plainto_tsquery('english', ${text}::text)`)
    .orderBy(desc(memories.updatedAt))
    .limit(limit);
}

/** Unreviewed inferences of a tag, best supported first. */
export async function listUnreviewedInferences(db: Tx, orgId: string, containerTag: string, now: Date, limit: number) {
  const parentCount = sql<number>`(select count(*) from jsonb_each_text(${memories.relations}) r where r.value = 'derives')::int`;
  const where = and(
    eq(memories.orgId, orgId),
    eq(memories.containerTag, containerTag),
    eq(memories.isLatest, true),
    eq(memories.isInference, true),
    eq(memories.isForgotten, false),
    isNull(memories.reviewStatus),
    sql`(${memories.forgetAfter} is null or ${memories.forgetAfter} > ${now.toISOString()}::timestamptz)`,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ memory: memoryRecordColumns, parentCount }).from(memories).where(where).orderBy(desc(parentCount), desc(memories.createdAt)).limit(limit),
    db.select({ total: count() }).from(memories).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Memories extracted from (or confirmed by) a document, newest first. */
export async function listMemoriesOfDocument(db: Tx, orgId: string, documentId: string, limit = 500): Promise<MemoryRecord[]> {
  return db
    .select({ memory: memoryRecordColumns })
    .from(memorySources)
    .innerJoin(memories, eq(memories.id, memorySources.memoryId))
    .where(and(eq(memorySources.orgId, orgId), eq(memorySources.documentId, documentId)))
    .orderBy(desc(memories.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => r.memory));
}

/** Latest versions among the given ids in a tag; unknown or old ids are left out. */
export async function listLatestByIds(db: Tx, orgId: string, containerTag: string, ids: string[]): Promise<MemoryRecord[]> {
  if (!ids.length) return [];
  return selectInTag(db, orgId, containerTag, eq(memories.isLatest, true), inArray(memories.id, ids));
}

export interface DocumentMemoryRow {
  documentId: string;
  memory: MemoryRecord;
  spaceId: string | null;
}

/**
 * The latest, unforgotten memories that came from each of the documents, newest first and at most
 * `perDocument` per document, in one query for any number of documents.
 */
export async function listLatestMemoriesOfDocuments(
  db: Tx,
  orgId: string,
  scope: { documentIds: string[]; containerTags: string[] },
  perDocument: number,
): Promise<DocumentMemoryRow[]> {
  if (!scope.documentIds.length) return [];
  const ranked = db
    .select({
      documentId: memorySources.documentId,
      memoryId: memorySources.memoryId,
      rank: sql<number>`row_number() over (partition by ${memorySources.documentId} order by ${memories.createdAt} desc, ${memories.id} desc)`.as('rank'),
    })
    .from(memorySources)
    .innerJoin(memories, eq(memories.id, memorySources.memoryId))
    .where(
      and(
        eq(memorySources.orgId, orgId),
        inArray(memorySources.documentId, scope.documentIds),
        eq(memories.orgId, orgId),
        inArray(memories.containerTag, scope.containerTags),
        eq(memories.isLatest, true),
        eq(memories.isForgotten, false),
      ),
    )
    .as('ranked');
  return db
    .select({ documentId: ranked.documentId, memory: memoryRecordColumns, spaceId: spaces.id })
    .from(ranked)
    .innerJoin(memories, eq(memories.id, ranked.memoryId))
    .leftJoin(spaces, and(eq(spaces.orgId, memories.orgId), eq(spaces.containerTag, memories.containerTag)))
    .where(lte(ranked.rank, perDocument))
    .orderBy(ranked.documentId, ranked.rank);
}
