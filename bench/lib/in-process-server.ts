import { randomBytes } from 'node:crypto';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/core/shared/clock.js';
import { KeyResolver } from '../../src/core/access/keys.js';
import { createTestDatabase, dropTestDatabase, startThrowawayPostgres, type ThrowawayPostgres } from '../../test/helpers/pg-cluster.js';
import type { Principal } from '../../src/model/access.js';

export type BenchDriver = 'pglite' | 'postgres';

export interface BenchServer {
  driver: BenchDriver;
  url: string;
  /** The admin API key the bench calls with. */
  key: string;
  app: App;
  principal: Principal;
  request<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; ms: number }>;
  close(): Promise<void>;
}

let postgres: ThrowawayPostgres | null | undefined;

/** PostgreSQL for benches: ENGRAM_BENCH_PG_URL, else a throwaway local cluster (null when none is installed). */
export async function benchPostgresUrl(): Promise<string | null> {
  if (process.env.ENGRAM_BENCH_PG_URL) return process.env.ENGRAM_BENCH_PG_URL;
  postgres ??= await startThrowawayPostgres();
  return postgres?.url ?? null;
}

export async function stopBenchPostgres(): Promise<void> {
  await postgres?.stop();
  postgres = undefined;
}

/**
 * The whole service in this process (HTTP on 127.0.0.1 plus workers) on an empty database, so a
 * bench can drive the public API and also reach services directly for internal measurements.
 */
export async function startBenchServer(driver: BenchDriver, env: Record<string, string> = {}): Promise<BenchServer> {
  const key = `em_bench_${randomBytes(12).toString('hex')}`;
  let adminUrl: string | null = null;
  let dbName: string | null = null;
  let databaseUrl: string | undefined;
  if (driver === 'postgres') {
    adminUrl = await benchPostgresUrl();
    if (!adminUrl) throw new Error('PostgreSQL with pgvector is not available (scripts/pg-install.sh installs it)');
    dbName = `engram_bench_${randomBytes(4).toString('hex')}`;
    databaseUrl = await createTestDatabase(adminUrl, dbName);
  }
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    ENGRAM_API_KEY: key,
    ENGRAM_SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    WORKER_POLL_MS: '100',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...env,
  });
  const app = await createApp(config, { worker: true, http: true });
  const url = await app.http!.listen({ port: 0, host: '127.0.0.1' });
  const principal = await new KeyResolver(app.database.db, systemClock).resolve(key);
  if (!principal) throw new Error('bench key not found');
  return {
    driver,
    url,
    key,
    app,
    principal,
    async request(method, path, body) {
      const started = performance.now();
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      return { status: res.status, body: text ? JSON.parse(text) : null, ms };
    },
    async close() {
      await app.close();
      if (adminUrl && dbName) await dropTestDatabase(adminUrl, dbName);
    },
  };
}

/** Runs a bench's main and always stops the bench PostgreSQL; a failure exits non-zero. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(() => stopBenchPostgres())
    .catch(async (error: unknown) => {
      console.error(error);
      await stopBenchPostgres();
      process.exit(1);
    });
}
