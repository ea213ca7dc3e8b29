import { eq, sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { queryRows, scaledIntegers } from './sql.js';
import { embeddingSpace } from './schema/embedding-space.js';

export interface EmbeddingSpace {
  model: string;
  dimension: number;
}

const SPACE_ID = 'current';
const INDEXED_TABLES = ['chunks', 'memories'] as const;
/** Arbitrary constant: serialises vector-space changes between processes sharing a PostgreSQL. */
const SPACE_LOCK_ID = 7_300_451_222;

export async function getEmbeddingSpace(db: Tx): Promise<EmbeddingSpace | undefined> {
  const [row] = await db
    .select({ model: embeddingSpace.model, dimension: embeddingSpace.dimension })
    .from(embeddingSpace)
    .where(eq(embeddingSpace.id, SPACE_ID));
  return row;
}

export async function recordEmbeddingSpace(db: Tx, space: EmbeddingSpace, now: Date): Promise<void> {
  await db
    .insert(embeddingSpace)
    .values({ id: SPACE_ID, ...space, recordedAt: now })
    .onConflictDoUpdate({ target: embeddingSpace.id, set: { ...space, recordedAt: now } });
}

/** Whether any chunk or memory carries a vector (from whichever model). */
export async function hasStoredVectors(db: Tx): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM chunks WHERE embedding IS NOT NULL)
      OR EXISTS (SELECT 1 FROM memories WHERE embedding IS NOT NULL) AS any`,
  );
  return row?.any === true;
}

/** Runs `work` in a transaction holding the vector-space lock. */
export async function withEmbeddingSpaceLock<T>(db: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SPACE_LOCK_ID})`);
    return work(tx);
  });
}

/** The name of a table's vector index for `dimension`. */
export const vectorIndexName = (table: VectorTable, dimension: number) => `${table}_embedding_tq_${dimension}`;

/**
 * The expression the vector indexes are built over: each component of a unit vector coded in
 * four levels by three thresholds, -s, 0 and +s, one bit each (pgvector's `binary_quantize` of the
 * vector moved by +s, as it is, and moved by -s), so that the Hamming distance between two codes
 * counts the levels between their components, a coarse L1 distance. `s` is half the spread of a
 * unit vector's components (0.5/√d): with a larger step most components of a model whose vectors
 * lean one way code alike, with a smaller one the code comes closer to the signs alone. At the
 * same pool this finds more of the exact top ten than the signs alone (at 100k memories 0.98
 * against 0.91 with a pool of 100), so the pool is smaller and the walk shorter. A graph of
 * 192-byte keys (512 dimensions) instead of 2 KB vectors keeps to the page cache and is cheap to
 * keep current; searches order the pool it yields by the exact cosine
 * (`store/search/candidates.ts`). HNSW needs a fixed length, so only rows of that dimension are
 * indexed. `vector` must be of unit length, as stored vectors are.
 */
export function quantizedExpression(vector: string, dimension: number): string {
  const dims = Math.trunc(dimension);
  const step = `array_fill(${levelStep(dims)}::real, ARRAY[${dims}])::vector`;
  return `((binary_quantize(${vector} + ${step})::bit(${dims}) || binary_quantize(${vector})::bit(${dims}) || binary_quantize(${vector} - ${step})::bit(${dims}))::bit(${3 * dims}))`;
}

/** The distance between the three thresholds of `quantizedExpression`, fixed in its text. */
function levelStep(dimension: number): string {
  return (0.5 / Math.sqrt(dimension)).toPrecision(4);
}

export interface VectorIndexOptions {
  /** `maintenance_work_mem` while the graph is built. */
  buildMemory?: string;
  /**
   * pgvector's `m`, the neighbours a node keeps (16 unless given, as the service builds it); only
   * for an index built now: one that exists under the same name is kept as it is.
   */
  graphDegree?: number;
}

/**
 * Builds the vector indexes for `dimension` (see `quantizedExpression`) and drops those built for
 * another dimension or in an earlier form.
 */
