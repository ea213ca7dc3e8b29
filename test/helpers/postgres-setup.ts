import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './pg-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const HOW = 'run scripts/pg-install.sh (PostgreSQL 15 + pgvector, started per run), or set ENGRAM_TEST_PG_URL to a PostgreSQL with pgvector';

/** Fails the run, never skips: a suite that did not run must not look green. */
async function checkServer(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
    if (rows.length === 0) throw new Error('the pgvector extension is not installed on it');
  } catch (err) {
    throw new Error(`api-postgres: ENGRAM_TEST_PG_URL is not usable (${(err as Error).message}); ${HOW}.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One PostgreSQL for the whole run: ENGRAM_TEST_PG_URL, else a throwaway local cluster. */
export default async function setup(project: TestProject) {
  const given = process.env.ENGRAM_TEST_PG_URL;
  if (given) {
    await checkServer(given);
    project.provide('pgUrl', given);
    return;
  }
  const cluster = await startThrowawayPostgres();
  if (!cluster) throw new Error(`api-postgres: PostgreSQL 15 with pgvector is not installed here; ${HOW}.`);
  project.provide('pgUrl', cluster.url);
  return async () => cluster.stop();
}
