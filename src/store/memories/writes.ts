import type { Tx } from '../database.js';
import { failOnDuplicate } from '../errors.js';
import { unitVectorValue } from '../sql.js';
import { memories } from '../schema/memories.js';
import { memorySources } from '../schema/memory-sources.js';
import { memoryRecordColumns } from './record-columns.js';
import type { MemoryRecord } from '../../model/memories.js';
import { and, eq, sql, desc, gt } from 'drizzle-orm';

export type MemoryInsert = typeof memories.$inferInsert;

const INSERT_BATCH = 200;

/** A memory's link to a document it was drawn from (and, for a conversation, the turn it was said in). */
export interface SourceLink {
  memoryId: string;
  documentId: string;
  turn?: number | null;
}

/**
 * Inserts memories (with their embedder's vectors, so they are searchable at once) in batches, and
 * with each batch the source links of its memories, in the same statement: a statement less for
 * each, inside transactions that hold the embedded database's one connection.
 * Throws DuplicateKeyError when a version of a chain exists already (a concurrent edit added it).
 */
export async function insertMemories(db: Tx, rows: MemoryInsert[], links: SourceLink[] = []): Promise<MemoryRecord[]> {
  const inserted: MemoryRecord[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const orgOf = new Map(batch.map((row) => [row.id, row.orgId]));
    const linked = links.filter((link) => orgOf.has(link.memoryId));
    const values = batch.map((row) => ({ ...row, embedding: row.embedding ? unitVectorValue(row.embedding) : row.embedding }));
    // The links are checked against the memories at the end of the statement, when both are written.
    const sources = linked.length
      ? db.$with('sources').as(
          db
            .insert(memorySources)
            .values(linked.map((link) => ({ ...link, orgId: orgOf.get(link.memoryId)! })))
            .onConflictDoNothing(),
        )
      : undefined;
    const insert = sources ? db.with(sources).insert(memories) : db.insert(memories);
    inserted.push(...(await failOnDuplicate(() => insert.values(values).returning(memoryRecordColumns))));
  }
  return inserted;
}

export async function linkMemorySources(db: Tx, orgId: string, links: SourceLink[]): Promise<void> {
  for (let i = 0; i < links.length; i += INSERT_BATCH) {
    await db
      .insert(memorySources)
      .values(links.slice(i, i + INSERT_BATCH).map((link) => ({ ...link, orgId })))
      .onConflictDoNothing();
  }
}

/** Every memory row of the org, all versions, forgotten or not. */
export async function deleteOrgMemories(db: Tx, orgId: string): Promise<number> {
  const rows = await db.delete(memories).where(eq(memories.orgId, orgId)).returning({ id: memories.id });
  return rows.length;
}

/**
 * One more document supports the memory. A memory deleted meanwhile (its last document deleted
 * while this extraction ran) gains nothing: false.
 */
export async function bumpSourceCount(db: Tx, orgId: string, memoryId: string, documentId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(memories)
    .set({ sourceCount: sql`${memories.sourceCount} + 1`, updatedAt: now })
    .where(and(eq(memories.orgId, orgId), eq(memories.id, memoryId)))
    .returning({ id: memories.id });
  if (!rows.length) return false;
  await db.insert(memorySources).values({ memoryId, documentId, orgId }).onConflictDoNothing();
  return true;
}

export async function retireVersion(db: Tx, orgId: string, memoryId: string, now: Date): Promise<void> {
  await db
    .update(memories)
    .set({ isLatest: false, updatedAt: now })
    .where(and(eq(memories.orgId, orgId), eq(memories.id, memoryId)));
}

/**
 * Locks the latest version of the chain `memoryId` belongs to, so a new version can follow it: when
 * another transaction added versions since `memoryId` was read, the newest of them is locked instead.
 * Undefined when the chain is gone.
 */
export async function lockChainHead(db: Tx, orgId: string, memoryId: string) {
  let id: string | undefined = memoryId;
  while (id) {
    const [row] = await db
      .select({ id: memories.id, version: memories.version, rootMemoryId: memories.rootMemoryId, isLatest: memories.isLatest })
      .from(memories)
      .where(and(eq(memories.orgId, orgId), eq(memories.id, id)))
      .for('update');
    if (!row || row.isLatest) return row;
    const [next] = await db
      .select({ id: memories.id })
      .from(memories)
      .where(and(eq(memories.orgId, orgId), eq(memories.parentMemoryId, row.id), gt(memories.version, row.version)))
      .orderBy(desc(memories.version))
      .limit(1);
    id = next?.id;
  }
  return undefined;
}

export async function updateMemory(
  db: Tx,
  orgId: string,
  id: string,
  patch: Partial<Omit<MemoryRecord, 'id' | 'orgId'>>,
  now: Date,
): Promise<MemoryRecord | undefined> {
  const [row] = await db
    .update(memories)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(memories.orgId, orgId), eq(memories.id, id)))
    .returning(memoryRecordColumns);
  return row;
}

/** Soft-forgets every memory of a tag not yet forgotten; returns how many. */
export async function forgetTagMemories(db: Tx, orgId: string, containerTag: string, reason: string, now: Date): Promise<number> {
  const rows = await db
    .update(memories)
    .set({ isForgotten: true, forgetReason: reason, updatedAt: now })
    .where(and(eq(memories.orgId, orgId), eq(memories.containerTag, containerTag), eq(memories.isForgotten, false)))
    .returning({ id: memories.id });
  return rows.length;
}
