import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Reranker } from '../../ai/rerank/reranker.js';
import type { MemoryAggregator } from '../../ai/aggregate/aggregator.js';
import type { QueryRewriter } from '../../ai/rewrite/query-rewriter.js';
import type { Db } from '../../store/database.js';
import type { Clock } from '../shared/clock.js';
import { LexemeFrequencies } from './lexeme-frequencies.js';
import { QueryLexemes } from './query-lexemes.js';
import { Retrieval, type RetrievalSettings } from './retrieval.js';
import { ScopeSizes } from './scope-sizes.js';
import { SearchService } from './search-service.js';

/** How long a counted search scope size is trusted. */
const SCOPE_SIZE_TTL_MS = 30_000;
/** How long the planner's word statistics are reused before being read again. */
const LEXEME_STATS_TTL_MS = 60_000;
/** How often this process refreshes those statistics itself (the embedded database has no autovacuum). */
const ANALYZE_EVERY_MS = 30 * 60_000;

export interface SearchDeps {
  db: Db;
  clock: Clock;
  embedder: Embedder;
  rewriter: QueryRewriter;
  reranker: Reranker;
  /** v5's `rerank: aggregate` (the offline aggregation when absent). */
  aggregator?: MemoryAggregator;
  settings: RetrievalSettings;
  /** Refreshing the search statistics failed (searches go on without them). */
  onStatisticsError?: (error: unknown) => void;
}

/** The search service with its first-stage retrieval and the caches that retrieval keeps. */
export function createSearch(deps: SearchDeps): { retrieval: Retrieval; search: SearchService } {
  const { db, clock, embedder, rewriter, reranker, aggregator } = deps;
  const now = () => clock.now().getTime();
  const retrieval = new Retrieval(
    {
      db,
      dimension: embedder.dimension,
      scopeSizes: new ScopeSizes(SCOPE_SIZE_TTL_MS, now),
      lexemes: new QueryLexemes(db),
      frequencies: new LexemeFrequencies(db, { ttlMs: LEXEME_STATS_TTL_MS, analyzeEveryMs: ANALYZE_EVERY_MS, onError: deps.onStatisticsError }, now),
    },
    deps.settings,
  );
  return { retrieval, search: new SearchService({ db, clock, embedder, retrieval, rewriter, reranker, aggregator }) };
}
