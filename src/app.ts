import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Embedder } from './ai/embeddings/embedder.js';
import { AiSettingsError, createAi, type Ai, type AiObservers } from './ai/factory.js';
import { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from './chunking/index.js';
import { ConfigError, type Config } from './config.js';
import { ConversionPool } from './convert/index.js';
import { destinationRefusal, guardedFetch } from './convert/fetch-url.js';
import { FileLinks } from './core/access/file-links.js';
import { ConnectionResources } from './core/connections/connection-resources.js';
import { ConnectionService } from './core/connections/connection-service.js';
import type { ConvertFile } from './connectors/index.js';
import { ConnectorAccess, type ConnectorEnvironment } from './core/connections/connector-access.js';
import { OAuthCallback } from './core/connections/oauth-callback.js';
import { OAuthStateSigner } from './core/connections/oauth-state.js';
import { KindWebhookReceiver } from './core/connections/kind-webhooks.js';
import { WebhookReceiver } from './core/connections/webhooks.js';
import { KeyManagement } from './core/access/key-management.js';
import { bootstrapAdminKey, KeyResolver, seedApiKey } from './core/access/keys.js';
import { ConversationService } from './core/documents/conversations.js';
import { DocumentService } from './core/documents/document-service.js';
import { DocumentsWithMemories } from './core/documents/documents-with-memories.js';
import { EmbeddingModelMismatchError, prepareEmbeddingSpace } from './core/embedding/embedding-space.js';
import type { MemoryContext } from './core/memories/context.js';
import { MemoryEdits } from './core/memories/edits.js';
import { MemoryListing } from './core/memories/listing.js';
import { MemoryWriter } from './core/memories/writer.js';
import { createPortability } from './core/portability/index.js';
import { ProfileService } from './core/profiles/profile-service.js';
import type { SearchService } from './core/search/search-service.js';
import { createSearch } from './core/search/setup.js';
import { orgChunkSize, SettingsService } from './core/settings/settings-service.js';
import { systemClock, type Clock } from './core/shared/clock.js';
import { MergeService } from './core/tags/merges.js';
import { OrgReset } from './core/tags/org-reset.js';
import { ContainerTagService } from './core/tags/tag-service.js';
import { WebhookEndpoints } from './core/webhooks/endpoints.js';
import { buildHttpServer } from './http/server.js';
import { serializeError } from './log-errors.js';
import { prettyDestination } from './log-pretty.js';
import { ingestHandler } from './pipeline/ingest.js';
import { memorizeDocument } from './pipeline/memorize.js';
import { MAX_INGEST_WAIT_MS, mergeHandler } from './pipeline/merge.js';
import { SyncScheduler } from './pipeline/scheduler.js';
import { syncHandler } from './pipeline/sync.js';
import { JobWorker, type StopReport } from './pipeline/worker.js';
import { cleanupHandler } from './pipeline/cleanup.js';
import { WebhookDispatcher } from './pipeline/webhook-dispatcher.js';
import { Metrics } from './metrics.js';
import { Readiness } from './readiness.js';
import { VERSION } from './version.js';
import { backupToken, loadSecretKey } from './secret-key.js';
import { openDatabase, type Database, type Db } from './store/database.js';
import { releaseAllLeases } from './store/jobs.js';
import { WebhookEndpointCache, useWebhookEndpointCache } from './store/webhook-endpoint-cache.js';
import { loadRoutingEndpoints, releaseAllWebhookLeases, WEBHOOK_CHANNEL } from './store/webhooks.js';

export { VERSION };

export interface AppOptions {
  /** Run ingest workers in this process. */
  worker: boolean;
  /** Serve HTTP. */
  http: boolean;
  clock?: Clock;
  logger?: Logger;
  /** Starts an in-memory embedded database from this migrated dump (see DatabaseOptions.template). */
  databaseTemplate?: Blob;
  /** Used instead of the configured embedding model (tests). */
  embedder?: Embedder;
}

/** What a shutdown did: how long it took, what became of the running jobs, whether requests had to be cut. */
export interface ShutdownReport {
  ms: number;
  /** Null when the process ran no worker. */
  jobs: StopReport | null;
  /** Requests still running at the bound were cut. */
  requestsCut: boolean;
  /** Closing steps that had not ended within their bound and were left to end on their own. */
  stepsCut: string[];
}

export interface App {
  config: Config;
  database: Database;
  documents: DocumentService;
  profiles: ProfileService;
  search: SearchService;
  ai: Ai;
  worker: JobWorker | null;
  http: FastifyInstance | null;
  logger: Logger;
  readiness: Readiness;
  /** Null unless METRICS_TOKEN is set. */
  metrics: Metrics | null;
  /**
   * Stops taking work (readiness turns false, the server stops listening and answers requests on
   * open connections 503, the worker stops claiming), waits up to SHUTDOWN_GRACE_MS for requests in
   * flight and for running jobs to be interrupted, queues again the jobs still running then, and
   * closes everything. Called again, it answers the first call's report.
   */
  close(): Promise<ShutdownReport>;
}

/** The composition root: opens the store, builds the models and services, the workers and the HTTP server. */
export async function createApp(config: Config, options: AppOptions): Promise<App> {
  // Errors are logged through serializeError whichever logger is given: it keeps query parameters and stored values out.
  const logger = (options.logger ?? createLogger(config)).child({}, { serializers: { err: serializeError } });
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    embeddedThread: config.EMBEDDED_DATABASE_THREAD,
    template: options.databaseTemplate,
  });
  const { db } = database;
  // This process's copy of each organization's webhook endpoints, which emit() routes by: dropped
  // when they change, here or (by the notification below) in another process.
  const endpointCache = new WebhookEndpointCache(config.WEBHOOK_ENDPOINTS_CACHE_MS, loadRoutingEndpoints);
  useWebhookEndpointCache(db, endpointCache);
  const metrics = config.METRICS_TOKEN ? new Metrics(database, clock, { chat: Boolean(config.LLM_BASE_URL) }) : null;
  const observers: AiObservers = metrics
    ? {
        embedding: (lane, seconds, failed) => metrics.embedding(lane, seconds, failed),
        chat: (seconds, outcome, usage) => metrics.chat(seconds, outcome, usage),
      }
    : {};
  const ai = await prepareAi(config, db, clock, logger, observers, options.embedder).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const { retrieval, search } = createSearch({
    db,
    clock,
    embedder: ai.embedder,
    rewriter: ai.rewriter,
    reranker: ai.reranker,
    aggregator: ai.aggregator,
    settings: { exactMaxRows: config.SEARCH_EXACT_MAX_ROWS, lexicalWordLimit: config.SEARCH_LEXICAL_WORD_LIMIT },
    onStatisticsError: (err) => logger.warn({ err }, 'refreshing search statistics failed'),
  });
  await provisionAdminKey(config, db, options.http, logger);

  const profiles = new ProfileService({ db, clock, search, bucketSuggester: ai.bucketSuggester });
  const memories: MemoryContext = {
    db,
    clock,
    embedder: ai.embedder,
    onChanged: async (orgId, tag) => {
      retrieval.forget('memories', orgId);
      await profiles.refresh(orgId, tag);
    },
  };
  const secretKey = loadSecretKey(config);
  const settings = new SettingsService(db, clock, SettingsService.secretBox(secretKey), { chunkSize: { min: MIN_CHUNK_SIZE, max: MAX_CHUNK_SIZE } });
  const conversions = options.worker
    ? new ConversionPool({ size: config.CONVERT_THREADS ?? Math.min(2, availableParallelism()), memoryMb: config.CONVERT_MEMORY_MB })
    : null;
  const connectorAccess = new ConnectorAccess(
    connectorEnvironment(config, conversions ? pooledConversion(config, conversions) : undefined),
    ConnectorAccess.secretBox(secretKey),
    (orgId, kind) => settings.connectorCredentials(orgId, kind),
    clock,
  );
  const worker = conversions
    ? await createWorker(config, database, ai, conversions, memories.onChanged, logger, { clock, access: connectorAccess }, metrics)
    : null;
  const readiness = new Readiness({ database, embedder: ai.embedder, worker: () => worker?.status ?? null });
  const scheduler = worker
    ? new SyncScheduler(
        {
          db,
          log: logger.child({ component: 'scheduler' }),
          clock,
          access: connectorAccess,
          maxJobAttempts: config.JOB_MAX_ATTEMPTS,
          intervalMs: syncIntervalMs(config),
          onJobQueued: () => worker.wake(),
        },
        config.SYNC_SCHEDULER_MS,
      )
    : null;
  const webhookBox = WebhookEndpoints.secretBox(secretKey);
  const urlPolicy = { allowPrivate: config.ALLOW_PRIVATE_URLS, allowedAddresses: config.URL_FETCH_ALLOWED_ADDRESSES };
  // The embedded database has no other process: a delivery a crash cut is sent again at once.
  if (worker && database.driver === 'pglite') await releaseAllWebhookLeases(db);
  const webhookFetch = worker ? guardedFetch(urlPolicy) : null;
  const dispatcher = webhookFetch
    ? new WebhookDispatcher(
        { db, log: logger.child({ component: 'webhooks' }), clock, box: webhookBox, fetch: webhookFetch },
        {
          pollMs: config.WEBHOOK_POLL_MS,
          concurrency: config.WEBHOOK_CONCURRENCY,
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
          retryForMs: config.WEBHOOK_RETRY_FOR_MS,
          disableAfter: config.WEBHOOK_DISABLE_AFTER,
          retentionMs: config.WEBHOOK_RETENTION_DAYS * 24 * HOUR_MS,
        },
      )
    : null;
  const jobs = { maxJobAttempts: config.JOB_MAX_ATTEMPTS, onJobQueued: () => worker?.wake(), onMemoriesChanged: memories.onChanged };
  const documents = new DocumentService(db, clock, {
    maxJobAttempts: config.JOB_MAX_ATTEMPTS,
    onDocumentQueued: (documentId) => {
      logger.info({ documentId }, `document ${documentId} queued`);
      worker?.wake();
    },
    onMemoriesChanged: memories.onChanged,
  });

  let http: FastifyInstance | null = null;
  if (options.http) {
    const stateSigner = new OAuthStateSigner(secretKey, clock);
    const connectionLog = logger.child({ component: 'connections' });
    const connections = new ConnectionService(db, clock, connectorAccess, stateSigner, jobs, connectionLog);
    const keys = new KeyResolver(db, clock, { cacheSize: config.KEY_CACHE_SIZE });
    const services = {
      keys,
      keyManagement: new KeyManagement(db, clock, keys),
      fileLinks: new FileLinks(secretKey, clock, { publicUrl: config.PUBLIC_URL }),
      documents,
      documentsWithMemories: new DocumentsWithMemories(db),
      conversations: new ConversationService(documents),
      memoryWriter: new MemoryWriter(memories),
      memoryEdits: new MemoryEdits(memories, search),
      memoryListing: new MemoryListing(memories),
      search,
      profiles,
      containerTags: new ContainerTagService(db, clock),
      merges: new MergeService(db, clock, jobs),
      settings,
      orgReset: new OrgReset(db, clock, () => worker?.wake()),
      connections,
      connectionResources: new ConnectionResources(db, clock, connectorAccess, connections, jobs),
      oauthCallback: new OAuthCallback(db, clock, connectorAccess, stateSigner, jobs, connectionLog),
      webhooks: new WebhookReceiver(db, clock, connectorAccess, jobs),
      kindWebhooks: new KindWebhookReceiver(db, clock, connectorAccess, jobs, connectionLog),
      webhookEndpoints: new WebhookEndpoints(db, clock, webhookBox, {
        checkUrl: (url) => destinationRefusal(url, urlPolicy),
        rotationGraceMs: config.WEBHOOK_ROTATION_GRACE_MS,
      }),
      portability: createPortability({
        db,
        clock,
        embedder: ai.embedder,
        serverVersion: VERSION,
        spoolDir: importSpoolDir(config),
        onImported: (org, tag, kept) => (kept ? retrieval.forget('memories', org) : memories.onChanged(org, tag)),
      }),
    };
    http = await buildHttpServer(services, {
      logger,
      clock,
      version: VERSION,
      driver: database.driver,
      maxBodyBytes: config.MAX_BODY_BYTES,
      maxFileBytes: config.MAX_FILE_BYTES,
      ...(config.TRUST_PROXY !== undefined ? { trustProxy: config.TRUST_PROXY } : {}),
      timeouts: { requestMs: config.REQUEST_TIMEOUT_MS, headersMs: config.HEADERS_TIMEOUT_MS, bodyIdleMs: config.BODY_IDLE_TIMEOUT_MS },
      rateLimit: { max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW_MS },
      organizationSlots: { slots: config.ORGANIZATION_REQUEST_SLOTS, maxWaiting: config.ORGANIZATION_REQUEST_QUEUE },
      authFailures: { max: config.AUTH_FAILURE_MAX, windowMs: config.AUTH_FAILURE_WINDOW_MS },
      mcpSessions: { perKey: config.MCP_SESSIONS_PER_KEY, total: config.MCP_SESSIONS_MAX, idleMs: config.MCP_SESSION_IDLE_MS },
      readiness: () => readiness.check(),
      ...(database.backup ? { backup: { token: backupToken(secretKey), dump: database.backup } } : {}),
      ...(metrics && config.METRICS_TOKEN
        ? {
            metrics: { token: config.METRICS_TOKEN, render: () => metrics.render() },
            onRequestAnswered: (method, route, status, seconds) => metrics.request(method, route, status, seconds),
          }
        : {}),
    });
  }
  // Every process listens, a worker or not: an endpoint's change drops the endpoint cache's copy of
  // its organization; a worker's dispatcher is woken when a change that wrote deliveries commits,
  // in this process or another, with no wait for the poll.
  const unlisten = await database.listen(WEBHOOK_CHANNEL, (payload) => {
    endpointCache.heard(payload);
    dispatcher?.wake();
  });
  worker?.start();
  scheduler?.start();
  dispatcher?.start();
  conversions?.warm();

  const shutdown = async (): Promise<ShutdownReport> => {
    const started = performance.now();
    const graceMs = config.SHUTDOWN_GRACE_MS;
    readiness.shuttingDown();
    // Requests and jobs stop being taken together; each side waits for what it has, up to the bound.
    const httpClosed = http?.close();
    const schedulerStopped = scheduler?.stop();
    const dispatcherStopped = dispatcher?.stop();
    const jobs = worker ? await worker.stop(graceMs) : null;
    // Past the jobs, each closing step is bounded: one that hangs (a provider that does not answer
    // a renewal, a thread stuck starting) must not keep the process from ending.
    const stepsCut: string[] = [];
    const stepMs = closeStepMs(graceMs);
    const closeStep = async (name: string, step: Promise<unknown> | undefined) => {
      if (step && !(await settlesWithin(step, stepMs))) stepsCut.push(name);
    };
    await closeStep('scheduler', schedulerStopped);
    await closeStep('webhook dispatcher', dispatcherStopped);
    await closeStep('notifications', unlisten());
    await closeStep('webhook client', webhookFetch?.close());
    let requestsCut = false;
    if (http && httpClosed && !(await settlesWithin(httpClosed, Math.max(0, graceMs - (performance.now() - started))))) {
      requestsCut = true;
      http.server.closeAllConnections();
      await settlesWithin(httpClosed, 1_000);
    }
    await closeStep('conversion threads', conversions?.close());
    await closeStep('embedding model', ai.embedder.close());
    await closeStep('database', database.close());
    return { ms: Math.round(performance.now() - started), jobs, requestsCut, stepsCut };
  };
  let closing: Promise<ShutdownReport> | undefined;
  return {
    config,
    database,
    documents,
    profiles,
    search,
    ai,
    worker,
    http,
    logger,
    readiness,
    metrics,
    close: () => (closing ??= shutdown()),
  };
}

