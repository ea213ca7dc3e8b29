import type { Tx } from './database.js';
import { memories } from './schema/memories.js';
import { memorySources } from './schema/memory-sources.js';
import type { MemoryRecord } from '../model/memories.js';

export type MemoryInsert = typeof memories.$inferInsert;

const INSERT_BATCH = 200;

/** Inserts memories (with their vectors, so they are searchable at once) in batches. */
export async function insertMemories(db: Tx, rows: MemoryInsert[]): Promise<MemoryRecord[]> {
  const inserted: MemoryRecord[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    inserted.push(...(await db.insert(memories).values(rows.slice(i, i + INSERT_BATCH)).returning()));
  }
  return inserted;
}

export async function linkMemorySources(db: Tx, orgId: string, links: { memoryId: string; documentId: string }[]): Promise<void> {
  for (let i = 0; i < links.length; i += INSERT_BATCH) {
    await db
      .insert(memorySources)
      .values(links.slice(i, i + INSERT_BATCH).map((link) => ({ ...link, orgId })))
      .onConflictDoNothing();
  }
}
