/** Which first-stage retrievers a search uses; the single ones exist to measure the fusion. */
export type Retrievers = 'hybrid' | 'lexical' | 'vector';

/**
 * Weights of the lexical and vector scores in the fused similarity. Both scores are absolute
 * (lexical: rarity-weighted share of the query's words present; vector: cosine), so the fused
 * value means the same thing for every query, for memories and chunks alike, and a threshold
 * on it is meaningful. Tuned on the LoCoMo recall benchmark (bench/recall.ts).
 */
export const LEXICAL_WEIGHT = 0.5;
export const VECTOR_WEIGHT = 0.5;

/** Inferred memories are kept below stated ones of similar relevance. */
export const INFERENCE_FACTOR = 0.85;

export interface Scores {
  cosine: number | null;
  lexical: number;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** The similarity in 0..1 reported for a candidate and used for ranking and thresholds. */
export function fuse(scores: Scores, retrievers: Retrievers): number {
  const vector = clamp01(scores.cosine ?? 0);
  const lexical = clamp01(scores.lexical);
  if (retrievers === 'lexical') return lexical;
  if (retrievers === 'vector') return vector;
  return clamp01(LEXICAL_WEIGHT * lexical + VECTOR_WEIGHT * vector);
}
