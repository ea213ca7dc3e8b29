import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MemoryRecord } from '../../model/memories.js';
import type { Tx } from '../database.js';
import { memories } from '../schema/memories.js';
import { memorySources } from '../schema/memory-sources.js';
import { queryRows } from '../sql.js';
import { liveInTag, memoryRecordColumns } from './record-columns.js';

/** The SQL behind `core/memories/lineage.ts`: what memories were drawn from, and what is left of it. */

/** A memory version with how many documents it is still linked to. */
export interface LinkedMemory extends MemoryRecord {
  sources: number;
}

const sourceCountOf = sql<number>`(select count(*) from ${memorySources} s where s.memory_id = ${memories.id})::int`;

/**
 * Locks the memory rows with these ids for the rest of the transaction (in id order): an extraction
 * adding a source or a version to one of them commits first, or waits and then finds it settled.
 */
export async function lockMemories(db: Tx, orgId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.orgId, orgId), inArray(memories.id, ids)))
    .orderBy(memories.id)
    .for('update');
}

/** The memory rows with these ids, each with the number of source documents it still has. */
export async function memoriesWithSourceCounts(db: Tx, orgId: string, ids: string[]): Promise<LinkedMemory[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ memory: memoryRecordColumns, sources: sourceCountOf })
    .from(memories)
    .where(and(eq(memories.orgId, orgId), inArray(memories.id, ids)));
  return rows.map((r) => ({ ...r.memory, sources: Number(r.sources) }));
}

/** Every memory row (all versions, forgotten ones too) a document is a source of in one tag. */
export async function memoriesLinkedToDocument(db: Tx, orgId: string, documentId: string, containerTag: string): Promise<MemoryRecord[]> {
  const rows = await db
    .select({ memory: memoryRecordColumns })
    .from(memorySources)
    .innerJoin(memories, eq(memories.id, memorySources.memoryId))
    .where(and(eq(memorySources.orgId, orgId), eq(memorySources.documentId, documentId), eq(memories.containerTag, containerTag)));
  return rows.map((r) => r.memory);
}

/** Removes a document's links to memories of one tag (all of them, or those given); returns the memories unlinked. */
export async function unlinkDocument(db: Tx, orgId: string, documentId: string, scope: { containerTag: string; memoryIds?: string[] }): Promise<string[]> {
  if (scope.memoryIds?.length === 0) return [];
  const only = scope.memoryIds ? sql` and s.memory_id in ${scope.memoryIds}` : sql``;
  const rows = await queryRows<{ memory_id: string }>(
    db,
    sql`delete from ${memorySources} s using ${memories} m
        where s.memory_id = m.id and s.org_id = ${orgId} and s.document_id = ${documentId}
          and m.org_id = ${orgId} and m.container_tag = ${scope.containerTag}${only}
        returning s.memory_id`,
  );
  return rows.map((r) => r.memory_id);
}

/** Sets `sourceCount` of stated memories (inferences count their parents instead) to the documents linked to them. */
export async function recountSources(db: Tx, orgId: string, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .update(memories)
    .set({ sourceCount: sql`greatest(1, ${sourceCountOf})`, updatedAt: now })
    .where(and(eq(memories.orgId, orgId), inArray(memories.id, ids), eq(memories.isInference, false)));
}

export async function deleteMemoryRows(db: Tx, orgId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(memories).where(and(eq(memories.orgId, orgId), inArray(memories.id, ids)));
}

/** Memories of the tags whose relations name any of `ids` (`extends`, `derives`, `updates`). */
export async function memoriesRelatedTo(db: Tx, orgId: string, containerTags: string[], ids: string[]): Promise<MemoryRecord[]> {
  if (!ids.length || !containerTags.length) return [];
  const keys = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  return db
    .select(memoryRecordColumns)
    .from(memories)
    .where(and(eq(memories.orgId, orgId), inArray(memories.containerTag, containerTags), sql`jsonb_exists_any(${memories.relations}, ${keys})`));
}

/** Cosine similarity of every pair (a, b) of stored memories, a from `as` and b from `bs`. */
export async function memorySimilarities(db: Tx, orgId: string, as: string[], bs: string[]): Promise<{ a: string; b: string; similarity: number }[]> {
  if (!as.length || !bs.length) return [];
  const rows = await queryRows<{ a: string; b: string; similarity: number | string }>(
    db,
    sql`select a.id as a, b.id as b, 1 - (a.embedding <=> b.embedding) as similarity
        from ${memories} a cross join ${memories} b
        where a.org_id = ${orgId} and b.org_id = ${orgId} and a.id in ${as} and b.id in ${bs}
          and a.embedding is not null and b.embedding is not null`,
  );
  return rows.map((r) => ({ a: r.a, b: r.b, similarity: Number(r.similarity) }));
}

/** The latest, unforgotten memory of a tag with exactly this text, other than those given. */
export async function findLiveStatement(db: Tx, orgId: string, containerTag: string, text: string, except: string[] = []): Promise<MemoryRecord | undefined> {
  const [row] = await db
    .select(memoryRecordColumns)
    .from(memories)
    .where(and(...liveInTag(orgId, containerTag), eq(memories.memory, text), ...except.map((id) => ne(memories.id, id))))
    .orderBy(memories.createdAt)
    .limit(1);
  return row;
}

/**
 * Writes a copy of a memory into another tag as a memory of its own (version 1, vector and all),
 * with the profile buckets given.
 */
export async function copyMemory(
  db: Tx,
  orgId: string,
  fromId: string,
  copy: { id: string; containerTag: string; buckets: string[] },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into ${memories} (id, org_id, container_tag, memory, source_count, is_static, forget_after, forget_reason,
      temporal_context, metadata, buckets, embedding, created_at, updated_at)
    select ${copy.id}, org_id, ${copy.containerTag}, memory, 1, is_static, forget_after, forget_reason,
      temporal_context, metadata, ${sql`ARRAY[${sql.join(
        copy.buckets.map((b) => sql`${b}`),
        sql`, `,
      )}]::text[]`}, embedding, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${memories} where org_id = ${orgId} and id = ${fromId}`);
}