export async function ensureVectorIndexes(db: Tx, dimension: number, options: VectorIndexOptions = {}): Promise<void> {
  const buildMemory = options.buildMemory ?? '256MB';
  if (!/^\d+[MG]B$/.test(buildMemory)) throw new Error(`buildMemory must look like 256MB or 4GB, not ${buildMemory}`);
  const degree = options.graphDegree;
  if (degree !== undefined && !(Number.isInteger(degree) && degree >= 2 && degree <= 100))
    throw new Error(`graphDegree must be an integer from 2 to 100, not ${degree}`);
  const withDegree = degree === undefined ? '' : ` WITH (m = ${degree})`;
  const dims = Math.trunc(dimension);
  await dropVectorIndexes(db, dims);
  await db.transaction(async (tx) => {
    // Building a graph over many rows is much faster when it fits in memory.
    await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '${buildMemory}'`));
    for (const table of INDEXED_TABLES) {
      await tx.execute(
        sql.raw(
          `CREATE INDEX IF NOT EXISTS ${vectorIndexName(table, dims)} ON ${table} USING hnsw (${quantizedExpression('embedding', dims)} bit_hamming_ops)${withDegree} WHERE vector_dims(embedding) = ${dims}`,
        ),
      );
    }
  });
}

/** Drops the vector indexes (those of earlier forms too), except the current one for `keepDimension`. */
export async function dropVectorIndexes(db: Tx, keepDimension?: number): Promise<void> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT indexname AS name FROM pg_indexes
      WHERE schemaname = current_schema() AND indexname ~ '^(chunks|memories)_embedding_(hnsw|bq|tq)_[0-9]+$'`,
  );
  for (const { name } of rows) {
    if (keepDimension !== undefined && INDEXED_TABLES.some((table) => name === vectorIndexName(table, keepDimension))) continue;
    await db.execute(sql.raw(`DROP INDEX IF EXISTS ${name}`));
  }
}

export interface VectorUpdate {
  id: string;
  embedding: ArrayLike<number>;
}

export type VectorTable = 'chunks' | 'memories';

const UPDATE_BATCH = 200;

/** Stores vectors on existing rows of the organization; returns how many rows were updated. */
export async function setVectors(db: Tx, table: VectorTable, orgId: string, updates: VectorUpdate[]): Promise<number> {
  let updated = 0;
  for (let i = 0; i < updates.length; i += UPDATE_BATCH) {
    const batch = updates.slice(i, i + UPDATE_BATCH);
    // Scaled integers, normalised by the database: as `unitVectorValue` stores a vector.
    const values = JSON.stringify(batch.map((u) => ({ id: u.id, embedding: scaledIntegers(u.embedding) })));
    const rows = await queryRows<{ id: string }>(
      db,
      sql`UPDATE ${sql.raw(table)} AS t SET embedding = l2_normalize(v.embedding::int4[]::vector)
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id text, embedding text)
        WHERE t.id = v.id AND t.org_id = ${orgId}
        RETURNING t.id`,
    );
    updated += rows.length;
  }
  return updated;
}

export interface TextToEmbed {
  id: string;
  orgId: string;
  content: string;
  headingPath: string[];
}

/** One page of every row's text in id order, across organizations: re-embedding is an operator task. */
export async function pageTextsToEmbed(db: Tx, table: VectorTable, afterId: string | null, limit: number): Promise<TextToEmbed[]> {
  const columns = table === 'chunks' ? sql.raw('content, heading_path AS "headingPath"') : sql.raw(`memory AS content, '{}'::text[] AS "headingPath"`);
  return queryRows<TextToEmbed>(
    db,
    sql`SELECT id, org_id AS "orgId", ${columns} FROM ${sql.raw(table)}
      WHERE ${afterId === null ? sql`true` : sql`id > ${afterId}`} ORDER BY id LIMIT ${limit}`,
  );
}

export async function countRows(db: Tx, table: VectorTable): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(row?.n ?? 0);
}
