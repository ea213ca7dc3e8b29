export interface RerankCandidate {
  text: string;
  /** First-stage similarity, 0..1. */
  score: number;
  /** Cosine similarity to the query, when vector retrieval ran. */
  cosine: number | null;
  /** First-stage lexical score, 0..1. */
  lexical: number;
}

/** Re-scores the best first-stage candidates with a closer (and costlier) look at each. */
export interface Reranker {
  readonly name: string;
  /** New scores in 0..1, one per candidate, in the candidates' order. */
  rerank(query: string, candidates: RerankCandidate[]): Promise<number[]>;
}