/** How long one closing step past the jobs may take before the shutdown goes on without it: the grace, within 1 to 10 s. */
function closeStepMs(graceMs: number): number {
  return Math.min(10_000, Math.max(1_000, graceMs));
}

/** Whether `promise` settles within `ms` (it is left to settle later otherwise). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The one line a shutdown ends with: how long it took and what became of the jobs and requests in flight. */
export function shutdownLine(report: ShutdownReport, graceMs: number): string {
  const parts = [`stopped in ${report.ms} ms`];
  const { jobs } = report;
  if (jobs) {
    const plural = (n: number) => (n === 1 ? 'job' : 'jobs');
    let said = `${jobs.finished} ${plural(jobs.finished)} finished, ${jobs.released} released to the queue`;
    if (jobs.forced) said += ` (${jobs.forced} still running at the ${graceMs} ms bound)`;
    if (jobs.abandoned) said += `, ${jobs.abandoned} left to their leases (the database did not answer)`;
    parts.push(said);
  } else {
    parts.push('no worker in this process');
  }
  if (report.requestsCut) parts.push(`requests still running at the ${graceMs} ms bound were cut`);
  if (report.stepsCut.length) parts.push(`left to end on their own after ${closeStepMs(graceMs)} ms: ${report.stepsCut.join(', ')}`);
  return parts.join('; ');
}

