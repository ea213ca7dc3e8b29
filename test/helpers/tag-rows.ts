import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from './seed-memories.js';
import { waitForDocument, type TestServer } from './server.js';

/** Rows as the container-tag suites read them straight from the store, to see what a tag operation moved. */
export interface DocRow {
  id: string;
  custom_id: string | null;
  container_tag: string;
  content: string | null;
  status: string;
  metadata: unknown;
}
export interface ChunkRecord {
  id: string;
  document_id: string;
  container_tag: string;
  position: number;
  content: string;
}
export interface MemoryRecord {
  id: string;
  container_tag: string;
  memory: string;
  version: number;
  is_latest: boolean;
  is_forgotten: boolean;
  forget_reason: string | null;
  parent_memory_id: string | null;
}

/** Adds a document chunked and indexed only (no extraction): the memories a test counts are the ones it seeds. */
export async function addIndexedDoc(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const res = await server.request('POST', '/v3/documents', { body: { taskType: 'superrag', ...body } });
  expect(res.status).toBe(200);
  await waitForDocument(server, res.body.id);
  return res.body.id;
}

export const docsIn = (server: TestServer, tags: string[]) =>
  selectRows<DocRow>(server, sql`select id, custom_id, container_tag, content, status, metadata from documents where container_tag in ${tags} order by id`);

export const chunksOf = (server: TestServer, documentIds: string[]) =>
  selectRows<ChunkRecord>(server, sql`select id, document_id, container_tag, position, content from chunks where document_id in ${documentIds} order by id`);

export const memoriesIn = (server: TestServer, tags: string[]) =>
  selectRows<MemoryRecord>(
    server,
    sql`select id, container_tag, memory, version, is_latest, is_forgotten, forget_reason, parent_memory_id
        from memories where container_tag in ${tags} order by id`,
  );

/** A tag `stable` with a document and settings, which the bad-input suites check no failed call changed. */
export async function seedStableTag(server: TestServer): Promise<void> {
  const add = await server.request('POST', '/v3/documents', { body: { content: 'Kept safe', containerTag: 'stable' } });
  await waitForDocument(server, add.body.id);
  await server.request('PATCH', '/v3/container-tags/stable', { body: { name: 'Stable', entityContext: 'unchanged', profileBuckets: [{ key: 'work' }] } });
}

/** Everything a failed tag call could have changed. */
export async function tagSnapshot(server: TestServer) {
  return {
    tag: (await server.request('GET', '/v3/container-tags/stable')).body,
    list: (await server.request('GET', '/v3/container-tags/list')).body,
    merges: await selectRows(server, sql`select id from container_tag_merges`),
    jobs: await selectRows(server, sql`select id from jobs where kind = 'merge'`),
  };
}
