import { availableParallelism } from 'node:os';
import { AiSettingsError } from './settings-error.js';
import type { MemoryAggregator } from './aggregate/aggregator.js';
import { LlmAggregator } from './aggregate/llm-aggregator.js';
import { SubjectAggregator } from './aggregate/subject-aggregator.js';
import { LlmBucketSuggester, OfflineBucketSuggester, type BucketSuggester } from './buckets/suggestions.js';
import { ObservedEmbedder, type Embedder, type EmbeddingObserver } from './embeddings/embedder.js';
import { LocalEmbedder } from './embeddings/local-embedder.js';
import { QueryCachingEmbedder } from './embeddings/query-cache.js';
import { OpenAiEmbedder } from './embeddings/openai-embedder.js';
import { createExtractor } from './extract/factory.js';
import type { Extractor, WarnLogger } from './extract/types.js';
import { LlmClient, ObservedChat, type ChatEndpoint, type ChatObserver } from './llm/client.js';
import { JsonChat, type RetryPolicy } from './llm/json-chat.js';
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
  /** Further threads of the local model that embed search queries only. */
  EMBEDDINGS_QUERY_THREADS?: number;
  /** How much lower the OS priority of the local model's document threads is. */
  EMBEDDINGS_DOCUMENT_NICENESS?: number;
  /** Search queries whose vectors are remembered; 0 embeds every query. */
  EMBEDDINGS_QUERY_CACHE?: number;
  /** An OpenAI-compatible chat endpoint; without one every feature runs offline. */
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS: number;
  /** Retries of a failed request to the chat model before the offline part answers (background work; a search retries once). */
  LLM_RETRIES?: number;
  /** Wait before the first retry; it doubles for each later one. A server's Retry-After is honoured instead. */
  LLM_RETRY_BASE_MS?: number;
  /** Characters of a document sent to the model in one extraction request. */
  LLM_MAX_INPUT_CHARS?: number;
}

/** A setting is missing or contradicts another; the message names it. */
export { AiSettingsError };

/** Everything that talks to a model, each with its offline fallback. */
export interface Models {
  /** The one chat client, shared by every feature that uses the chat model; null without one. */
  chat: LlmClient | null;
  extractor: Extractor;
  reranker: Reranker;
  /** Search's `aggregate` rerank: found memories that overlap combined into a few statements. */
  aggregator: MemoryAggregator;
  rewriter: QueryRewriter;
  bucketSuggester: BucketSuggester;
  /** The model filter of connector items (settings' filterPrompt). */
  relevanceFilter: RelevanceFilter;
}

export interface Ai extends Models {
  embedder: Embedder;
}

/** Told of every call to a model (for metrics): each embedding call, each chat request. */
export interface AiObservers {
  embedding?: EmbeddingObserver;
  chat?: ChatObserver;
}

/**
 * Builds the configured embedder and models; `logger` hears of model failures the offline parts
 * covered. `model`, when given, is the embedding model used instead of the configured one (tests),
 * observed and cached as the configured one would be.
 */
export async function createAi(settings: AiSettings, logger?: WarnLogger, observers: AiObservers = {}, model?: Embedder): Promise<Ai> {
  const models = createModels(settings, logger, observers.chat);
  return { ...models, embedder: await createEmbedder(settings, logger, observers.embedding, model) };
}

/** The configured embedding model (or `model`), with repeated search queries answered from memory (cache hits are no calls to the model). */
export async function createEmbedder(settings: AiSettings, logger?: WarnLogger, observe?: EmbeddingObserver, model?: Embedder): Promise<Embedder> {
  const bare = model ?? (await createModelEmbedder(settings, logger));
  const observed = observe ? new ObservedEmbedder(bare, observe) : bare;
  const cached = settings.EMBEDDINGS_QUERY_CACHE ?? DEFAULT_QUERY_CACHE;
  return cached > 0 ? new QueryCachingEmbedder(observed, cached) : observed;
}

/** Vectors of this many distinct search queries are kept (512-d: 2 KB each). */
const DEFAULT_QUERY_CACHE = 1_000;

/** An OpenAI-compatible endpoint, else the bundled local model: the bare model, neither observed nor cached. */
export async function createModelEmbedder(settings: AiSettings, logger?: WarnLogger): Promise<Embedder> {
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
    queryThreads: settings.EMBEDDINGS_QUERY_THREADS ?? 1,
    documentThreadNiceness: settings.EMBEDDINGS_DOCUMENT_NICENESS,
    onWorkerError: (err) => logger?.warn({ err }, 'an embedding worker died and was replaced'),
  });
}

