import type { Candidate } from '../../store/search/candidates.js';

/**
 * How the retrievers placed one candidate, for searches asked to explain themselves: each
 * retriever's own score and rank (1 = its best; null when it did not put the row among its
 * candidates), the fused score before source context and calibration, and the reranker's score.
 */
export interface RetrieverTrace {
  vectorRank: number | null;
  lexicalRank: number | null;
  /** Cosine to the nearest query phrasing; null when the query was not embedded. */
  cosine: number | null;
  lexical: number;
  /** Weighted sum of both retrievers' scores, 0..1. */
  fused: number;
  /** The first-stage similarity a reranker replaced; absent without reranking. */
  firstStage?: number;
}

/**
 * Each candidate's rank in each retriever: the lexical rank is its place in the lexical
 * retriever's list; the vector rank its place by cosine among the pool, counted only within
 * the `perRetriever` rows the vector retriever contributes.
 */
export function retrieverRanks(
  candidates: Candidate[],
  lexicalRanked: { id: string }[],
  perRetriever: number,
): Map<string, { vectorRank: number | null; lexicalRank: number | null }> {
  const lexicalRank = new Map(lexicalRanked.map((c, i) => [c.id, i + 1]));
  const byCosine = candidates.filter((c) => c.cosine !== null).sort((a, b) => b.cosine! - a.cosine! || a.id.localeCompare(b.id));
  const vectorRank = new Map(byCosine.slice(0, perRetriever).map((c, i) => [c.id, i + 1]));
  return new Map(candidates.map((c) => [c.id, { vectorRank: vectorRank.get(c.id) ?? null, lexicalRank: lexicalRank.get(c.id) ?? null }]));
}

export type Phase = 'rewrite' | 'embedding' | 'retrieval' | 'rerank' | 'assembly' | 'aggregate';

/** Milliseconds spent in each phase of one search, and in all of it. */
export type Timings = Partial<Record<Phase, number>> & { total: number };

/**
 * Measures the phases of one search; phases may overlap (embedding runs while words are matched).
 * Durations for the answer's timing: the monotonic timer, not the clock.
 */
export class PhaseTimer {
  private readonly started = performance.now();
  private readonly spent: Partial<Record<Phase, number>> = {};

  async measure<T>(phase: Phase, work: Promise<T> | (() => Promise<T>)): Promise<T> {
    const start = performance.now();
    try {
      return await (typeof work === 'function' ? work() : work);
    } finally {
      this.spent[phase] = (this.spent[phase] ?? 0) + (performance.now() - start);
    }
  }

  timings(): Timings {
    const rounded = Object.fromEntries(Object.entries(this.spent).map(([phase, ms]) => [phase, Math.round(ms)]));
    return { ...rounded, total: Math.round(performance.now() - this.started) };
  }
}
