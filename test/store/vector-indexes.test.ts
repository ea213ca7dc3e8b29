import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropVectorIndexes, ensureVectorIndexes } from '../../src/store/embedding.js';
import { queryRows } from '../../src/store/sql.js';
import { useTwoOrgStore } from '../helpers/store-database.js';

describe('store: vector indexes', () => {
  const store = useTwoOrgStore();
  const vectorIndexes = async () =>
    (
      await queryRows<{ name: string; definition: string }>(
        store.database.db,
        sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND indexname ~ '^(chunks|memories)_embedding_' ORDER BY indexname`,
      )
    ).map((row) => ({ name: row.name, levels: (row.definition.match(/binary_quantize/g) ?? []).length }));

  it('replaces indexes of the earlier kinds (unquantized, signs only) with three-level ones for the dimension', async () => {
    await dropVectorIndexes(store.database.db);
    await store.database.db.execute(
      sql.raw(`CREATE INDEX memories_embedding_hnsw_12 ON memories USING hnsw ((embedding::vector(12)) vector_cosine_ops) WHERE vector_dims(embedding) = 12`),
    );
    await store.database.db.execute(
      sql.raw(
        `CREATE INDEX chunks_embedding_bq_12 ON chunks USING hnsw ((binary_quantize(embedding)::bit(12)) bit_hamming_ops) WHERE vector_dims(embedding) = 12`,
      ),
    );
    await ensureVectorIndexes(store.database.db, 12);
    expect(await vectorIndexes()).toEqual([
      { name: 'chunks_embedding_tq_12', levels: 3 },
      { name: 'memories_embedding_tq_12', levels: 3 },
    ]);
  });

  it('keeps the indexes of the current dimension and drops those of another', async () => {
    await ensureVectorIndexes(store.database.db, 12);
    await ensureVectorIndexes(store.database.db, 12);
    expect((await vectorIndexes()).map((i) => i.name)).toEqual(['chunks_embedding_tq_12', 'memories_embedding_tq_12']);
    await ensureVectorIndexes(store.database.db, 20);
    expect((await vectorIndexes()).map((i) => i.name)).toEqual(['chunks_embedding_tq_20', 'memories_embedding_tq_20']);
  });

  it('builds a graph of the degree asked for, and refuses one pgvector would not build', async () => {
    const definitions = async () =>
      (
        await queryRows<{ definition: string }>(
          store.database.db,
          sql`SELECT indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND indexname ~ '^(chunks|memories)_embedding_'`,
        )
      ).map((row) => row.definition);
    await dropVectorIndexes(store.database.db);
    await ensureVectorIndexes(store.database.db, 12, { graphDegree: 8 });
    expect(await definitions()).toEqual([expect.stringContaining("WITH (m='8')"), expect.stringContaining("WITH (m='8')")]);
    await dropVectorIndexes(store.database.db);
    await ensureVectorIndexes(store.database.db, 12);
    for (const definition of await definitions()) expect(definition).not.toContain('WITH (m=');
    for (const graphDegree of [1, 101, 2.5]) {
      await expect(ensureVectorIndexes(store.database.db, 12, { graphDegree })).rejects.toThrow(/graphDegree must be an integer from 2 to 100/);
    }
  });
});
