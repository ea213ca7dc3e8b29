import { z } from 'zod';
import type { RetrieverTrace } from '../../core/search/explain.js';

const round = (x: number) => Math.round(x * 10_000) / 10_000;

const RetrieverPlacement = (what: string) =>
  z.object({
    rank: z.number().int().min(1).nullable().describe(`Place in the ${what} retriever's own candidates (1 = best); null when it did not pick this row`),
    score: z.number().nullable().describe(`The ${what} score`),
  });

/** Which retrievers found a result and how each scored it (only with `explain: true`). */
export const RetrieverExplanation = z
  .object({
    source: z.enum(['memory', 'chunk']).describe('The index that holds the result: memories, or document chunks'),
    vector: RetrieverPlacement('vector (cosine)'),
    lexical: RetrieverPlacement('lexical (rarity-weighted word match, BM25-like)'),
    fused: z.number().describe('Both scores weighted together, before source context and calibration give the similarity'),
    firstStage: z.number().optional().describe('With rerank: the similarity before the reranker replaced it'),
  })
  .meta({ id: 'RetrieverExplanation' });

/** Milliseconds per phase of one search (only with `explain: true`); embedding overlaps retrieval. */
export const SearchTimings = z
  .object({
    rewrite: z.number().optional().describe('Query planning, with rewriting when asked'),
    embedding: z.number().optional().describe('Embedding the query; runs while words are matched'),
    retrieval: z.number().optional().describe('Both retrievers, including the wait for the embedding'),
    rerank: z.number().optional(),
    assembly: z.number().optional().describe('Loading what the results show'),
    total: z.number(),
  })
  .meta({ id: 'SearchTimings' });

export function retrieverExplanation(source: 'memory' | 'chunk', trace: RetrieverTrace): z.infer<typeof RetrieverExplanation> {
  return {
    source,
    vector: { rank: trace.vectorRank, score: trace.cosine === null ? null : round(trace.cosine) },
    lexical: { rank: trace.lexicalRank, score: round(trace.lexical) },
    fused: round(trace.fused),
    ...(trace.firstStage !== undefined ? { firstStage: round(trace.firstStage) } : {}),
  };
}
