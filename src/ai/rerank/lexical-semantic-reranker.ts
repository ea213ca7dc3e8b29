import { contentWords, words } from '../text/words.js';
import type { RerankCandidate, Reranker } from './reranker.js';

/** Query words within this many words of each other in a text count as found together. */
const PROXIMITY_WINDOW = 4;

export const RERANK_WEIGHTS = {
  /** The first-stage fused similarity. */
  firstStage: 0.55,
  /** Cosine similarity to the query. */
  semantic: 0.15,
  /** Share of the query's content words present (stemmed). */
  coverage: 0.1,
  /** Share of adjacent query word pairs found close together in the text. */
  proximity: 0.15,
  /** Share of the query's names (capitalised words) present. */
  names: 0.05,
};

/**
 * Offline re-scorer: looks at each candidate's text more closely than the first stage can in
 * SQL (word proximity, names, unweighted coverage) and blends that with the semantic score.
 */
export class LexicalSemanticReranker implements Reranker {
  readonly name = 'lexical-semantic';

  async rerank(query: string, candidates: RerankCandidate[]): Promise<number[]> {
    const queryWords = [...new Set(contentWords(query))];
    const pairs = queryWords.slice(1).map((w, i) => [queryWords[i], w] as const);
    const names = [...new Set((query.match(/\b\p{Lu}[\p{L}'-]+/gu) ?? []).map((n) => n.toLowerCase().replace(/'s$/, '')))].filter(
      (n, i) => i > 0 || !/^(what|when|where|who|why|how|which|did|does|do|is|are|was|were|can|could|would|should|has|have|had)$/.test(n),
    );
    return candidates.map((candidate) => {
      const text = contentWords(candidate.text);
      const present = new Set(text);
      const coverage = queryWords.length ? queryWords.filter((w) => present.has(w)).length / queryWords.length : 0;
      const proximity = pairs.length ? pairs.filter(([a, b]) => near(text, a, b)).length / pairs.length : coverage;
      const textWords = new Set(words(candidate.text));
      const nameShare = names.length ? names.filter((n) => textWords.has(n)).length / names.length : coverage;
      const w = RERANK_WEIGHTS;
      return (
        w.firstStage * candidate.score +
        w.semantic * Math.max(0, candidate.cosine ?? candidate.score) +
        w.coverage * coverage +
        w.proximity * proximity +
        w.names * nameShare
      );
    });
  }
}

function near(text: string[], a: string, b: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== a && text[i] !== b) continue;
    const other = text[i] === a ? b : a;
    for (let j = Math.max(0, i - PROXIMITY_WINDOW); j <= Math.min(text.length - 1, i + PROXIMITY_WINDOW); j++) {
      if (j !== i && text[j] === other) return true;
    }
  }
  return false;
}