/** The chat-model features: with a chat model each asks it and falls back offline; without one, offline only. */
export function createModels(settings: AiSettings, logger?: WarnLogger, observe?: ChatObserver): Models {
  const chat = createChat(settings);
  const endpoint: ChatEndpoint | null = chat && observe ? new ObservedChat(chat, observe) : chat;
  const warn = (what: string) => (err: unknown) => logger?.warn({ err }, `${what} with the LLM failed; used the offline one`);
  const offlineRewriter = new KeywordExpansionRewriter();
  const offlineReranker = new LexicalSemanticReranker();
  const offlineSuggester = new OfflineBucketSuggester();
  const offlineAggregator = new SubjectAggregator();
  // One client, one retry policy: patient for work in the background, brief for work a request waits on.
  const background = endpoint ? new JsonChat(endpoint, backgroundPolicy(settings)) : null;
  const interactive = endpoint ? new JsonChat(endpoint, interactivePolicy(settings)) : null;
  return {
    chat,
    extractor: createExtractor({ chat: background, logger, maxCharsPerRequest: settings.LLM_MAX_INPUT_CHARS }),
    rewriter: interactive ? new LlmQueryRewriter(interactive, offlineRewriter, warn('query rewrite')) : offlineRewriter,
    reranker: interactive ? new LlmReranker(interactive, offlineReranker, warn('rerank')) : offlineReranker,
    aggregator: chat ? new LlmAggregator(aggregationChat(settings, observe), offlineAggregator, warn('aggregation')) : offlineAggregator,
    bucketSuggester: interactive ? new LlmBucketSuggester(interactive, offlineSuggester, warn('bucket suggestion')) : offlineSuggester,
    relevanceFilter: background ? new LlmRelevanceFilter(background, warn('sync filtering')) : new AcceptAllRelevanceFilter(),
  };
}

const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_BASE_MS = 1_000;

/** Memory extraction and the sync filter: a rate limit of up to a minute is waited out. */
export function backgroundPolicy(settings: AiSettings): RetryPolicy {
  return {
    attempts: 1 + (settings.LLM_RETRIES ?? DEFAULT_RETRIES),
    baseDelayMs: settings.LLM_RETRY_BASE_MS ?? DEFAULT_RETRY_BASE_MS,
    maxDelayMs: 30_000,
    maxRetryAfterMs: 60_000,
  };
}

/** Search (rerank, rewrite) and bucket suggestions answer a waiting request: one retry at most, no wait over 2 s. */
export function interactivePolicy(settings: AiSettings): RetryPolicy {
  return {
    attempts: Math.min(2, 1 + (settings.LLM_RETRIES ?? DEFAULT_RETRIES)),
    baseDelayMs: Math.min(2_000, settings.LLM_RETRY_BASE_MS ?? DEFAULT_RETRY_BASE_MS),
    maxDelayMs: 2_000,
    maxRetryAfterMs: 2_000,
  };
}

/** The longest wait for the model's aggregation of a search's results, and the tokens its answer may take. */
export const AGGREGATION_TIMEOUT_MS = 5_000;
export const AGGREGATION_MAX_TOKENS = 600;

/**
 * Aggregation asks once per search, with a deadline and a token limit of its own (its own client,
 * so the other features keep theirs): no retry, no wait; a failure is answered offline at once.
 */
function aggregationChat(settings: AiSettings, observe?: ChatObserver): JsonChat {
  const client = new LlmClient({
    baseUrl: settings.LLM_BASE_URL!,
    apiKey: settings.LLM_API_KEY,
    model: settings.LLM_MODEL!,
    timeoutMs: Math.min(settings.LLM_TIMEOUT_MS, AGGREGATION_TIMEOUT_MS),
    maxTokens: AGGREGATION_MAX_TOKENS,
  });
  return new JsonChat(observe ? new ObservedChat(client, observe) : client, { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 });
}

function createChat(settings: AiSettings): LlmClient | null {
  if (!settings.LLM_BASE_URL) return null;
  if (!settings.LLM_MODEL) throw new AiSettingsError('LLM_MODEL is required when LLM_BASE_URL is set');
  return new LlmClient({ baseUrl: settings.LLM_BASE_URL, apiKey: settings.LLM_API_KEY, model: settings.LLM_MODEL, timeoutMs: settings.LLM_TIMEOUT_MS });
}
