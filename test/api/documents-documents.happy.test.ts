import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const TAG = 'dwm_main';
const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

describe('documents with their memories, by ids, and facets: happy paths', () => {
  let server: TestServer;
  let site: Server;
  let siteUrl: string;
  /** Three text documents in TAG, oldest first, customIds c1..c3. */
  const docs: string[] = [];
  let page: string;
  let missing: string;
  let scopedDoc: string;
  const memory: Record<string, string> = {};

  async function addDocument(body: Record<string, unknown>, key?: string): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { key, body: { taskType: 'superrag', ...body } });
    expect(res.status).toBe(200);
    await waitForDocument(server, res.body.id, key);
    return res.body.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    site = createServer((req, res) => {
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html');
        res.end('<html><head><title>Harbour</title></head><body><article><p>The harbour opens at dawn.</p></article></body></html>');
      } else {
        res.statusCode = 404;
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

    for (const n of [1, 2, 3]) docs.push(await addDocument({ content: `Note number ${n}.`, containerTag: TAG, customId: `c${n}` }));
    page = await addDocument({ content: `${siteUrl}/page`, containerTag: 'dwm_web' });
    missing = await addDocument({ content: `${siteUrl}/gone`, containerTag: 'dwm_web' });
    scopedDoc = await addDocument({ content: 'Inside the scoped tag.', containerTag: 'dwm_scoped' });

    // docs[0]: a two-version chain (only v2 is latest), a forgotten memory, a memory shared with docs[1].
    const v1 = await seedMemory(server, { memory: 'Ana lives in Porto', containerTag: TAG, isLatest: false }, { documentIds: [docs[0]] });
    const v2 = await seedMemory(
      server,
      { memory: 'Ana lives in Lisbon', containerTag: TAG, version: 2, parentMemoryId: v1.id, rootMemoryId: v1.id, relations: { [v1.id]: 'updates' } },
      { documentIds: [docs[0]] },
    );
    await seedMemory(server, { memory: 'Ana had a cold', containerTag: TAG, isForgotten: true }, { documentIds: [docs[0]] });
    const shared = await seedMemory(server, { memory: 'Ana plays chess', containerTag: TAG }, { documentIds: [docs[0], docs[1]] });
    const scoped = await seedMemory(server, { memory: 'Scoped memory', containerTag: 'dwm_scoped' }, { documentIds: [scopedDoc] });
    Object.assign(memory, { v1: v1.id, v2: v2.id, shared: shared.id, scoped: scoped.id });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('pages documents as the list route does, each with its latest unforgotten memories', async () => {
    const res = await server.request('POST', '/v3/documents/documents', { body: { containerTags: [TAG], sort: 'createdAt', order: 'asc' } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ currentPage: 1, limit: 10, totalItems: 3, totalPages: 1 });
    const list = await server.request('POST', '/v3/documents/list', { body: { containerTags: [TAG], sort: 'createdAt', order: 'asc' } });
    expect(ids(res.body.documents)).toEqual(ids(list.body.memories));
    expect(ids(res.body.documents)).toEqual(docs);

    const [first, second, third] = res.body.documents;
    const { memoryEntries, ...document } = first;
    expect(document).toEqual(list.body.memories[0]);
    expect(new Set(ids(memoryEntries))).toEqual(new Set([memory.v2, memory.shared]));
    const v2 = memoryEntries.find((m: { id: string }) => m.id === memory.v2);
    expect(v2).toMatchObject({ memory: 'Ana lives in Lisbon', version: 2, isLatest: true, isForgotten: false, containerTag: TAG, documentIds: [docs[0]] });
    expect(v2.history).toEqual([expect.objectContaining({ id: memory.v1, version: 1, isLatest: false })]);

    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: [TAG], limit: 100 } });
    expect(v2).toEqual(listed.body.memoryEntries.find((m: { id: string }) => m.id === memory.v2));

    expect(ids(second.memoryEntries)).toEqual([memory.shared]);
    expect(second.memoryEntries[0].documentIds).toEqual([docs[0], docs[1]]);
    expect(third.memoryEntries).toEqual([]);
  });

  it('does the pagination math', async () => {
    const pageOf = async (n: number, limit = 2) =>
      (await server.request('POST', '/v3/documents/documents', { body: { containerTags: [TAG], page: n, limit, order: 'asc' } })).body;
    const one = await pageOf(1);
    expect(one.pagination).toEqual({ currentPage: 1, limit: 2, totalItems: 3, totalPages: 2 });
    expect(ids(one.documents)).toEqual(docs.slice(0, 2));
    const two = await pageOf(2);
    expect(two.pagination).toEqual({ currentPage: 2, limit: 2, totalItems: 3, totalPages: 2 });
    expect(ids(two.documents)).toEqual([docs[2]]);
    const past = await pageOf(3);
    expect(past.documents).toEqual([]);
    expect(past.pagination).toEqual({ currentPage: 3, limit: 2, totalItems: 3, totalPages: 2 });
    const exact = await pageOf(1, 3);
    expect(exact.pagination.totalPages).toBe(1);
    const newestFirst = await server.request('POST', '/v3/documents/documents', { body: { containerTags: [TAG], limit: '1', page: '1' } });
    expect(ids(newestFirst.body.documents)).toEqual([docs[2]]);
  });

  it('filters by sources (document type or connector source)', async () => {
    const web = await server.request('POST', '/v3/documents/documents', { body: { sources: ['webpage'] } });
    expect(new Set(ids(web.body.documents))).toEqual(new Set([page, missing]));
    const both = await server.request('POST', '/v3/documents/documents', { body: { sources: ['webpage', 'text'], containerTags: [TAG, 'dwm_web'] } });
    expect(both.body.pagination.totalItems).toBe(5);
    const none = await server.request('POST', '/v3/documents/documents', { body: { sources: ['mail'] } });
    expect(none.body).toEqual({ documents: [], pagination: { currentPage: 1, limit: 10, totalItems: 0, totalPages: 0 } });
  });

  it('gets documents by ids in the order asked, leaving unknown ids out', async () => {
    const res = await server.request('POST', '/v3/documents/documents/by-ids', { body: { ids: [docs[1], 'NoSuchDocument00000000', docs[0]] } });
    expect(res.status).toBe(200);
    expect(ids(res.body.documents)).toEqual([docs[1], docs[0]]);
    expect(ids(res.body.documents[0].memoryEntries)).toEqual([memory.shared]);
    const page = await server.request('POST', '/v3/documents/documents', { body: { containerTags: [TAG] } });
    expect(res.body.documents[1]).toEqual(page.body.documents.find((d: { id: string }) => d.id === docs[0]));
  });

  it('gets documents by customId, optionally within container tags', async () => {
    const res = await server.request('POST', '/v3/documents/documents/by-ids', { body: { ids: ['c3', 'nope', 'c1'], by: 'customId' } });
    expect(ids(res.body.documents)).toEqual([docs[2], docs[0]]);
    expect(res.body.documents[0].customId).toBe('c3');
    const byId = await server.request('POST', '/v3/documents/documents/by-ids', { body: { ids: ['c1'] } });
    expect(byId.body.documents).toEqual([]);
    const elsewhere = await server.request('POST', '/v3/documents/documents/by-ids', { body: { ids: ['c1'], by: 'customId', containerTags: ['dwm_web'] } });
    expect(elsewhere.body.documents).toEqual([]);
  });

  it('counts documents per source, status and type', async () => {
    const web = await server.request('POST', '/v3/documents/documents/facets', { body: { containerTags: ['dwm_web'] } });
    expect(web.status).toBe(200);
    expect(web.body).toEqual({
      facets: {
        source: [{ value: null, count: 2 }],
        status: [
          { value: 'done', count: 1 },
          { value: 'failed', count: 1 },
        ],
        type: [{ value: 'webpage', count: 2 }],
      },
      total: 2,
    });
    const all = await server.request('POST', '/v3/documents/documents/facets', { body: {} });
    expect(all.body.total).toBe(6);
    expect(all.body.facets.type).toEqual([
      { value: 'text', count: 4 },
      { value: 'webpage', count: 2 },
    ]);
    expect(all.body.facets.status).toEqual([
      { value: 'done', count: 5 },
      { value: 'failed', count: 1 },
    ]);
  });

  it('describes the routes in the OpenAPI document', async () => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    for (const path of ['/v3/documents/documents', '/v3/documents/documents/by-ids', '/v3/documents/documents/facets']) {
      expect(doc.paths[path].post.requestBody).toBeDefined();
    }
  });
});
