import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../database.js';
import { queryRows, scaledIntegers } from '../sql.js';
import { memories } from '../schema/memories.js';
import { liveInTag } from './record-columns.js';
import type { MemoryAttribute } from '../../model/memories.js';

export interface MemoryNeighbour {
  id: string;
  memory: string;
  version: number;
  rootMemoryId: string | null;
  sourceCount: number;
  similarity: number;
  fromSameDocument: boolean;
  attributes: MemoryAttribute[] | null;
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
  return queryRows<MemoryNeighbour>(
    db,
    sql`WITH q AS MATERIALIZED (SELECT ${scaledIntegers(vector)}::int4[]::vector AS v)
      SELECT m.id, m.memory, m.version, m.root_memory_id AS "rootMemoryId", m.source_count AS "sourceCount",
        1 - (m.embedding <=> q.v) AS similarity, m.attributes,
        EXISTS (SELECT 1 FROM memory_sources s WHERE s.memory_id = m.id AND s.document_id = ${scope.documentId}) AS "fromSameDocument"
      FROM memories m CROSS JOIN q
      WHERE m.org_id = ${scope.orgId} AND m.container_tag = ${scope.containerTag}
        AND m.is_latest AND NOT m.is_forgotten AND m.embedding IS NOT NULL
      ORDER BY m.embedding <=> q.v
      LIMIT ${limit}`,
  );
}

/** Latest live memories of a tag whose text contains every one of `terms` (case-insensitive), newest first. */
export async function memoriesMentioning(db: Tx, orgId: string, containerTag: string, terms: string[], limit: number) {
  return db
    .select({ id: memories.id, memory: memories.memory, attributes: memories.attributes })
    .from(memories)
    .where(
      and(
        ...liveInTag(orgId, containerTag),
        eq(memories.isInference, false),
        ...terms.map((term) => sql`strpos(lower(${memories.memory}), lower(${term}::text)) > 0`),
      ),
    )
    .orderBy(desc(memories.createdAt))
    .limit(limit);
}

/** Latest live stated memories of a tag that set `attribute` (of anyone), newest first. */
export async function memoriesStating(db: Tx, orgId: string, containerTag: string, attribute: string, limit: number) {
  return db
    .select({ id: memories.id, memory: memories.memory, attributes: memories.attributes })
    .from(memories)
    .where(and(...liveInTag(orgId, containerTag), eq(memories.isInference, false), sql`${memories.attributes} @> ${JSON.stringify([{ attribute }])}::jsonb`))
    .orderBy(desc(memories.createdAt))
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
