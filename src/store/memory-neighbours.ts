import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { type Tx } from './database.js';
import { queryRows, vectorLiteral } from './sql.js';
import { memories } from './schema/memories.js';
import { memorySources } from './schema/memory-sources.js';

export interface MemoryNeighbour {
  id: string;
  memory: string;
  version: number;
  rootMemoryId: string | null;
  sourceCount: number;
  similarity: number;
  fromSameDocument: boolean;
}

/**
 * The latest live memories of one tag closest to a vector (exact scan within the tag), with
 * whether each is already linked to `documentId`.
 */
export async function nearestMemories(
  db: Tx,
  scope: { orgId: string; containerTag: string; documentId: string },
  vector: ArrayLike<number>,
  limit: number,
): Promise<MemoryNeighbour[]> {
  const literal = vectorLiteral(vector);
  return queryRows<MemoryNeighbour>(
    db,
    sql`SELECT m.id, m.memory, m.version, m.root_memory_id AS "rootMemoryId", m.source_count AS "sourceCount",
        1 - (m.embedding <=> ${literal}::vector) AS similarity,
        EXISTS (SELECT 1 FROM memory_sources s WHERE s.memory_id = m.id AND s.document_id = ${scope.documentId}) AS "fromSameDocument"
      FROM memories m
      WHERE m.org_id = ${scope.orgId} AND m.container_tag = ${scope.containerTag}
        AND m.is_latest AND NOT m.is_forgotten AND m.embedding IS NOT NULL
      ORDER BY m.embedding <=> ${literal}::vector
      LIMIT ${limit}`,
  );
}

/** Latest live memories of a tag whose text contains every one of `terms` (case-insensitive). */
export async function memoriesMentioning(db: Tx, orgId: string, containerTag: string, terms: string[], limit: number) {
  return db
    .select({ id: memories.id, memory: memories.memory })
    .from(memories)
    .where(
      and(
        eq(memories.orgId, orgId),
        eq(memories.containerTag, containerTag),
        eq(memories.isLatest, true),
        eq(memories.isForgotten, false),
        eq(memories.isInference, false),
        ...terms.map((term) => sql`strpos(lower(${memories.memory}), lower(${term}::text)) > 0`),
      ),
    )
    .limit(limit);
}

export async function existsLatestMemory(db: Tx, orgId: string, containerTag: string, text: string): Promise<boolean> {
  const rows = await db
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.orgId, orgId), eq(memories.containerTag, containerTag), eq(memories.isLatest, true), eq(memories.memory, text)))
    .limit(1);
  return rows.length > 0;
}

export async function bumpSourceCount(db: Tx, orgId: string, memoryId: string, documentId: string): Promise<void> {
  await db
    .update(memories)
    .set({ sourceCount: sql`${memories.sourceCount} + 1`, updatedAt: new Date() })
    .where(and(eq(memories.orgId, orgId), eq(memories.id, memoryId)));
  await db.insert(memorySources).values({ memoryId, documentId, orgId }).onConflictDoNothing();
}

export async function retireVersion(db: Tx, orgId: string, memoryId: string): Promise<void> {
  await db
    .update(memories)
    .set({ isLatest: false, updatedAt: new Date() })
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
