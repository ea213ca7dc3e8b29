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

/**
 * The fused score is mapped onto the reported similarity by `fused ^ CALIBRATION_EXPONENT` (a
 * monotone curve: ranks stay, 0 and 1 stay), so that a similarity of 0.5 sits at a fused 0.25 (the
 * default threshold, 0.4, at 0.16). A question shares few words with the statement that answers it ("Where did Alice fly?" →
 * "Alice flew to Lisbon") and the local embedding sees questions and statements apart, so answers
 * fuse to 0.25–0.6; uncalibrated, a third of the answers LoCoMo's questions found in the top 10
 * fell under 0.5 (bench/memory.ts reports the share).
 */
export const CALIBRATION_EXPONENT = 0.5;

/** The similarity reported, thresholded and ranked on, from a fused (and source-blended) score. */
export function calibrate(fused: number, retrievers: Retrievers): number {
  return retrievers === 'hybrid' ? clamp01(fused) ** CALIBRATION_EXPONENT : fused;
}

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

/**
 * Context from a hit's source (the document, write or conversation it came from): a hit rises
 * toward the mean of the best `SOURCE_TOP` hits of its source by `SOURCE_WEIGHT` of the gap, by
 * at most that share of its own score, and never falls. The best hit of a source and lone hits
 * keep their scores; a modest hit beside strong ones of the same conversation rises, since the
 * rest of a session tells what it is about; a weak one stays weak (at most 1.5 times its own
 * score), so thresholds keep their meaning. Tuned on the LoCoMo recall benchmark (bench/recall.ts).
 */
export const SOURCE_WEIGHT = 0.5;
export const SOURCE_TOP = 2;

/**
 * Lifts each candidate's similarity by its source's; candidates without a source keep theirs, and
 * nothing changes when all candidates share one source.
 */
export function blendSourceContext<T extends { similarity: number; sourceId: string | null }>(candidates: T[]): T[] {
  const bySource = new Map<string, number[]>();
  for (const c of candidates) {
    if (c.sourceId === null) continue;
    const scores = bySource.get(c.sourceId);
    if (scores) scores.push(c.similarity);
    else bySource.set(c.sourceId, [c.similarity]);
  }
  // With one source (a single long conversation) the context tells nothing apart: scores stay.
  if (bySource.size < 2) return candidates;
  const sourceScore = new Map<string, number>();
  for (const [source, scores] of bySource) {
    const best = scores.sort((a, b) => b - a).slice(0, SOURCE_TOP);
    sourceScore.set(source, best.reduce((sum, x) => sum + x, 0) / best.length);
  }
  return candidates.map((c) => (c.sourceId === null ? c : { ...c, similarity: liftToward(c.similarity, sourceScore.get(c.sourceId)!, SOURCE_WEIGHT, 1) }));
}

/** A score raised toward its group's reference by `weight` of the gap, by at most `cap` of itself; never lowered. */
function liftToward(similarity: number, reference: number, weight: number, cap: number): number {
  const gap = Math.min(Math.max(0, reference - similarity), cap * similarity);
  return clamp01(similarity + weight * gap);
}

/**
 * Context from a hit's turn: what one person said in one turn of a conversation is about one
 * thing, and a memory of it may not repeat the words a question uses ("This necklace is special
 * to me … it stands for love, faith and strength"). A hit rises toward the best hit of its turn by
 * `TURN_WEIGHT` of the gap, by at most `TURN_CAP` of its own score, and never falls. Applied to
 * the reported (calibrated) similarity. Tuned on LoCoMo (bench/memory.ts, two conversations).
 */
export const TURN_WEIGHT = 0.35;
export const TURN_CAP = 0.5;

export function blendTurnContext<T extends { similarity: number; turnId: string | null }>(candidates: T[]): T[] {
  const best = new Map<string, number>();
  for (const c of candidates) {
    if (c.turnId !== null) best.set(c.turnId, Math.max(best.get(c.turnId) ?? 0, c.similarity));
  }
  return candidates.map((c) => (c.turnId === null ? c : { ...c, similarity: liftToward(c.similarity, best.get(c.turnId)!, TURN_WEIGHT, TURN_CAP) }));
}
