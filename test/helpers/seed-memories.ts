import { sql } from 'drizzle-orm';
import { newId } from '../../src/core/ids.js';
import { queryRows } from '../../src/store/database.js';
import { memories, memorySources, orgs } from '../../src/store/schema.js';
import type { TestServer } from './server.js';

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
  const db = server.app.database.db;
  const ids: string[] = [];
  for (const row of rows) {
    const [org] = await queryRows<{ id: string }>(db, sql`select id from ${orgs} where name = ${row.orgName ?? 'default'}`);
    const id = newId();
    await db.insert(memories).values({
      id,
      orgId: org.id,
      containerTag: row.containerTag,
      memory: row.memory,
      isLatest: row.isLatest ?? true,
      isForgotten: row.isForgotten ?? false,
      version: row.version ?? 1,
      parentMemoryId: row.parentMemoryId ?? null,
      rootMemoryId: row.rootMemoryId ?? null,
    });
    for (const documentId of row.documentIds ?? []) {
      await db.insert(memorySources).values({ memoryId: id, documentId, orgId: org.id });
    }
    ids.push(id);
  }
  return ids;
}

/** Raw rows for assertions, ordered by id. */
export async function selectRows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(server.app.database.db, query);
}
