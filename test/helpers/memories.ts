import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { MemoryEntryView } from '../../src/http/views/memories.js';
import { findOrgByName } from '../../src/store/keys.js';
import type { TestServer } from './server.js';
import { memories } from '../../src/store/schema/memories.js';
import { memorySources } from '../../src/store/schema/memory-sources.js';

type MemoryInsert = typeof memories.$inferInsert;

/** A memory as `/v4/memories/list` answers it. */
export type MemoryEntry = z.infer<typeof MemoryEntryView>;

/** Writes a memory row straight into the store, for tests of read paths that need exact shapes. */
export async function seedMemory(
  server: TestServer,
  fields: Partial<MemoryInsert> & { memory: string; containerTag: string },
  options: { orgName?: string; documentIds?: string[] } = {},
) {
  const org = await findOrgByName(server.app.database.db, options.orgName ?? 'default');
  if (!org) throw new Error(`no org ${options.orgName}`);
  const id = fields.id ?? randomBytes(11).toString('hex').slice(0, 22);
  const [row] = await server.app.database.db
    .insert(memories)
    .values({ ...fields, id, orgId: org.id })
    .returning();
  for (const documentId of options.documentIds ?? []) {
    await server.app.database.db.insert(memorySources).values({ memoryId: id, documentId, orgId: org.id });
  }
  return row;
}
