import { EmbeddingError, type Embedder, type EmbeddingPurpose } from '../../ai/embeddings/embedder.js';
import { ApiError } from '../../model/errors.js';

/** Embeds for a request; a model that is down is the service's problem (503), not the caller's. */
export async function embedForRequest(embedder: Embedder, texts: string[], purpose: EmbeddingPurpose): Promise<Float32Array[]> {
  try {
    return await embedder.embed(texts, purpose);
  } catch (error) {
    if (error instanceof EmbeddingError) {
      throw new ApiError(503, 'Embedding model unavailable', error.message, error.transient ? { 'retry-after': '5' } : {});
    }
    throw error;
  }
}
