import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { createEmbedder } from './ai/embeddings/create-embedder.js';
import type { Embedder } from './ai/embeddings/embedder.js';
import { LlmClient } from './ai/llm-client.js';
import { LexicalSemanticReranker } from './ai/rerank/lexical-semantic-reranker.js';
import { LlmReranker } from './ai/rerank/llm-reranker.js';
import type { Reranker } from './ai/rerank/reranker.js';
import { KeywordExpansionRewriter } from './ai/rewrite/keyword-expansion.js';
import { LlmQueryRewriter } from './ai/rewrite/llm-rewriter.js';
import type { QueryRewriter } from './ai/rewrite/query-rewriter.js';
import { ConfigError, type Config } from './config.js';
import type { Clock } from './core/shared/clock.js';
import { EmbeddingModelMismatchError, prepareEmbeddingSpace } from './core/embedding/embedding-space.js';
import { LexemeFrequencies } from './core/search/lexeme-frequencies.js';
import { QueryLexemes } from './core/search/query-lexemes.js';
import { Retrieval } from './core/search/retrieval.js';
import { ScopeSizes } from './core/search/scope-sizes.js';
import { SearchService } from './core/search/search-service.js';
import type { Db } from './store/database.js';

/** How long a counted search scope size is trusted. */
const SCOPE_SIZE_TTL_MS = 30_000;
/** How long the planner's word statistics are reused before being read again. */
const LEXEME_STATS_TTL_MS = 60_000;
/** How often this process refreshes those statistics itself (the embedded database has no autovacuum). */
const ANALYZE_EVERY_MS = 30 * 60_000;

/** The configured embedding model: an OpenAI-compatible endpoint, else the bundled local one. */
export async function embedderFromConfig(config: Config, logger?: Logger): Promise<Embedder> {
  if (config.EMBEDDINGS_BASE_URL && !config.EMBEDDINGS_MODEL) {
    throw new ConfigError('EMBEDDINGS_MODEL is required when EMBEDDINGS_BASE_URL is set');
  }
  return createEmbedder({
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey: config.EMBEDDINGS_API_KEY,
    model: config.EMBEDDINGS_MODEL,
    dimensions: config.EMBEDDINGS_DIMENSIONS,
    batchSize: config.EMBEDDINGS_BATCH_SIZE,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
    threads: config.EMBEDDINGS_THREADS ?? Math.min(2, availableParallelism()),
    onWorkerError: (err) => logger?.warn({ err }, 'an embedding worker died and was replaced'),
  });
}

/** The configured chat model, if any. */
export function llmFromConfig(config: Config): LlmClient | null {
  if (!config.LLM_BASE_URL) return null;
  if (!config.LLM_MODEL) throw new ConfigError('LLM_MODEL is required when LLM_BASE_URL is set');
  return new LlmClient({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL, timeoutMs: config.LLM_TIMEOUT_MS });
}

export interface Recall {
  embedder: Embedder;
  retrieval: Retrieval;
  search: SearchService;
}

/**
 * Embedder, retrieval and search, checked against the database's recorded embedding model
 * (start-up refuses a database embedded with another model).
 */
export async function createRecall(config: Config, db: Db, clock: Clock, logger: Logger): Promise<Recall> {
  const embedder = await embedderFromConfig(config, logger);
  try {
    const { recorded } = await prepareEmbeddingSpace(db, embedder);
    if (recorded) logger.info({ model: embedder.model, dimension: embedder.dimension }, 'recorded the embedding model of this database');
  } catch (error) {
    await embedder.close();
    // Not a crash: the operator has to choose a model or re-embed; say so without a stack trace.
    if (error instanceof EmbeddingModelMismatchError) throw new ConfigError(error.message);
    throw error;
  }
  const llm = llmFromConfig(config);
  const warn = (what: string) => (err: unknown) => logger.warn({ err }, `${what} with the LLM failed; used the offline one`);
  const offlineRewriter = new KeywordExpansionRewriter();
  const offlineReranker = new LexicalSemanticReranker();
  const rewriter: QueryRewriter = llm ? new LlmQueryRewriter(llm, offlineRewriter, warn('query rewrite')) : offlineRewriter;
  const reranker: Reranker = llm ? new LlmReranker(llm, offlineReranker, warn('rerank')) : offlineReranker;
  const retrieval = new Retrieval(
    {
      db,
      dimension: embedder.dimension,
      scopeSizes: new ScopeSizes(SCOPE_SIZE_TTL_MS),
      lexemes: new QueryLexemes(db),
      frequencies: new LexemeFrequencies(db, {
        ttlMs: LEXEME_STATS_TTL_MS,
        analyzeEveryMs: ANALYZE_EVERY_MS,
        onError: (err) => logger.warn({ err }, 'refreshing search statistics failed'),
      }),
    },
    { exactMaxRows: config.SEARCH_EXACT_MAX_ROWS, lexicalWordLimit: config.SEARCH_LEXICAL_WORD_LIMIT },
  );
  const search = new SearchService({ db, clock, embedder, retrieval, rewriter, reranker });
  return { embedder, retrieval, search };
}
