import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import {
  dropVectorIndexes,
  ensureVectorIndexes,
  recordEmbeddingSpace,
  withEmbeddingSpaceLock,
  countRows,
  pageTextsToEmbed,
  setVectors,
  type VectorTable,
} from '../../store/embedding.js';
import { spaceOf } from './embedding-space.js';
import { chunkEmbeddingText } from './embedding-text.js';
import type { Clock } from '../shared/clock.js';

export interface ReembedProgress {
  table: VectorTable;
  done: number;
  total: number;
}

const PAGE = 256;

/**
 * Re-embeds every chunk and memory of every organization with `embedder`, then records its model
 * as the database's and rebuilds the vector indexes for its dimension. Meant to run while no
 * engram server writes to the database; running it again after an interruption starts over.
 */
export async function reembedAll(
  db: Db,
  embedder: Embedder,
  clock: Clock,
  onProgress: (progress: ReembedProgress) => void = () => undefined,
): Promise<Record<VectorTable, number>> {
  // Without indexes the writes are faster, and an index of the old dimension would be useless.
  await withEmbeddingSpaceLock(db, (tx) => dropVectorIndexes(tx));
  const counts: Record<VectorTable, number> = { chunks: 0, memories: 0 };
  for (const table of ['chunks', 'memories'] as const) {
    const total = await countRows(db, table);
    let after: string | null = null;
    for (;;) {
      const page = await pageTextsToEmbed(db, table, after, PAGE);
      if (!page.length) break;
      const texts = page.map((row) => (table === 'chunks' ? chunkEmbeddingText(row.headingPath, row.content) : row.content));
      const vectors = await embedder.embed(texts, 'document');
      const byOrg = new Map<string, { id: string; embedding: Float32Array }[]>();
      page.forEach((row, i) => byOrg.set(row.orgId, [...(byOrg.get(row.orgId) ?? []), { id: row.id, embedding: vectors[i] }]));
      for (const [orgId, updates] of byOrg) counts[table] += await setVectors(db, table, orgId, updates);
      after = page[page.length - 1].id;
      onProgress({ table, done: counts[table], total });
    }
  }
  await withEmbeddingSpaceLock(db, async (tx) => {
    await recordEmbeddingSpace(tx, spaceOf(embedder), clock.now());
    await ensureVectorIndexes(tx, embedder.dimension);
  });
  return counts;
}
