import type { Reranker } from '../../ai/rerank/reranker.js';
import type { ScoredCandidate } from './retrieval.js';

/** How many first-stage candidates are re-scored, relative to the number of results asked for. */
export function rerankDepth(limit: number): number {
  return Math.min(100, Math.max(30, limit * 3));
}

/**
 * Re-scores the best `depth` candidates with the reranker; they are ordered by the new scores
 * and stay ahead of the rest, whose first-stage similarity is kept.
 */
export async function rerankCandidates(
  reranker: Reranker,
  query: string,
  candidates: ScoredCandidate[],
  textOf: (id: string) => string | undefined,
  depth: number,
): Promise<ScoredCandidate[]> {
  const head = candidates.slice(0, depth).filter((c) => textOf(c.id) !== undefined);
  if (!head.length) return candidates;
  const scores = await reranker.rerank(
    query,
    head.map((c) => ({ text: textOf(c.id)!, score: c.similarity, cosine: c.cosine, lexical: c.lexical })),
  );
  const reranked = head
    .map((c, i) => ({ ...c, similarity: clamp01(scores[i] ?? c.similarity), trace: { ...c.trace, firstStage: c.similarity } }))
    .sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id));
  const headIds = new Set(head.map((c) => c.id));
  return [...reranked, ...candidates.filter((c) => !headIds.has(c.id))];
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
