import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import {
  ensureVectorIndexes,
  getEmbeddingSpace,
  hasStoredVectors,
  recordEmbeddingSpace,
  withEmbeddingSpaceLock,
  type EmbeddingSpace,
} from '../../store/embedding.js';
import type { Clock } from '../shared/clock.js';

/** The database holds vectors of another model than the one configured. */
export class EmbeddingModelMismatchError extends Error {
  constructor(
    readonly stored: EmbeddingSpace,
    readonly configured: EmbeddingSpace,
  ) {
    super(
      `This database was embedded with ${describe(stored)}, but this server is configured for ${describe(configured)}. ` +
        `Vectors of different models cannot be searched together. Either configure ${stored.model} again ` +
        `(EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL), or re-embed everything with the new model: stop every engram process ` +
        `and run \`engram reembed\` with the new configuration.`,
    );
    this.name = 'EmbeddingModelMismatchError';
  }
}

const describe = (space: EmbeddingSpace) => `"${space.model}" (${space.dimension} dimensions)`;

export const spaceOf = (embedder: Embedder): EmbeddingSpace => ({ model: embedder.model, dimension: embedder.dimension });

/**
 * Start-up check: records the configured model on first start (or while nothing is embedded
 * yet), refuses a database embedded with another model, and makes sure the HNSW indexes for
 * the model's dimension exist.
 */
export async function prepareEmbeddingSpace(db: Db, embedder: Embedder, clock: Clock): Promise<{ recorded: boolean }> {
  const configured = spaceOf(embedder);
  return withEmbeddingSpaceLock(db, async (tx) => {
    const stored = await getEmbeddingSpace(tx);
    const same = stored?.model === configured.model && stored.dimension === configured.dimension;
    if (stored && !same && (await hasStoredVectors(tx))) throw new EmbeddingModelMismatchError(stored, configured);
    if (!same) await recordEmbeddingSpace(tx, configured, clock.now());
    await ensureVectorIndexes(tx, configured.dimension);
    return { recorded: !same };
  });
}
