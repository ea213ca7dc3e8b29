import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL ends a session whose transaction stays idle this long (idle_in_transaction_session_timeout); 0 = never. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000),
  /** Page cache of the embedded database; it is allocated up front, so it costs that much memory. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(2048).optional(),
  ENGRAM_API_KEY: z.string().min(16).optional(),
  ENGRAM_SECRET_KEY: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  ALLOW_PRIVATE_URLS: bool.default(false),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  MAX_FILE_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  /** The whole of a request (headers and body) must arrive within this; raise it for large uploads and imports on slow links. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(600_000),
  /** The request line and headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** A request body that stops arriving for this long is answered 408, and an idle connection closed. */
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  URL_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  URL_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Jobs in flight per worker process. Twice the embedding threads: while one job writes to the
   * database, another's texts keep the model busy (with 2 the model idled a quarter of the time).
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Worker threads converting files (DOCX, XLSX, PDF, …) off the event loop; default min(2, cores). */
  CONVERT_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Heap of one conversion thread; a conversion that needs more fails. */
  CONVERT_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** Wall time of one conversion, OCR included; past it the conversion's thread is ended. */
  CONVERT_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** Chunks kept of one document; the rest of a longer one is not indexed, and its chunking step says so. */
  MAX_CHUNKS_PER_DOCUMENT: z.coerce.number().int().min(1).default(5_000),
  /** Characters of one document (of what is new in it) read for memories; the rest stays searchable as chunks. */
  EXTRACTION_MAX_CHARS: z.coerce.number().int().min(1_000).default(1_000_000),
  /** Memories kept from one document's extraction. */
  EXTRACTION_MAX_MEMORIES: z.coerce.number().int().min(1).default(1_000),
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(500),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2_000),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(6000),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
  /** Failed authentications per client address per window before it is answered 429; 0 = no limit. */
  AUTH_FAILURE_MAX: z.coerce.number().int().min(0).default(30),
  AUTH_FAILURE_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
  /** MCP sessions one key holds per process; its next session closes its own least recently used one. */
  MCP_SESSIONS_PER_KEY: z.coerce.number().int().min(1).default(100),
  /** MCP sessions per process over all keys; past it new sessions are refused (503), none is closed. */
  MCP_SESSIONS_MAX: z.coerce.number().int().min(1).default(1000),
  /** An MCP session unused this long is closed. */
  MCP_SESSION_IDLE_MS: z.coerce.number().int().min(1000).default(30 * 60_000),
  /** Known API keys cached in memory per process. */
  KEY_CACHE_SIZE: z.coerce.number().int().min(1).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` lines for a person, `json` lines for a collector; `auto` is pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** OpenAI-compatible embeddings endpoint; without it the bundled local model is used. */
  EMBEDDINGS_BASE_URL: z.string().url().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  /** Asked of the endpoint (e.g. text-embedding-3 can shorten vectors); otherwise learnt from one probe. */
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(1).max(16_000).optional(),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Worker threads running the local model (each holds a copy, ~100 MB). */
  EMBEDDINGS_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Further local-model threads that embed search queries only, so a query never waits behind a
   * document's batch; 0 lets queries only go ahead in the queue.
   */
  EMBEDDINGS_QUERY_THREADS: z.coerce.number().int().min(0).max(8).default(1),
  /** Distinct search queries whose vectors are kept in memory; 0 embeds every query. */
  EMBEDDINGS_QUERY_CACHE: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
  /** OpenAI-compatible chat endpoint used for memory extraction, reranking, query rewriting, bucket suggestions and the sync filter when set. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Retries of a failed chat request (rate limit, server error, timeout, unusable reply) before the offline fallback. */
  LLM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Wait before the first retry, doubling after each; a server's Retry-After is honoured instead. */
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1_000),
  /** Characters of a document sent to the chat model in one extraction request (lower for a small context window). */
  LLM_MAX_INPUT_CHARS: z.coerce.number().int().min(1_000).max(1_000_000).default(24_000),
  /** The service's own OAuth application for the code host (GitHub or GitHub Enterprise Server). */
  CODE_HOST_CLIENT_ID: z.string().min(1).optional(),
  CODE_HOST_CLIENT_SECRET: z.string().min(1).optional(),
  /** The code host's REST base and site root; Enterprise Server: https://HOST/api/v3 and https://HOST. */
  CODE_HOST_API_URL: z.string().url().default('https://api.github.com'),
  CODE_HOST_WEB_URL: z.string().url().default('https://github.com'),
  /** The service's own Google OAuth application, for the cloud drive and mail. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's endpoints, each replaceable on its own (a proxy, or a local fake in tests). */
  GOOGLE_AUTH_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_USERINFO_URL: z.string().url().optional(),
  GOOGLE_DRIVE_URL: z.string().url().optional(),
  GOOGLE_GMAIL_URL: z.string().url().optional(),
  /** The Pub/Sub topic (`projects/P/topics/T`) Gmail publishes to; without it mail is synced on schedule only. */
  GMAIL_PUSH_TOPIC: z.string().regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'must be projects/PROJECT/topics/TOPIC').optional(),
  /** The shared secret the topic's push subscription sends as `?token=` to /v3/connections/webhooks/mail; needed with GMAIL_PUSH_TOPIC. */
  GMAIL_PUSH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The service's own Microsoft application (office drive). */
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  GRAPH_API_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
  MICROSOFT_LOGIN_URL: z.string().url().default('https://login.microsoftonline.com'),
  /** `common` (work and personal accounts), `organizations`, `consumers` or one tenant's id. */
  MICROSOFT_TENANT: z.string().regex(/^[A-Za-z0-9.-]{1,100}$/).default('common'),
  /** The service's own public Notion integration (notes workspace). */
  NOTION_CLIENT_ID: z.string().min(1).optional(),
  NOTION_CLIENT_SECRET: z.string().min(1).optional(),
  NOTION_API_URL: z.string().url().default('https://api.notion.com'),
  /** Pins the verification token Notion's webhook deliveries are signed with; without it, the one Notion sent last is used. */
  NOTION_WEBHOOK_VERIFICATION_TOKEN: z.string().min(8).optional(),
  /** The meeting notes API (its key is each connection's own). */
  MEETINGS_API_URL: z.string().url().default('https://public-api.granola.ai'),
  /** Addresses or CIDR ranges the crawler and URL fetches may reach although private (metadata addresses never). */
  URL_FETCH_ALLOWED_ADDRESSES: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .optional(),
  /** Hours between scheduled syncs of the kinds that have them. */
  SYNC_INTERVAL_HOURS: z.coerce.number().min(0.01).default(4),
  /** How often each worker process looks for due syncs and subscriptions to renew. */
  SYNC_SCHEDULER_MS: z.coerce.number().int().min(10).default(60_000),
  /** Rate-limit waits up to this long are waited out inside a sync; longer ones reschedule it. */
  SYNC_MAX_RATE_LIMIT_WAIT_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Milliseconds per second of a provider's Retry-After and crawl delays (tests shrink it). */
  SYNC_PROVIDER_WAIT_MS: z.coerce.number().int().min(1).default(1000),
  /** Search scopes up to this many rows are searched exactly; larger ones through the HNSW index. */
  SEARCH_EXACT_MAX_ROWS: z.coerce.number().int().min(0).default(5_000),
  /** In scopes larger than that, most rows fetched per query word for lexical scoring. */
  SEARCH_LEXICAL_WORD_LIMIT: z.coerce.number().int().min(10).default(200),
}).refine((c) => !c.GMAIL_PUSH_TOPIC || c.GMAIL_PUSH_TOKEN, {
  path: ['GMAIL_PUSH_TOKEN'],
  message: 'is needed with GMAIL_PUSH_TOPIC: the push subscription must prove itself with it',
}).refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
  path: ['HEADERS_TIMEOUT_MS'],
  message: 'must be at most REQUEST_TIMEOUT_MS: the headers are part of the request',
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
