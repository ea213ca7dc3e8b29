import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/** POST /ns/{namespace}/list/{type} against the published contract: one kind per page, the others empty. */
describe('v5 list: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  const list = (path: string, body?: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, 'postNsByNamespaceListByType', 'POST', path, body === undefined ? {} : { body });

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    for (const [id, content, metadata] of [
      ['first', 'Mina grows tomatoes on her balcony.', { source: 'notes' }],
      ['second', 'Mina plays the cello in a quartet.', { source: 'chat' }],
      ['third', 'Mina works as a nurse in Oslo.', { source: 'notes' }],
    ] as const) {
      expect((await server.request('POST', '/ns/user_mina/document', { body: { id, content, metadata } })).status).toBe(200);
      await waitFor(
        async () => ((await server.request('GET', `/ns/user_mina/document/${id}`)).body.system.status === 'done' ? true : undefined),
        30_000,
        `${id} to finish`,
      );
    }
    // A document of another namespace is never listed.
    await server.request('POST', '/ns/user_other/document', { body: { content: 'Someone else entirely.' } });
  });
  afterAll(async () => server?.close());

  it('pages documents, newest first by default, with their caller ids', async () => {
    const page1 = await list('/ns/user_mina/list/documents?page=1&limit=2');
    expect(page1.body.chunks).toEqual([]);
    expect(page1.body.memories).toEqual([]);
    expect(page1.body.documents.map((d: { id: string }) => d.id)).toEqual(['third', 'second']);
    expect(page1.body.pagination).toEqual({ currentPage: 1, limit: 2, totalItems: 3, totalPages: 2 });
    const page2 = await list('/ns/user_mina/list/documents?page=2&limit=2&order=desc');
    expect(page2.body.documents.map((d: { id: string }) => d.id)).toEqual(['first']);
    const asc = await list('/ns/user_mina/list/documents?order=asc&sort=updatedAt');
    expect(asc.body.documents.map((d: { id: string }) => d.id)).toEqual(['first', 'second', 'third']);
    expect(asc.body.documents[0]).toMatchObject({ metadata: { source: 'notes' }, url: null, system: { status: 'done' } });
  });

  it('filters documents with a typed filter', async () => {
    const notes = await list('/ns/user_mina/list/documents', { filter: { field: 'source', operator: 'eq', value: 'notes' } });
    expect(notes.body.documents.map((d: { id: string }) => d.id).sort()).toEqual(['first', 'third']);
  });

  it('lists memories, forgotten ones only when asked', async () => {
    const all = await list('/ns/user_mina/list/memories?limit=100');
    expect(all.body.documents).toEqual([]);
    expect(all.body.memories.length).toBeGreaterThan(0);
    const victim = all.body.memories[0];
    expect(victim).toMatchObject({ isLatest: true, isForgotten: false, metadata: expect.any(Object) });
    const forget = await server.request('DELETE', '/v4/memories', { body: { id: victim.id, containerTag: 'user_mina' } });
    expect(forget.status).toBe(200);
    const live = await list('/ns/user_mina/list/memories?limit=100');
    expect(live.body.memories.map((m: { id: string }) => m.id)).not.toContain(victim.id);
    expect(live.body.pagination.totalItems).toBe(all.body.pagination.totalItems - 1);
    const withForgotten = await list('/ns/user_mina/list/memories?limit=100', { include: { forgotten: true } });
    expect(withForgotten.body.memories.find((m: { id: string }) => m.id === victim.id)).toMatchObject({ isForgotten: true });
  });

  it('pages the chunks of the namespace’s documents, each naming its document by its caller id', async () => {
    const all = await list('/ns/user_mina/list/chunks?limit=100&sort=position&order=asc');
    expect(all.body.documents).toEqual([]);
    expect(all.body.memories).toEqual([]);
    expect(all.body.chunks.map((c: { documentId: string }) => c.documentId).sort()).toEqual(['first', 'second', 'third']);
    expect(all.body.chunks[0]).toMatchObject({ position: 0, content: expect.stringContaining('Mina'), metadata: expect.any(Object) });
    expect(all.body.pagination).toEqual({ currentPage: 1, limit: 100, totalItems: 3, totalPages: 1 });
    const page = await list('/ns/user_mina/list/chunks?limit=2&page=2');
    expect(page.body.chunks).toHaveLength(1);
    const chat = await list('/ns/user_mina/list/chunks', { filter: { field: 'source', operator: 'eq', value: 'chat' } });
    expect(chat.body.chunks.map((c: { documentId: string }) => c.documentId)).toEqual(['second']);
  });

  it('answers bad input with the validation-error shape', async () => {
    for (const path of ['/ns/user_mina/list/things', '/ns/user_mina/list/documents?limit=101', '/ns/user_mina/list/documents?page=0']) {
      const res = await list(path);
      expect(res.status, path).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
