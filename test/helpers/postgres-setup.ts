import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './pg-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

/** One PostgreSQL for the whole run: ENGRAM_TEST_PG_URL, else a throwaway local cluster. */
export default async function setup(project: TestProject) {
  if (process.env.ENGRAM_TEST_PG_URL) {
    project.provide('pgUrl', process.env.ENGRAM_TEST_PG_URL);
    return;
  }
  const cluster = await startThrowawayPostgres();
  if (!cluster) {
    console.warn('PostgreSQL 15 with pgvector is not installed here (scripts/pg-install.sh installs it): the api-postgres project is skipped.');
  }
  project.provide('pgUrl', cluster?.url ?? null);
  return async () => cluster?.stop();
}
