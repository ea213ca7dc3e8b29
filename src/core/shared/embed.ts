import { EmbeddingError, type Embedder, type EmbeddingPurpose } from '../../ai/embeddings/embedder.js';
import { UnavailableError } from '../../model/errors.js';

/** Embeds for a request; a model that is down is the service's problem, not the caller's. */
export async function embedForRequest(embedder: Embedder, texts: string[], purpose: EmbeddingPurpose): Promise<Float32Array[]> {
  try {
    return await embedder.embed(texts, purpose);
  } catch (error) {
    if (error instanceof EmbeddingError) {
      throw new UnavailableError('Embedding model unavailable', error.message, error.transient ? 5 : undefined);
    }
    throw error;
  }
}
