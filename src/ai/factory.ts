import { availableParallelism } from 'node:os';
import { LlmBucketSuggester, OfflineBucketSuggester, type BucketSuggester } from './buckets/suggestions.js';
import type { Embedder } from './embeddings/embedder.js';
import { LocalEmbedder } from './embeddings/local-embedder.js';
import { QueryCachingEmbedder } from './embeddings/query-cache.js';
import { OpenAiEmbedder } from './embeddings/openai-embedder.js';
import { createExtractor } from './extract/factory.js';
import type { Extractor, WarnLogger } from './extract/types.js';
import { LlmClient } from './llm/client.js';
import { LexicalSemanticReranker } from './rerank/lexical-semantic-reranker.js';
import { LlmReranker } from './rerank/llm-reranker.js';
import type { Reranker } from './rerank/reranker.js';
import { KeywordExpansionRewriter } from './rewrite/keyword-expansion.js';
import { LlmQueryRewriter } from './rewrite/llm-rewriter.js';
import type { QueryRewriter } from './rewrite/query-rewriter.js';
import { AcceptAllRelevanceFilter, LlmRelevanceFilter, type RelevanceFilter } from './sync-filter/relevance.js';

/** The settings the models are chosen by: the server's configuration (its variables, parsed). */
export interface AiSettings {
  /** An OpenAI-compatible embeddings endpoint; without one the bundled local model is used. */
  EMBEDDINGS_BASE_URL?: string;
  EMBEDDINGS_API_KEY?: string;
  EMBEDDINGS_MODEL?: string;
  EMBEDDINGS_DIMENSIONS?: number;
  EMBEDDINGS_BATCH_SIZE: number;
  EMBEDDINGS_TIMEOUT_MS: number;
  /** Worker threads running the local model. */
  EMBEDDINGS_THREADS?: number;
  /** Search queries whose vectors are remembered; 0 embeds every query. */
  EMBEDDINGS_QUERY_CACHE?: number;
  /** An OpenAI-compatible chat endpoint; without one every feature runs offline. */
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS: number;
}

/** A setting is missing or contradicts another; the message names it. */
export class AiSettingsError extends Error {}

/** Everything that talks to a model, each with its offline fallback. */
export interface Models {
  /** The one chat client, shared by every feature that uses the chat model; null without one. */
  chat: LlmClient | null;
  extractor: Extractor;
  reranker: Reranker;
  rewriter: QueryRewriter;
  bucketSuggester: BucketSuggester;
  /** The model filter of connector items (settings' filterPrompt). */
  relevanceFilter: RelevanceFilter;
}

export interface Ai extends Models {
  embedder: Embedder;
}

/** Builds the configured embedder and models; `logger` hears of model failures the offline parts covered. */
export async function createAi(settings: AiSettings, logger?: WarnLogger): Promise<Ai> {
  const models = createModels(settings, logger);
  return { ...models, embedder: await createEmbedder(settings, logger) };
}

/** The configured embedding model, with repeated search queries answered from memory. */
export async function createEmbedder(settings: AiSettings, logger?: WarnLogger): Promise<Embedder> {
  const model = await createModelEmbedder(settings, logger);
  const cached = settings.EMBEDDINGS_QUERY_CACHE ?? DEFAULT_QUERY_CACHE;
  return cached > 0 ? new QueryCachingEmbedder(model, cached) : model;
}

/** Vectors of this many distinct search queries are kept (512-d: 2 KB each). */
const DEFAULT_QUERY_CACHE = 1_000;

/** An OpenAI-compatible endpoint, else the bundled local model. */
async function createModelEmbedder(settings: AiSettings, logger?: WarnLogger): Promise<Embedder> {
  if (settings.EMBEDDINGS_BASE_URL) {
    if (!settings.EMBEDDINGS_MODEL) throw new AiSettingsError('EMBEDDINGS_MODEL is required when EMBEDDINGS_BASE_URL is set');
    return OpenAiEmbedder.create({
      baseUrl: settings.EMBEDDINGS_BASE_URL,
      apiKey: settings.EMBEDDINGS_API_KEY,
      model: settings.EMBEDDINGS_MODEL,
      dimensions: settings.EMBEDDINGS_DIMENSIONS,
      batchSize: settings.EMBEDDINGS_BATCH_SIZE,
      timeoutMs: settings.EMBEDDINGS_TIMEOUT_MS,
    });
  }
  return new LocalEmbedder({
    threads: settings.EMBEDDINGS_THREADS ?? Math.min(2, availableParallelism()),
    onWorkerError: (err) => logger?.warn({ err }, 'an embedding worker died and was replaced'),
  });
}

/** The chat-model features: with a chat model each asks it and falls back offline; without one, offline only. */
export function createModels(settings: AiSettings, logger?: WarnLogger): Models {
  const chat = createChat(settings);
  const warn = (what: string) => (err: unknown) => logger?.warn({ err }, `${what} with the LLM failed; used the offline one`);
  const offlineRewriter = new KeywordExpansionRewriter();
  const offlineReranker = new LexicalSemanticReranker();
  const offlineSuggester = new OfflineBucketSuggester();
  return {
    chat,
    extractor: createExtractor({ client: chat, logger }),
    rewriter: chat ? new LlmQueryRewriter(chat, offlineRewriter, warn('query rewrite')) : offlineRewriter,
    reranker: chat ? new LlmReranker(chat, offlineReranker, warn('rerank')) : offlineReranker,
    bucketSuggester: chat ? new LlmBucketSuggester(chat, offlineSuggester, warn('bucket suggestion')) : offlineSuggester,
    relevanceFilter: chat ? new LlmRelevanceFilter(chat, warn('sync filtering')) : new AcceptAllRelevanceFilter(),
  };
}

function createChat(settings: AiSettings): LlmClient | null {
  if (!settings.LLM_BASE_URL) return null;
  if (!settings.LLM_MODEL) throw new AiSettingsError('LLM_MODEL is required when LLM_BASE_URL is set');
  return new LlmClient({ baseUrl: settings.LLM_BASE_URL, apiKey: settings.LLM_API_KEY, model: settings.LLM_MODEL, timeoutMs: settings.LLM_TIMEOUT_MS });
}
