import { ConfigError } from './config-error.js';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { connectorSetup, type ConnectorSetup } from './connectors/index.js';

/** An IPv4 or IPv6 address, or a CIDR range of one ("10.0.0.0/8", "::1"). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
/** A whole number, at least `min` (environment values are strings, read as numbers). */
const intAtLeast = (min: number) => z.coerce.number().int().min(min);

const ConfigSchema = z
  .object({
    PORT: intAtLeast(0).max(65535).default(8787),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_POOL_SIZE: intAtLeast(1).max(200).default(10),
    /** PostgreSQL ends a session whose transaction stays idle this long (idle_in_transaction_session_timeout); 0 = never. */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: intAtLeast(0).default(300_000),
    /** Page cache of the embedded database; it is allocated up front, so it costs that much memory. */
    PGLITE_SHARED_BUFFERS_MB: intAtLeast(16).max(2048).optional(),
    /** Where the embedded database runs: the main thread (`main`), or a thread of its own (`worker`). */
    EMBEDDED_DATABASE_THREAD: z.enum(['worker', 'main']).default('worker'),
    ENGRAM_API_KEY: z.string().min(16).optional(),
    ENGRAM_SECRET_KEY: z.string().min(32).optional(),
    PUBLIC_URL: z.string().url().optional(),
    /**
     * Which proxies in front of the server to believe: `true` (any) or their addresses and CIDR
     * ranges separated by commas. Their X-Forwarded-Proto/-Host/-For then give the scheme and
     * host of OAuth redirect, webhook and file URLs (without PUBLIC_URL) and the client address of
     * throttling. Off by default: anyone could otherwise claim any scheme, host and address.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .min(1)
      .transform((v, ctx) => {
        if (/^(?:true|false)$/i.test(v)) return v.toLowerCase() === 'true';
        const list = v.split(',').map((s) => s.trim());
        if (list.every((s) => isAddressOrRange(s) || /^(?:loopback|linklocal|uniquelocal)$/.test(s))) return list;
        ctx.addIssue({ code: 'custom', message: 'true, false, or addresses and CIDR ranges separated by commas' });
        return z.NEVER;
      })
      .optional(),
    ALLOW_PRIVATE_URLS: bool.default(false),
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    MAX_FILE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024),
    /** The whole of a request (headers and body) must arrive within this; raise it for large uploads and imports on slow links. */
    REQUEST_TIMEOUT_MS: intAtLeast(100).default(600_000),
    /** The request line and headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
    HEADERS_TIMEOUT_MS: intAtLeast(100).default(30_000),
    /** A request body that stops arriving for this long is answered 408, and an idle connection closed. */
    BODY_IDLE_TIMEOUT_MS: intAtLeast(100).default(60_000),
    URL_FETCH_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024),
    URL_FETCH_TIMEOUT_MS: intAtLeast(100).default(30_000),
    /**
     * Jobs in flight per worker process. Twice the embedding threads: while one job writes to the
     * database, another's texts keep the model busy (with 2 the model idled a quarter of the time).
     */
    WORKER_CONCURRENCY: intAtLeast(1).max(64).default(4),
    /** Worker threads converting files (DOCX, XLSX, PDF, …) off the event loop; default min(2, cores). */
    CONVERT_THREADS: intAtLeast(1).max(64).optional(),
    /** Heap of one conversion thread; a conversion that needs more fails. */
    CONVERT_MEMORY_MB: intAtLeast(64).default(1024),
    /** Wall time of one conversion, OCR included; past it the conversion's thread is ended. */
    CONVERT_TIMEOUT_MS: intAtLeast(100).default(120_000),
    /** Chunks kept of one document; the rest of a longer one is not indexed, and its chunking step says so. */
    MAX_CHUNKS_PER_DOCUMENT: intAtLeast(1).default(5_000),
    /** Characters of one document (of what is new in it) read for memories; the rest stays searchable as chunks. */
    EXTRACTION_MAX_CHARS: intAtLeast(1_000).default(1_000_000),
    /** Memories kept from one document's extraction. */
    EXTRACTION_MAX_MEMORIES: intAtLeast(1).default(1_000),
    WORKER_POLL_MS: intAtLeast(10).default(500),
    JOB_LEASE_MS: intAtLeast(1000).default(60_000),
    JOB_MAX_ATTEMPTS: intAtLeast(1).max(50).default(5),
    JOB_RETRY_BASE_MS: intAtLeast(1).default(2_000),
    RATE_LIMIT_MAX: intAtLeast(1).default(6000),
    RATE_LIMIT_WINDOW_MS: intAtLeast(100).default(60_000),
    /**
     * Requests of one organization served at once per process while another organization's are
     * served too (0 = no limit); the rest wait in the organization's own line, so a tenant sending
     * many side by side cannot take every core. Alone on the server a tenant is not held back.
     */
    ORGANIZATION_REQUEST_SLOTS: intAtLeast(0).default(Math.max(2, availableParallelism())),
    /** Requests of one organization waiting for a slot before more are answered 429. */
    ORGANIZATION_REQUEST_QUEUE: intAtLeast(0).default(256),
    /** Failed authentications per client address per window before it is answered 429; 0 = no limit. */
    AUTH_FAILURE_MAX: intAtLeast(0).default(30),
    AUTH_FAILURE_WINDOW_MS: intAtLeast(100).default(60_000),
    /** MCP sessions one key holds per process; its next session closes its own least recently used one. */
    MCP_SESSIONS_PER_KEY: intAtLeast(1).default(100),
    /** MCP sessions per process over all keys; past it new sessions are refused (503), none is closed. */
    MCP_SESSIONS_MAX: intAtLeast(1).default(1000),
    /** An MCP session unused this long is closed. */
    MCP_SESSION_IDLE_MS: intAtLeast(1000).default(30 * 60_000),
    /** Known API keys cached in memory per process. */
    KEY_CACHE_SIZE: intAtLeast(1).default(10_000),
    /** Serves GET /metrics (Prometheus) to scrapes that send this token as a bearer token; unset, there is no /metrics. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /**
     * How long a stopping process (SIGTERM, SIGINT) waits for requests in flight and for jobs to be
     * interrupted; jobs still running then are queued again for them, requests still running are cut.
     */
    SHUTDOWN_GRACE_MS: intAtLeast(0).default(30_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `pretty` lines for a person, `json` lines for a collector; `auto` is pretty on a terminal, JSON otherwise. */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    /** OpenAI-compatible embeddings endpoint; without it the bundled local model is used. */
    EMBEDDINGS_BASE_URL: z.string().url().optional(),
    EMBEDDINGS_API_KEY: z.string().optional(),
    EMBEDDINGS_MODEL: z.string().min(1).optional(),
    /** Asked of the endpoint (e.g. text-embedding-3 can shorten vectors); otherwise learnt from one probe. */
    EMBEDDINGS_DIMENSIONS: intAtLeast(1).max(16_000).optional(),
    EMBEDDINGS_BATCH_SIZE: intAtLeast(1).max(2048).default(64),
    EMBEDDINGS_TIMEOUT_MS: intAtLeast(100).default(60_000),
    /** Worker threads running the local model (each holds a copy, ~100 MB). */
    EMBEDDINGS_THREADS: intAtLeast(1).max(64).optional(),
    /**
     * Further local-model threads that embed search queries only, so a query never waits behind a
     * document's batch; 0 lets queries only go ahead in the queue.
     */
    EMBEDDINGS_QUERY_THREADS: intAtLeast(0).max(8).default(1),
    /**
     * How much lower the OS priority of the local model's document threads is than the server's
     * (Linux niceness steps), so searches get the cores first while ingest keeps them busy.
     */
    EMBEDDINGS_DOCUMENT_NICENESS: intAtLeast(0).max(19).default(10),
    /** Distinct search queries whose vectors are kept in memory; 0 embeds every query. */
    EMBEDDINGS_QUERY_CACHE: intAtLeast(0).max(1_000_000).default(1_000),
    /** OpenAI-compatible chat endpoint used for memory extraction, reranking, query rewriting, bucket suggestions and the sync filter when set. */
    LLM_BASE_URL: z.string().url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_TIMEOUT_MS: intAtLeast(100).default(30_000),
    /** Retries of a failed chat request (rate limit, server error, timeout, unusable reply) before the offline fallback. */
    LLM_RETRIES: intAtLeast(0).max(10).default(2),
    /** Wait before the first retry, doubling after each; a server's Retry-After is honoured instead. */
    LLM_RETRY_BASE_MS: intAtLeast(1).default(1_000),
    /** Characters of a document sent to the chat model in one extraction request (lower for a small context window). */
    LLM_MAX_INPUT_CHARS: intAtLeast(1_000).max(1_000_000).default(24_000),
    /** Addresses or CIDR ranges the crawler and URL fetches may reach although private (metadata addresses never). */
    URL_FETCH_ALLOWED_ADDRESSES: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .optional(),
    /** How often each worker process looks for webhook deliveries that are due. */
    WEBHOOK_POLL_MS: intAtLeast(10).default(1_000),
    /**
     * How long a process routes events by its copy of an organization's webhook endpoints before it
     * reads them again, should it miss the notification of their change.
     */
    WEBHOOK_ENDPOINTS_CACHE_MS: intAtLeast(0).default(60_000),
    /** Webhook endpoints one worker process delivers to at once. */
    WEBHOOK_CONCURRENCY: intAtLeast(1).max(100).default(4),
    /** A webhook receiver that has not answered by then is cut off, and the attempt failed. */
    WEBHOOK_TIMEOUT_MS: intAtLeast(100).default(10_000),
    /** Wait before a webhook delivery's first retry, doubling after each, up to an hour. */
    WEBHOOK_RETRY_BASE_MS: intAtLeast(1).default(5_000),
    /** A webhook delivery still failing this long after its event is failed for good. */
    WEBHOOK_RETRY_FOR_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24 * 60 * 60 * 1000),
    /** Webhook deliveries failed for good in a row before their endpoint is disabled. */
    WEBHOOK_DISABLE_AFTER: intAtLeast(1).default(5),
    /** How long a rotated-out signing secret still signs. */
    WEBHOOK_ROTATION_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(24 * 60 * 60 * 1000),
    /** Ended webhook deliveries are listed this long, then pruned with their events. */
    WEBHOOK_RETENTION_DAYS: intAtLeast(1).default(7),
    /** Hours between scheduled syncs of the kinds that have them. */
    SYNC_INTERVAL_HOURS: z.coerce.number().min(0.01).default(4),
    /** How often each worker process looks for due syncs and subscriptions to renew. */
    SYNC_SCHEDULER_MS: intAtLeast(10).default(60_000),
    /** Rate-limit waits up to this long are waited out inside a sync; longer ones reschedule it. */
    SYNC_MAX_RATE_LIMIT_WAIT_SECONDS: intAtLeast(0).default(60),
    /** Milliseconds per second of a provider's Retry-After and crawl delays (tests shrink it). */
    SYNC_PROVIDER_WAIT_MS: intAtLeast(1).default(1000),
    /** Search scopes up to this many rows are searched exactly; larger ones through the HNSW index. */
    SEARCH_EXACT_MAX_ROWS: intAtLeast(0).default(5_000),
    /** In scopes larger than that, most rows fetched per query word for lexical scoring. */
    SEARCH_LEXICAL_WORD_LIMIT: intAtLeast(10).default(200),
  })
  .refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must be at most REQUEST_TIMEOUT_MS: the headers are part of the request',
  });

/** Each connector kind's variables (its OAuth application, provider bases) are its descriptor's, read in `connectors`. */
export type Config = z.infer<typeof ConfigSchema> & { connectors: ConnectorSetup };

export { ConfigError };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const parsed = ConfigSchema.safeParse(given);
  const connectors = connectorSetup(given);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...('problems' in connectors ? connectors.problems : []),
  ];
  if (!parsed.success || 'problems' in connectors) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return { ...parsed.data, connectors: connectors.setup };
}