/** JSON lines for a collector, or readable lines for a person at a terminal (LOG_FORMAT). */
function createLogger(config: Config): Logger {
  const options = { level: config.LOG_LEVEL, base: { pid: process.pid } };
  const pretty = config.LOG_FORMAT === 'pretty' || (config.LOG_FORMAT === 'auto' && Boolean(process.stdout.isTTY));
  return pretty ? pino(options, prettyDestination(process.stdout)) : pino(options);
}

/** The configured models, checked against the database's recorded embedding model (start-up refuses another one). */
async function prepareAi(config: Config, db: Db, clock: Clock, logger: Logger, observers: AiObservers, embedder?: Embedder): Promise<Ai> {
  const ai = await createAi(config, logger, observers, embedder).catch((error: unknown) => {
    throw asConfigError(error);
  });
  try {
    const { recorded } = await prepareEmbeddingSpace(db, ai.embedder, clock);
    if (recorded) logger.info({ model: ai.embedder.model, dimension: ai.embedder.dimension }, 'recorded the embedding model of this database');
  } catch (error) {
    await ai.embedder.close();
    throw asConfigError(error);
  }
  return ai;
}

/** Not crashes: the operator has to set a variable, choose a model or re-embed; said without a stack trace. */
function asConfigError(error: unknown): unknown {
  return error instanceof AiSettingsError || error instanceof EmbeddingModelMismatchError ? new ConfigError(error.message) : error;
}

