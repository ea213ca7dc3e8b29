import { describe, expect, it } from 'vitest';
import { EmbeddingError, type Embedder, type EmbeddingPurpose } from './embedder.js';
import { QueryCachingEmbedder } from './query-cache.js';

/** Embeds a text as [its length, a call counter]; records every call it gets. */
function countingEmbedder(failOn?: string) {
  const calls: { texts: string[]; purpose: EmbeddingPurpose }[] = [];
  const embedder: Embedder = {
    model: 'counting',
    dimension: 2,
    async embed(texts, purpose = 'document') {
      calls.push({ texts, purpose });
      if (failOn && texts.includes(failOn)) throw new EmbeddingError('down', true);
      return texts.map((t) => Float32Array.from([t.length, calls.length]));
    },
    close: async () => undefined,
  };
  return { embedder, calls };
}

describe('QueryCachingEmbedder', () => {
  it('embeds a repeated query once and counts the hit', async () => {
    const { embedder, calls } = countingEmbedder();
    const cached = new QueryCachingEmbedder(embedder, 10);
    const [first] = await cached.embed(['alice bicycle'], 'query');
    const [second] = await cached.embed(['alice bicycle'], 'query');
    expect(Array.from(second)).toEqual(Array.from(first));
    expect(calls).toHaveLength(1);
    expect(cached.stats()).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  it('sends only the unknown texts of a call to the model, answers in order', async () => {
    const { embedder, calls } = countingEmbedder();
    const cached = new QueryCachingEmbedder(embedder, 10);
    await cached.embed(['bb'], 'query');
    const vectors = await cached.embed(['a', 'bb', 'ccc'], 'query');
    expect(calls.map((c) => c.texts)).toEqual([['bb'], ['a', 'ccc']]);
    expect(vectors.map((v) => v[0])).toEqual([1, 2, 3]);
  });

  it('never caches document texts', async () => {
    const { embedder, calls } = countingEmbedder();
    const cached = new QueryCachingEmbedder(embedder, 10);
    await cached.embed(['same'], 'document');
    await cached.embed(['same'], 'document');
    expect(calls).toHaveLength(2);
    expect(cached.stats().size).toBe(0);
  });

  it('keeps at most its bound, dropping the least recently used', async () => {
    const { embedder, calls } = countingEmbedder();
    const cached = new QueryCachingEmbedder(embedder, 2);
    await cached.embed(['a'], 'query');
    await cached.embed(['b'], 'query');
    await cached.embed(['a'], 'query');
    await cached.embed(['c'], 'query');
    expect(cached.stats().size).toBe(2);
    await cached.embed(['a'], 'query');
    await cached.embed(['b'], 'query');
    expect(calls.map((c) => c.texts[0])).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares one embedding between concurrent calls and forgets a failure', async () => {
    const { embedder, calls } = countingEmbedder('broken');
    const cached = new QueryCachingEmbedder(embedder, 10);
    await Promise.all([cached.embed(['x'], 'query'), cached.embed(['x'], 'query')]);
    expect(calls).toHaveLength(1);
    await expect(cached.embed(['broken'], 'query')).rejects.toThrow('down');
    await expect(cached.embed(['broken'], 'query')).rejects.toThrow('down');
    expect(calls).toHaveLength(3);
    expect(cached.stats().size).toBe(1);
  });
});
