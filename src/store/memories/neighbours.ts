import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/** Each vector's nearest memories (`nearestMemories` for each, in one statement), closest first. */
export async function nearestMemoriesOfEach(
  db: Tx,
  scope: { orgId: string; containerTag: string; documentId: string },
  vectors: ArrayLike<number>[],
  limit: number,
): Promise<MemoryNeighbour[][]> {
  if (!vectors.length) return [];
  const rows = await queryRows<MemoryNeighbour & { i: number }>(
    db,
    sql`WITH q AS MATERIALIZED (SELECT x.i, x.v::int4[]::vector AS v FROM (VALUES ${sql.join(
      vectors.map((vector, i) => sql`(${i}::int, ${scaledIntegers(vector)}::text)`),
      sql`, `,
    )}) AS x(i, v))
      SELECT q.i, n.* FROM q CROSS JOIN LATERAL (
        SELECT m.id, m.memory, m.version, m.root_memory_id AS "rootMemoryId", m.source_count AS "sourceCount",
          1 - (m.embedding <=> q.v) AS similarity, m.attributes,
          EXISTS (SELECT 1 FROM memory_sources s WHERE s.memory_id = m.id AND s.document_id = ${scope.documentId}) AS "fromSameDocument"
        FROM memories m
        WHERE m.org_id = ${scope.orgId} AND m.container_tag = ${scope.containerTag}
          AND m.is_latest AND NOT m.is_forgotten AND m.embedding IS NOT NULL
        ORDER BY m.embedding <=> q.v
        LIMIT ${limit}) n`,
  );
  const nearest = vectors.map((): MemoryNeighbour[] => []);
  for (const { i, ...neighbour } of rows) nearest[i].push(neighbour);
  for (const list of nearest) list.sort((a, b) => b.similarity - a.similarity);
  return nearest;
}

/**
 * The similarity `nearestMemories` would give, for each pair of vectors, between the memory stored
 * with vector `j` and the query `i` (`[i][j]`): computed as the database computes it, the stored one
 * brought to unit length as `unitVectorValue` stores it.
 */
export async function similaritiesAmong(db: Tx, vectors: ArrayLike<number>[]): Promise<number[][]> {
  if (!vectors.length) return [];
  const rows = await queryRows<{ i: number; j: number; similarity: number }>(
    db,
    sql`WITH q AS MATERIALIZED (SELECT x.i, x.v::int4[]::vector AS v FROM (VALUES ${sql.join(
      vectors.map((vector, i) => sql`(${i}::int, ${scaledIntegers(vector)}::text)`),
      sql`, `,
    )}) AS x(i, v))
      SELECT a.i, b.i AS j, 1 - (l2_normalize(b.v) <=> a.v) AS similarity FROM q a CROSS JOIN q b`,
  );
  const among = vectors.map(() => new Array<number>(vectors.length).fill(Number.NaN));
  for (const { i, j, similarity } of rows) among[i][j] = similarity;
  return among;
}

type MemoryRow = { id: string; memory: string; attributes: MemoryAttribute[] | null };

/**
 * For each key, the newest `limit` latest, unforgotten, not inferred memories of the tag that
 * `matches` it (given the key as SQL), in one statement.
 */
async function newestMatchingEach(db: Tx, orgId: string, containerTag: string, keys: string[], limit: number, matches: (key: SQL) => SQL) {
  const found = new Map<string, MemoryRow[]>(keys.map((k) => [k, []]));
  if (!keys.length) return found;
  const rows = await queryRows<MemoryRow & { key: string }>(
    db,
    sql`SELECT k.key, r.id, r.memory, r.attributes
      FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS k(key)
      CROSS JOIN LATERAL (
        SELECT m.id, m.memory, m.attributes, m.created_at FROM memories m
        WHERE m.org_id = ${orgId} AND m.container_tag = ${containerTag} AND m.is_latest AND NOT m.is_forgotten AND NOT m.is_inference
          AND ${matches(sql`k.key`)}
        ORDER BY m.created_at DESC
        LIMIT ${limit}) r
      ORDER BY k.key, r.created_at DESC`,
  );
  for (const { key, ...row } of rows) found.get(key)?.push(row);
  return found;
}

/** `memoriesStating` for each attribute, in one statement. */
export function memoriesStatingEach(db: Tx, orgId: string, containerTag: string, attributes: string[], limit: number) {
  return newestMatchingEach(
    db,
    orgId,
    containerTag,
    attributes,
    limit,
    (attribute) => sql`m.attributes @> jsonb_build_array(jsonb_build_object('attribute', ${attribute}))`,
  );
}

/** `memoriesMentioning` of one term each, for several terms in one statement. */
export function memoriesMentioningEach(db: Tx, orgId: string, containerTag: string, terms: string[], limit: number) {
  return newestMatchingEach(db, orgId, containerTag, terms, limit, (term) => sql`strpos(lower(m.memory), lower(${term})) > 0`);
}

/** Which of `texts` a latest memory of the tag already says, word for word. */
export async function latestMemoryTexts(db: Tx, orgId: string, containerTag: string, texts: string[]): Promise<Set<string>> {
  if (!texts.length) return new Set();
  const rows = await db
    .selectDistinct({ memory: memories.memory })
    .from(memories)
    .where(and(eq(memories.orgId, orgId), eq(memories.containerTag, containerTag), eq(memories.isLatest, true), inArray(memories.memory, texts)));
  return new Set(rows.map((r) => r.memory));
}
