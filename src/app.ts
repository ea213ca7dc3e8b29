import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import { ConversationService } from './core/conversations.js';
import { DocumentService } from './core/documents.js';
import { FileLinks } from './core/file-links.js';
import { bootstrapAdminKey, KeyResolver, seedApiKey } from './core/keys.js';
import { buildHttpServer } from './http/server.js';
import { ingestHandler } from './pipeline/ingest.js';
import { JobWorker } from './pipeline/worker.js';
import { openDatabase, type Database } from './store/database.js';
import { releaseAllLeases } from './store/jobs.js';
import { loadSecretKey } from './secret-key.js';

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
  worker: JobWorker | null;
  http: FastifyInstance | null;
  logger: Logger;
  close(): Promise<void>;
}

/** The composition root: opens the store, wires services, workers and the HTTP server. */
export async function createApp(config: Config, options: AppOptions): Promise<App> {
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL, base: { pid: process.pid } });
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const { db } = database;
  if (config.ENGRAM_API_KEY) await seedApiKey(db, config.ENGRAM_API_KEY);
  else if (options.http) {
    const firstKey = await bootstrapAdminKey(db);
    if (firstKey) {
      process.stdout.write(
        `\nFirst start: created an admin API key for the default organization. It is shown only once:\n\n  ${firstKey}\n\n`,
      );
    }
  }

  let worker: JobWorker | null = null;
  if (options.worker) {
    if (database.driver === 'pglite') {
      const released = await releaseAllLeases(db);
      if (released) logger.info({ released }, 'resuming jobs interrupted by a previous stop');
    }
    const log = logger.child({ component: 'worker' });
    const ingest = ingestHandler({
      db,
      log,
      fetch: { allowPrivate: config.ALLOW_PRIVATE_URLS, maxBytes: config.URL_FETCH_MAX_BYTES, timeoutMs: config.URL_FETCH_TIMEOUT_MS },
    });
    worker = new JobWorker(
      { db, log, handlers: { ingest } },
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

  const http = options.http
    ? await buildHttpServer({
        config,
        clock,
        keys: new KeyResolver(db, clock),
        documents,
        conversations: new ConversationService(documents),
        fileLinks: new FileLinks(loadSecretKey(config)),
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
    worker,
    http,
    logger,
    close: () =>
      (closing ??= (async () => {
        await http?.close();
        await worker?.stop();
        await database.close();
      })()),
  };
}
