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
    ).map((row) => ({ name: row.name, quantized: /binary_quantize/.test(row.definition) }));

  it('replaces an index of the earlier, unquantized kind with a quantized one for the dimension', async () => {
    await dropVectorIndexes(store.database.db);
    await store.database.db.execute(
      sql.raw(`CREATE INDEX memories_embedding_hnsw_12 ON memories USING hnsw ((embedding::vector(12)) vector_cosine_ops) WHERE vector_dims(embedding) = 12`),
    );
    await ensureVectorIndexes(store.database.db, 12);
    expect(await vectorIndexes()).toEqual([
      { name: 'chunks_embedding_bq_12', quantized: true },
      { name: 'memories_embedding_bq_12', quantized: true },
    ]);
  });

  it('keeps the indexes of the current dimension and drops those of another', async () => {
    await ensureVectorIndexes(store.database.db, 12);
    await ensureVectorIndexes(store.database.db, 12);
    expect((await vectorIndexes()).map((i) => i.name)).toEqual(['chunks_embedding_bq_12', 'memories_embedding_bq_12']);
    await ensureVectorIndexes(store.database.db, 20);
    expect((await vectorIndexes()).map((i) => i.name)).toEqual(['chunks_embedding_bq_20', 'memories_embedding_bq_20']);
  });
});
