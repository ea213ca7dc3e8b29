import { expect } from 'vitest';
import type { MemoryEntry } from './memories.js';
import { waitForDocument, type TestServer } from './server.js';

/** A memory as `/v4/memories/list` answers it. */
export type Entry = MemoryEntry;

/** Every document in these tests is dated, so the extracted statements ("… (as of …)") are the same whichever day they run. */
export const DOCUMENT_DATE = '2026-01-10';

/** Adds a document and waits until its memories are stored; returns its id. */
export async function addDocument(server: TestServer, body: Record<string, unknown>, key?: string): Promise<string> {
  const res = await server.request('POST', '/v3/documents', { key, body: { documentDate: DOCUMENT_DATE, ...body } });
  expect(res.status).toBe(200);
  expect((await waitForDocument(server, res.body.id, key)).status).toBe('done');
  return res.body.id;
}

/** Edits a document's content and waits until it is processed again. */
export async function editDocument(server: TestServer, id: string, content: string, key?: string): Promise<void> {
  const res = await server.request('PATCH', `/v3/documents/${id}`, { key, body: { content } });
  expect(res.status).toBe(200);
  expect((await waitForDocument(server, id, key)).status).toBe('done');
}

/** The latest version of every memory of a tag, forgotten ones included. */
export async function memoriesOf(server: TestServer, tag: string, key?: string): Promise<Entry[]> {
  const res = await server.request('POST', '/v4/memories/list', { key, body: { containerTags: [tag], limit: 200, order: 'asc' } });
  expect(res.status).toBe(200);
  return res.body.memoryEntries;
}

export const liveMemoriesOf = async (server: TestServer, tag: string, key?: string) => (await memoriesOf(server, tag, key)).filter((m) => !m.isForgotten);

/** The memory of a tag whose text contains `text` (exactly one). */
export async function memoryWith(server: TestServer, tag: string, text: string): Promise<Entry> {
  const found = (await memoriesOf(server, tag)).filter((m) => m.memory.includes(text));
  expect(found.map((m) => m.memory)).toHaveLength(1);
  return found[0];
}

/** Memory texts a default search of the tag returns, best first. */
export async function searchedMemories(server: TestServer, tag: string, q: string, key?: string): Promise<string[]> {
  const res = await server.request('POST', '/v4/search', { key, body: { q, containerTag: tag } });
  expect(res.status).toBe(200);
  return res.body.results.filter((r: { memory?: string }) => r.memory !== undefined).map((r: { memory: string }) => r.memory);
}

export async function profileOf(server: TestServer, tag: string): Promise<{ static: string[]; dynamic: string[] }> {
  const res = await server.request('POST', '/v4/profile', { body: { containerTag: tag } });
  expect(res.status).toBe(200);
  return res.body.profile;
}

/**
 * The counts of a tag as the tag list, the document list and the memory list give them; asserts
 * they agree (documents: every document, direct writes' included; memories: latest, not forgotten).
 */
export async function expectCountsAgree(server: TestServer, tag: string): Promise<{ documents: number; memories: number }> {
  const [tags, documents, memories] = await Promise.all([
    server.request('GET', '/v3/container-tags/list'),
    server.request('POST', '/v3/documents/list', { body: { containerTags: [tag], limit: 1 } }),
    server.request('POST', '/v4/memories/list', { body: { containerTags: [tag], limit: 1 } }),
  ]);
  const listed = tags.body.find((t: { containerTag: string }) => t.containerTag === tag) ?? { documentCount: 0, memoryCount: 0 };
  const counts = { documents: documents.body.pagination.totalItems, memories: memories.body.counts.memories };
  expect({ documents: listed.documentCount, memories: listed.memoryCount }).toEqual(counts);
  expect(memories.body.counts.memories + memories.body.counts.forgotten).toBe(memories.body.pagination.totalItems);
  return counts;
}