/**
 * ENGRAM_API_KEY becomes an admin key; without it, a server's first start creates a new admin key
 * and hands it over once: printed when the output is a terminal, else (piped to a log collector)
 * written to `DATA_DIR/first-admin-key` readable by its owner only, the log saying where.
 */
async function provisionAdminKey(config: Config, db: Db, serving: boolean, logger: Logger): Promise<void> {
  if (config.ENGRAM_API_KEY) {
    await seedApiKey(db, config.ENGRAM_API_KEY);
    return;
  }
  if (!serving) return;
  const firstKey = await bootstrapAdminKey(db);
  if (!firstKey) return;
  const intro = 'First start: created an admin API key for the default organization';
  if (process.stdout.isTTY) {
    process.stdout.write(`\n${intro}. It is shown only once:\n\n  ${firstKey}\n\n`);
    return;
  }
  if (config.DATA_DIR.startsWith('memory://')) {
    // Nowhere to keep it: one line of its own on stderr, never inside a log line.
    process.stderr.write(`${JSON.stringify({ firstAdminKey: firstKey })}\n`);
    logger.info(`${intro}; it is on stderr, shown only once`);
    return;
  }
  const file = join(config.DATA_DIR, FIRST_ADMIN_KEY_FILE);
  mkdirSync(config.DATA_DIR, { recursive: true });
  writeFileSync(file, `${firstKey}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  logger.info({ file }, `${intro}; it is in ${file} (readable by its owner only): keep it elsewhere and delete the file`);
}

/** Where a first start that is not at a terminal writes the first admin key. */
export const FIRST_ADMIN_KEY_FILE = 'first-admin-key';

const HOUR_MS = 60 * 60 * 1000;

function syncIntervalMs(config: Config): number {
  return Math.round(config.SYNC_INTERVAL_HOURS * HOUR_MS);
}

/** What the adapters are given: what each kind's variables set, the fetch policy, and conversion in the pool. */
function connectorEnvironment(config: Config, convert: ConvertFile | undefined): ConnectorEnvironment {
  const { options, oauthApps, kindSecrets } = config.connectors;
  return {
    connectorOptions: {
      ...options,
      fetch: {
        allowPrivate: config.ALLOW_PRIVATE_URLS,
        allowedAddresses: config.URL_FETCH_ALLOWED_ADDRESSES,
        maxBytes: config.URL_FETCH_MAX_BYTES,
        timeoutMs: config.URL_FETCH_TIMEOUT_MS,
      },
      userAgent: `engram/${VERSION}`,
      maxRateLimitWaitSeconds: config.SYNC_MAX_RATE_LIMIT_WAIT_SECONDS,
      retryBaseMs: config.SYNC_PROVIDER_WAIT_MS,
      convert,
    },
    oauthApps,
    publicUrl: config.PUBLIC_URL,
    kindSecrets,
  };
}

/** Conversion in the pool's threads, within the configured time. */
function pooledConversion(config: Config, conversions: ConversionPool): ConvertFile {
  return (input) => conversions.convert({ ...input, limits: { ...input.limits, timeoutMs: config.CONVERT_TIMEOUT_MS } });
}

/** The job worker with a handler per job kind: ingest (with the memory step), merge and connector sync. */
async function createWorker(
  config: Config,
  database: Database,
  ai: Ai,
  conversions: ConversionPool,
  onMemoriesChanged: MemoryContext['onChanged'],
  logger: Logger,
  connectors: { clock: Clock; access: ConnectorAccess },
  metrics: Metrics | null,
): Promise<JobWorker> {
  const { db } = database;
  const { clock } = connectors;
  if (database.driver === 'pglite') {
    const released = await releaseAllLeases(db);
    if (released) logger.info({ released }, 'resuming jobs interrupted by a previous stop');
  }
  const log = logger.child({ component: 'worker' });
  const memorizing = {
    db,
    clock,
    embedder: ai.embedder,
    extractor: ai.extractor,
    onChanged: onMemoriesChanged,
    limits: { maxChars: config.EXTRACTION_MAX_CHARS, maxMemories: config.EXTRACTION_MAX_MEMORIES },
  };
  const ingest = ingestHandler({
    db,
    log,
    clock,
    fetch: { allowPrivate: config.ALLOW_PRIVATE_URLS, maxBytes: config.URL_FETCH_MAX_BYTES, timeoutMs: config.URL_FETCH_TIMEOUT_MS },
    chunkSizeFor: (orgId) => orgChunkSize(db, orgId),
    convert: pooledConversion(config, conversions),
    embedder: ai.embedder,
    memorize: (doc, generation, signal) => memorizeDocument(memorizing, doc, generation, signal),
    maxChunks: config.MAX_CHUNKS_PER_DOCUMENT,
    ...(metrics ? { onStage: (stage: string, seconds: number) => metrics.stage(stage, seconds) } : {}),
  });
  const merge = mergeHandler({
    db,
    log,
    clock,
    maxJobAttempts: config.JOB_MAX_ATTEMPTS,
    recheckMs: config.WORKER_POLL_MS,
    maxIngestWaitMs: MAX_INGEST_WAIT_MS,
  });
  const sync = syncHandler({
    db,
    log,
    clock,
    access: connectors.access,
    isRelevant: (prompt, item) => ai.relevanceFilter.isRelevant(prompt, item),
    maxJobAttempts: config.JOB_MAX_ATTEMPTS,
    intervalMs: syncIntervalMs(config),
    onMemoriesChanged,
    ...(metrics ? { onRunEnded: (kind: string, result: string) => metrics.sync(kind, result) } : {}),
  });
  const cleanup = cleanupHandler({ db, log, clock, access: connectors.access });
  return new JobWorker(
    { db, log, clock, handlers: { ingest, merge, sync, cleanup } },
    { concurrency: config.WORKER_CONCURRENCY, pollMs: config.WORKER_POLL_MS, leaseMs: config.JOB_LEASE_MS, retryBaseMs: config.JOB_RETRY_BASE_MS },
  );
}

/** Import bodies are spooled beside the data (large files stay off a memory-backed /tmp), or in the system's temporary directory. */
function importSpoolDir(config: Config): string | undefined {
  return config.DATA_DIR.startsWith('memory://') ? undefined : join(config.DATA_DIR, 'tmp');
}
