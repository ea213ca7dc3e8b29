import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, DocumentChunks, DocumentList, DocumentView, WriteAnswer } from '../helpers/api-types.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('documents: happy paths', () => {
  let server: TestServer;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    server = await startTestServer();
    let flakyHits = 0;
    site = createServer((req, res) => {
      if (req.url === '/flaky' && ++flakyHits <= 2) {
        res.statusCode = 503;
        res.end('try later');
      } else if (req.url === '/flaky') {
        res.setHeader('content-type', 'text/plain');
        res.end('Third time lucky: the ferry leaves at noon.');
      } else if (req.url === '/article') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html><head><title>Otters</title></head><body>
          <nav>Home | About | Contact</nav>
          <article><h1>Sea otters</h1><p>Sea otters hold hands while sleeping so they do not drift apart.
          They use rocks as tools to open shellfish, and they live in the northern Pacific.</p>
          <p>Their fur is the densest of any animal, with up to a million hairs per square inch.</p></article>
          <footer>copyright</footer></body></html>`);
      } else {
        res.statusCode = 404;
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('adds text, answers queued at once, and processes it to done with chunks', async () => {
    const add = await server.request<WriteAnswer>('POST', '/v3/documents', {
      body: {
        content: '# Trip notes\n\nAlice flew to Lisbon in May.\n\n## Food\n\nShe loved the pastel de nata.',
        containerTag: 'user_alice',
        metadata: { source: 'notes', year: 2024, tags: ['travel', 'food'] },
      },
    });
    expect(add.status).toBe(200);
    expect(add.body.status).toBe('queued');
    expect(add.body.id).toMatch(/^[0-9A-Za-z]{22}$/);

    const doc = await waitForDocument(server, add.body.id);
    expect(doc.status).toBe('done');
    expect(doc.containerTag).toBe('user_alice');
    expect(doc.containerTags).toEqual(['user_alice']);
    expect(doc.metadata).toEqual({ source: 'notes', year: 2024, tags: ['travel', 'food'] });
    expect(doc.title).toBe('Trip notes');
    expect(doc.content).toContain('pastel de nata');
    expect(doc.processingMetadata.steps.map((s) => s.name)).toEqual(['extracting', 'chunking', 'embedding', 'indexing', 'memories']);

    const chunks = await server.request<DocumentChunks>('GET', `/v3/documents/${add.body.id}/chunks`);
    expect(chunks.status).toBe(200);
    expect(chunks.body.documentId).toBe(add.body.id);
    expect(chunks.body.total).toBe(chunks.body.chunks.length);
    expect(chunks.body.chunks.length).toBeGreaterThan(0);
    expect(chunks.body.chunks.map((c) => c.position)).toEqual(chunks.body.chunks.map((_, i) => i));
    expect(chunks.body.chunks.map((c) => c.content).join('\n')).toContain('Lisbon');
  });

  it('upserts by customId: same id, reprocessed only when content changes', async () => {
    const first = await server.request<WriteAnswer>('POST', '/v3/documents', {
      body: { content: 'Version one of the handbook.', customId: 'handbook', containerTag: 'team' },
    });
    await waitForDocument(server, first.body.id);
    const same = await server.request<WriteAnswer>('POST', '/v3/documents', {
      body: { content: 'Version one of the handbook.', customId: 'handbook', containerTag: 'team', metadata: { rev: 1 } },
    });
    expect(same.body).toEqual({ id: first.body.id, status: 'done' });
    const changed = await server.request<WriteAnswer>('POST', '/v3/documents', {
      body: { content: 'Version two of the handbook, now with a travel policy.', customId: 'handbook', containerTag: 'team' },
    });
    expect(changed.body).toEqual({ id: first.body.id, status: 'queued' });
    const doc = await waitForDocument(server, first.body.id);
    expect(doc.content).toContain('travel policy');
    expect(doc.metadata).toEqual({ rev: 1 });

    const byCustomId = await server.request<DocumentView>('GET', '/v3/documents/handbook');
    expect(byCustomId.status).toBe(200);
    expect(byCustomId.body.id).toBe(first.body.id);
  });

  it('fetches a URL and keeps the readable article as markdown', async () => {
    const add = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: `${siteUrl}/article`, containerTag: 'web' } });
    const doc = await waitForDocument(server, add.body.id);
    expect(doc.status).toBe('done');
    expect(doc.type).toBe('webpage');
    expect(doc.url).toBe(`${siteUrl}/article`);
    expect(doc.content).toContain('hold hands while sleeping');
    expect(doc.content).not.toContain('Home | About');
  });

  it('marks a document failed at once with the reason when its URL is permanently missing', async () => {
    const add = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: `${siteUrl}/nowhere` } });
    const doc = await waitForDocument(server, add.body.id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/404/);
    expect(doc.processingMetadata.attempts).toBe(1);
  });

  it('retries transient failures with backoff until the document is done', async () => {
    const add = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: `${siteUrl}/flaky` } });
    const doc = await waitForDocument(server, add.body.id);
    expect(doc.status).toBe('done');
    expect(doc.error).toBeNull();
    expect(doc.processingMetadata.attempts).toBe(3);
    expect(doc.content).toContain('ferry leaves at noon');
  });

  it('patches metadata in place and reprocesses on content change', async () => {
    const add = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: 'Original body text.', containerTag: 'patching' } });
    await waitForDocument(server, add.body.id);
    const meta = await server.request<WriteAnswer>('PATCH', `/v3/documents/${add.body.id}`, { body: { metadata: { reviewed: true } } });
    expect(meta.status).toBe(200);
    expect(meta.body.status).toBe('done');
    const content = await server.request<WriteAnswer>('PATCH', `/v3/documents/${add.body.id}`, { body: { content: 'Rewritten body text about owls.' } });
    expect(content.body.status).toBe('queued');
    const doc = await waitForDocument(server, add.body.id);
    expect(doc.metadata).toEqual({ reviewed: true });
    expect(doc.content).toContain('owls');
    const chunks = await server.request<DocumentChunks>('GET', `/v3/documents/${add.body.id}/chunks`);
    expect(chunks.body.chunks.map((c) => c.content).join(' ')).not.toContain('Original');
  });

  it('lists with pagination, sort, order, filters (object or JSON string) and includeContent', async () => {
    const tag = 'listing';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.request<WriteAnswer>('POST', '/v3/documents', {
        body: { content: `Listing document number ${i}`, containerTag: tag, metadata: { n: i, parity: i % 2 ? 'odd' : 'even', labels: [`l${i}`] } },
      });
      ids.push(res.body.id);
    }
    const page1 = await server.request<DocumentList>('POST', '/v3/documents/list', { body: { containerTags: [tag], limit: 2, page: 1, order: 'asc' } });
    expect(page1.status).toBe(200);
    expect(page1.body.memories.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(page1.body.results).toEqual(page1.body.memories);
    expect(page1.body.totalCount).toBe(5);
    expect(page1.body.pagination).toEqual({ currentPage: 1, limit: 2, totalItems: 5, totalPages: 3 });
    expect(page1.body.memories[0].content).toBeUndefined();

    const page3 = await server.request<DocumentList>('POST', '/v3/documents/list', { body: { containerTags: [tag], limit: 2, page: 3, order: 'asc' } });
    expect(page3.body.memories.map((d) => d.id)).toEqual(ids.slice(4));

    const filters = {
      AND: [
        { key: 'parity', value: 'even' },
        { key: 'n', value: '1', filterType: 'numeric', numericOperator: '>' },
      ],
    };
    const filtered = await server.request<DocumentList>('POST', '/v3/documents/list', { body: { containerTags: [tag], filters, includeContent: true } });
    expect(filtered.body.memories.map((d) => d.id).sort()).toEqual([ids[2], ids[4]].sort());
    expect(filtered.body.memories[0].content === null || typeof filtered.body.memories[0].content === 'string').toBe(true);

    const asString = await server.request<DocumentList>('POST', '/v3/documents/list', {
      body: { containerTags: [tag], filters: JSON.stringify({ OR: [{ key: 'labels', value: 'l3', filterType: 'array_contains' }] }) },
    });
    expect(asString.body.memories.map((d) => d.id)).toEqual([ids[3]]);

    const negated = await server.request<DocumentList>('POST', '/v3/documents/list', {
      body: { containerTags: [tag], filters: { AND: [{ key: 'parity', value: 'EVEN', ignoreCase: true, negate: true }] } },
    });
    expect(negated.body.totalCount).toBe(2);

    const contains = await server.request<DocumentList>('POST', '/v3/documents/list', {
      body: { containerTags: [tag], filters: { AND: [{ key: 'parity', value: 'dd', filterType: 'string_contains' }] } },
    });
    expect(contains.body.totalCount).toBe(2);
  });

  it('reports unfinished documents under /processing', async () => {
    const res = await server.request<Answer<'/v3/documents/processing', 'get'>>('GET', '/v3/documents/processing');
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(res.body.documents.length);
    for (const doc of res.body.documents) expect(['done', 'failed']).not.toContain(doc.status);
  });

  it('deletes by id and by customId with 204, then 404', async () => {
    const a = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: 'to delete' } });
    const b = await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: 'to delete too', customId: 'gone-soon' } });
    const delA = await server.request('DELETE', `/v3/documents/${a.body.id}`);
    expect(delA.status).toBe(204);
    expect(delA.body).toBe('');
    expect((await server.request('DELETE', '/v3/documents/gone-soon')).status).toBe(204);
    expect((await server.request('GET', `/v3/documents/${a.body.id}`)).status).toBe(404);
    expect((await server.request('GET', `/v3/documents/${b.body.id}`)).status).toBe(404);
    expect((await server.request('GET', `/v3/documents/${b.body.id}/chunks`)).status).toBe(404);
  });

  it('bulk-deletes by ids (reporting unknown ones) and by container tag', async () => {
    const ids: string[] = [];
    for (const content of ['bulk one', 'bulk two']) {
      ids.push((await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content, containerTag: 'bulk_a' } })).body.id);
    }
    await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: 'bulk three', containerTag: 'bulk_b' } });
    await server.request<WriteAnswer>('POST', '/v3/documents', { body: { content: 'bulk four', containerTag: 'bulk_b' } });
    const byIds = await server.request<Answer<'/v3/documents/bulk', 'delete'>>('DELETE', '/v3/documents/bulk', {
      body: { ids: [ids[0], 'NoSuchDocumentId000000'] },
    });
    expect(byIds.status).toBe(200);
    expect(byIds.body).toEqual({ success: true, deletedCount: 1, errors: [{ id: 'NoSuchDocumentId000000', error: 'Document not found' }] });
    const byTag = await server.request<Answer<'/v3/documents/bulk', 'delete'>>('DELETE', '/v3/documents/bulk', { body: { containerTags: ['bulk_b'] } });
    expect(byTag.body).toEqual({ success: true, deletedCount: 2, containerTags: ['bulk_b'] });
    const left = await server.request<DocumentList>('POST', '/v3/documents/list', { body: { containerTags: ['bulk_a', 'bulk_b'] } });
    expect(left.body.memories.map((d) => d.id)).toEqual([ids[1]]);
  });
});
