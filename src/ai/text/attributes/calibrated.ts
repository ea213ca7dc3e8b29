import type { Embedder } from '../../embeddings/embedder.js';

/**
 * One reader per embedder: made on first use when the embedder's model has a calibration, null for
 * any other model, and kept for as long as the embedder lives.
 */
export function readerPerEmbedder<C, R>(calibrations: Record<string, C>, make: (embedder: Embedder, calibration: C) => R): (embedder: Embedder) => R | null {
  const readers = new WeakMap<Embedder, R | null>();
  return (embedder) => {
    if (!readers.has(embedder)) {
      const calibration = calibrations[embedder.model];
      readers.set(embedder, calibration ? make(embedder, calibration) : null);
    }
    return readers.get(embedder) ?? null;
  };
}
