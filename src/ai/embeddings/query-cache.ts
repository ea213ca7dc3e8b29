import { LRUCache } from 'lru-cache';
import { DelegatingEmbedder, type Embedder, type EmbeddingPurpose } from './embedder.js';

export interface QueryCacheStats {
  hits: number;
  misses: number;
  size: number;
}

/**
 * Remembers the vectors of recent search queries (bounded, least recently used out), so a
 * repeated query skips the model. Keyed by model and text; document texts pass straight through.
 * Concurrent calls for the same text share one embedding; a failed one is not remembered.
 */
export class QueryCachingEmbedder extends DelegatingEmbedder {
  private readonly cache: LRUCache<string, Promise<Float32Array>>;
  private hits = 0;
  private misses = 0;

  constructor(inner: Embedder, maxEntries: number) {
    super(inner);
    this.cache = new LRUCache({ max: maxEntries });
  }

  /** Forgets every remembered vector (the counts stay). */
  clear(): void {
    this.cache.clear();
  }

  stats(): QueryCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.cache.size };
  }

  override embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    if (purpose !== 'query') return this.inner.embed(texts, purpose);
    const vectors = new Array<Promise<Float32Array>>(texts.length);
    const missing: { index: number; key: string }[] = [];
    texts.forEach((text, index) => {
      const key = `${this.inner.model}\n${text}`;
      const cached = this.cache.get(key);
      if (cached) {
        this.hits++;
        vectors[index] = cached;
      } else {
        this.misses++;
        missing.push({ index, key });
      }
    });
    if (missing.length) {
      const fresh = this.inner.embed(
        missing.map(({ index }) => texts[index]),
        'query',
      );
      missing.forEach(({ index, key }, i) => {
        const vector = fresh.then((all) => all[i]);
        vectors[index] = vector;
        this.cache.set(key, vector);
        vector.catch(() => {
          if (this.cache.peek(key) === vector) this.cache.delete(key);
        });
      });
    }
    return Promise.all(vectors);
  }
}
