import type { sql } from 'drizzle-orm';
import { newId } from '../../src/core/shared/ids.js';
import { seedMemory } from './memories.js';
import type { TestServer } from './server.js';
import { queryRows } from '../../src/store/sql.js';

export interface SeedMemory {
  memory: string;
  containerTag: string;
  orgName?: string;
  isLatest?: boolean;
  isForgotten?: boolean;
  version?: number;
  parentMemoryId?: string | null;
  rootMemoryId?: string | null;
  documentIds?: string[];
}

/** Writes memory rows straight into the store, as extraction would, and returns their ids. */
export async function seedMemories(server: TestServer, rows: SeedMemory[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { orgName, documentIds, ...fields } of rows) {
    ids.push((await seedMemory(server, { ...fields, id: newId() }, { orgName, documentIds })).id);
  }
  return ids;
}

/** Raw rows for assertions, ordered by id. */
export async function selectRows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(server.app.database.db, query);
}
