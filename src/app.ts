import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { ConfigError, type Config } from './config.js';
import { systemClock, type Clock } from './core/shared/clock.js';
import { MergeService } from './core/tags/merges.js';
import { ContainerTagService } from './core/tags/tag-service.js';
import { ConversationService } from './core/documents/conversations.js';
import { MemoryEdits } from './core/memories/edits.js';
import { MemoryListing } from './core/memories/listing.js';
import { MemoryWriter } from './core/memories/writer.js';
import type { SearchService } from './core/search/search-service.js';
import { ProfileService } from './core/profiles/profile-service.js';
import { DocumentService } from './core/documents/document-service.js';
import { DocumentsWithMemories } from './core/documents/documents-with-memories.js';
import { FileLinks } from './core/access/file-links.js';
import { KeyManagement } from './core/access/key-management.js';
import { bootstrapAdminKey, KeyResolver, seedApiKey } from './core/access/keys.js';
import { resetOrganization } from './core/tags/org-reset.js';
import { orgChunkSize, SettingsService } from './core/settings/settings-service.js';
import { buildHttpServer } from './http/server.js';
import { AiSettingsError, createAi, type Ai } from './ai/factory.js';
import { EmbeddingModelMismatchError, prepareEmbeddingSpace } from './core/embedding/embedding-space.js';
import { createSearch } from './core/search/setup.js';
import type { Db } from './store/database.js';
import { memorizeDocument } from './pipeline/memorize.js';
import { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from './chunking/index.js';
import { ingestHandler } from './pipeline/ingest.js';
import { MAX_INGEST_WAIT_MS, mergeHandler } from './pipeline/merge.js';
import { JobWorker } from './pipeline/worker.js';
import { openDatabase, type Database } from './store/database.js';
import { releaseAllLeases } from './store/jobs.js';
import { loadSecretKey } from './secret-key.js';
import { serializeError } from './log-errors.js';

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface AppOptions {
  /** Run ingest workers in this process. */
  worker: boolean;
  /** Serve HTTP. */
  http: boolean;
  clock?: Clock;
  logger?: Logger;
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
  close(): Promise<void>;
}

/** The composition root: opens the store, wires services, workers and the HTTP server. */
export async function createApp(config: Config, options: AppOptions): Promise<App> {
  // Errors are logged through serializeError whichever logger is given: it keeps query parameters and stored values out.
  const logger = (options.logger ?? pino({ level: config.LOG_LEVEL, base: { pid: process.pid } })).child({}, { serializers: { err: serializeError } });
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const { db } = database;
  const ai = await prepareAi(config, db, logger).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const { retrieval, search } = createSearch({
    db,
    clock,
    embedder: ai.embedder,
    rewriter: ai.rewriter,
    reranker: ai.reranker,
    settings: { exactMaxRows: config.SEARCH_EXACT_MAX_ROWS, lexicalWordLimit: config.SEARCH_LEXICAL_WORD_LIMIT },
    onStatisticsError: (err) => logger.warn({ err }, 'refreshing search statistics failed'),
  });
  if (config.ENGRAM_API_KEY) await seedApiKey(db, config.ENGRAM_API_KEY);
  else if (options.http) {
    const firstKey = await bootstrapAdminKey(db);
    if (firstKey) {
      process.stdout.write(
        `\nFirst start: created an admin API key for the default organization. It is shown only once:\n\n  ${firstKey}\n\n`,
      );
    }
  }

  const profiles = new ProfileService({ db, clock, search, bucketSuggester: ai.bucketSuggester });
  const onMemoriesChanged = async (orgId: string, tag: string) => {
    retrieval.forget('memories', orgId);
    await profiles.refresh(orgId, tag);
  };

  const memoryContext = { db, clock, embedder: ai.embedder, onChanged: onMemoriesChanged };

  let worker: JobWorker | null = null;
  if (options.worker) {
    if (database.driver === 'pglite') {
      const released = await releaseAllLeases(db);
      if (released) logger.info({ released }, 'resuming jobs interrupted by a previous stop');
    }
    const log = logger.child({ component: 'worker' });
    const memorizing = {
      db,
      embedder: ai.embedder,
      extractor: ai.extractor,
      onChanged: onMemoriesChanged,
    };
    const ingest = ingestHandler({
      db,
      log,
      fetch: { allowPrivate: config.ALLOW_PRIVATE_URLS, maxBytes: config.URL_FETCH_MAX_BYTES, timeoutMs: config.URL_FETCH_TIMEOUT_MS },
      chunkSizeFor: (orgId) => orgChunkSize(db, orgId),
      embedder: ai.embedder,
      memorize: (doc, generation) => memorizeDocument(memorizing, doc, generation),
    });
    const merge = mergeHandler({
      db,
      log,
      maxJobAttempts: config.JOB_MAX_ATTEMPTS,
      recheckMs: config.WORKER_POLL_MS,
      maxIngestWaitMs: MAX_INGEST_WAIT_MS,
    });
    worker = new JobWorker(
      { db, log, handlers: { ingest, merge } },
      {
        concurrency: config.WORKER_CONCURRENCY,
        pollMs: config.WORKER_POLL_MS,
        leaseMs: config.JOB_LEASE_MS,
        retryBaseMs: config.JOB_RETRY_BASE_MS,
      },
    );
  }
  const documents = new DocumentService(db, clock, {
    maxJobAttempts: config.JOB_MAX_ATTEMPTS,
    onJobQueued: () => worker?.wake(),
  });

  const keys = new KeyResolver(db, clock, { cacheSize: config.KEY_CACHE_SIZE });
  const secretKey = options.http ? loadSecretKey(config) : null;
  const http = secretKey
    ? await buildHttpServer({
        config,
        clock,
        keys,
        documents,
        documentsWithMemories: new DocumentsWithMemories(db),
        conversations: new ConversationService(documents),
        memoryListing: new MemoryListing(memoryContext),
        memoryEdits: new MemoryEdits(memoryContext),
        memoryWriter: new MemoryWriter(memoryContext),
        search,
        profiles,
        fileLinks: new FileLinks(secretKey),
        containerTags: new ContainerTagService(db),
        merges: new MergeService(db, clock, { maxJobAttempts: config.JOB_MAX_ATTEMPTS, onJobQueued: () => worker?.wake() }),
        settings: new SettingsService(db, SettingsService.secretBox(secretKey), { chunkSize: { min: MIN_CHUNK_SIZE, max: MAX_CHUNK_SIZE } }),
        keyManagement: new KeyManagement(db, clock, keys),
        reset: (principal) => resetOrganization(db, principal),
        version: VERSION,
        driver: database.driver,
        logger,
      })
    : null;
  worker?.start();

  let closing: Promise<void> | undefined;
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
    close: () =>
      (closing ??= (async () => {
        await http?.close();
        await worker?.stop();
        await ai.embedder.close();
        await database.close();
      })()),
  };
}

/** The configured models, checked against the database's recorded embedding model (start-up refuses another one). */
async function prepareAi(config: Config, db: Db, logger: Logger): Promise<Ai> {
  const ai = await createAi(config, logger).catch((error: unknown) => {
    throw asConfigError(error);
  });
  try {
    const { recorded } = await prepareEmbeddingSpace(db, ai.embedder);
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
