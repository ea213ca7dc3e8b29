import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { DelegatingEmbedder, type Embedder } from '../../src/ai/embeddings/embedder.js';
import { createModelEmbedder } from '../../src/ai/factory.js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createApiKey, type NewKeyOptions } from '../../src/core/access/keys.js';
import type { Clock } from '../../src/core/shared/clock.js';
import type { DocumentView } from './api-types.js';
import { fetchContract } from './contract.js';
import { createTestDatabase, dropTestDatabase } from './pg-cluster.js';
import { readPgliteTemplate } from './pglite-template.js';
import { waitFor } from './wait.js';

export { waitFor };

export type Driver = 'pglite' | 'postgres';

export const driver: Driver = process.env.ENGRAM_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/** An answer; `body` is typed by the request's T (see api-types.ts), or `any` without one. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  key?: string | null;
  headers?: Record<string, string>;
  raw?: BodyInit;
}

export interface TestServer {
  url: string;
  app: App;
  /** Admin key of the default organization. */
  adminKey: string;
  /** `request<DocumentView>('GET', …)` types the body (test/helpers/api-types.ts names the main routes' answers). */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  createKey(options?: NewKeyOptions): Promise<string>;
  close(): Promise<void>;
}

/**
 * One embedding model per test process, lent to every server started without embedding settings
 * of its own: loading the model takes a server's threads about a second apiece, and the API files
 * of a project run one after another in the same process. Its close is the process's end.
 */
let sharedModel: Promise<Embedder> | undefined;

class LentEmbedder extends DelegatingEmbedder {
  override close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The process's shared model, lent (its close leaves the model open), for a test that wraps it. */
export async function lentModel(config: Parameters<typeof createModelEmbedder>[0] = loadConfig({})): Promise<Embedder> {
  sharedModel ??= createModelEmbedder(config);
  return new LentEmbedder(await sharedModel);
}

/** A real server on 127.0.0.1 with its own empty database, workers included. */
/** `clock`: the server's clock (test/helpers/clock.ts MovableClock moves it forward); the system clock without it. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { logger?: Logger; clock?: Clock; embedder?: Embedder; worker?: boolean } = {},
): Promise<TestServer> {
  const adminKey = `em_test_${randomBytes(16).toString('hex')}`;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  const pgUrl = driver === 'postgres' ? inject('pgUrl') : null;
  if (driver === 'postgres') {
    if (!pgUrl) throw new Error('no PostgreSQL for the api-postgres project');
    dbName = `engram_t_${randomBytes(6).toString('hex')}`;
    databaseUrl = await createTestDatabase(pgUrl, dbName);
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    ENGRAM_API_KEY: adminKey,
    ALLOW_PRIVATE_URLS: 'true',
    LOG_LEVEL: 'silent',
    WORKER_POLL_MS: '100',
    JOB_RETRY_BASE_MS: '50',
    // Test servers share two cores with each other: a server's ingest stepping back for the others'
    // requests would only slow the suite. (The priority itself is tested in local-embedder.test.ts.)
    EMBEDDINGS_DOCUMENT_NICENESS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const databaseTemplate = driver === 'pglite' ? await readPgliteTemplate() : undefined;
  const ownModel = Object.keys(env).some((name) => name.startsWith('EMBEDDINGS_'));
  const app = await createApp(config, {
    worker: options.worker ?? true,
    http: true,
    logger: options.logger,
    clock: options.clock,
    embedder: options.embedder ?? (ownModel ? undefined : await lentModel(config)),
    databaseTemplate,
  });
  const url = await app.http!.listen({ port: config.PORT, host: '127.0.0.1' });
  const contract = await fetchContract(url);

  const request = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? adminKey : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const parsed = contentType?.includes('json') && text ? JSON.parse(text) : text;
    const violations = contract.violations(method, path, { status: response.status, contentType, text, body: parsed });
    if (violations.length) {
      throw new Error(
        `${method} ${path.split('?')[0]} answered ${response.status} outside the OpenAPI document:\n  ${violations.join('\n  ')}\n  body: ${text.slice(0, 400)}`,
      );
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };

  return {
    url,
    app,
    adminKey,
    request,
    createKey: async (options = {}) => (await createApiKey(app.database.db, options)).key,
    close: async () => {
      const report = await app.close();
      // A closing step left hanging is a defect to find, not a reason to fail the file that happened to close it.
      if (report.stepsCut.length) console.warn(`test server at ${url}: closing steps left hanging: ${report.stepsCut.join(', ')}`);
      if (pgUrl && dbName) await dropTestDatabase(pgUrl, dbName);
    },
  };
}

/** Waits until a document reaches done or failed and returns it. */
export async function waitForDocument(server: TestServer, id: string, key?: string, timeoutMs = 30_000): Promise<DocumentView> {
  return waitFor(
    async () => {
      const res = await server.request<DocumentView>('GET', `/v3/documents/${id}`, { key });
      return res.status === 200 && (res.body.status === 'done' || res.body.status === 'failed') ? res.body : undefined;
    },
    timeoutMs,
    `document ${id} to finish`,
  );
}
