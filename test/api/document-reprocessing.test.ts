import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const paragraph = (topic: string) =>
  `The ${topic} keeper writes down every ship that passes the ${topic} at dawn, the weather over the bay and the height of the tide at noon.`;
const body = (...topics: string[]) => topics.map((topic) => `## ${topic}\n\n${paragraph(topic)}`).join('\n\n');

describe('documents: an edited document re-embeds what changed and swaps its chunks in one go', () => {
  let server: TestServer;
  let embeddings: FakeOpenAiEmbeddings;

  beforeAll(async () => {
    embeddings = await FakeOpenAiEmbeddings.start({ dimension: 16 });
    server = await startTestServer({ EMBEDDINGS_BASE_URL: embeddings.baseUrl, EMBEDDINGS_MODEL: 'fake-embed-16' });
    // Small chunks, so that a document of a few paragraphs has several.
    expect((await server.request('PATCH', '/v3/settings', { body: { chunkSize: 150 } })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
  });

  /** The texts sent to the embeddings endpoint while `work` runs. */
  async function textsEmbeddedDuring(work: () => Promise<void>): Promise<string[]> {
    const before = embeddings.requests.length;
    await work();
    return embeddings.requests.slice(before).flatMap((request) => {
      const input = request.body?.input ?? [];
      return Array.isArray(input) ? input : [input];
    });
  }

  async function add(content: string, containerTag: string): Promise<string> {
    // superrag: chunks only, so that every text the endpoint sees is a chunk's.
    const res = await server.request('POST', '/v3/documents', { body: { content, containerTag, taskType: 'superrag' } });
    expect(res.status).toBe(200);
    expect((await waitForDocument(server, res.body.id)).status).toBe('done');
    return res.body.id;
  }

  async function chunksOf(id: string): Promise<{ id: string; content: string }[]> {
    const res = await server.request('GET', `/v3/documents/${id}/chunks`);
    expect(res.status).toBe(200);
    return res.body.chunks;
  }

  it('embeds only the chunks whose text changed', async () => {
    let id = '';
    const first = await textsEmbeddedDuring(async () => {
      id = await add(body('lighthouse', 'harbour', 'orchard'), 'reprocess_reuse');
    });
    expect(first.length).toBe((await chunksOf(id)).length);
    expect(first.length).toBeGreaterThanOrEqual(3);

    const second = await textsEmbeddedDuring(async () => {
      const res = await server.request('PATCH', `/v3/documents/${id}`, { body: { content: body('lighthouse', 'harbour', 'vineyard') } });
      expect(res.status).toBe(200);
      expect((await waitForDocument(server, id)).status).toBe('done');
    });
    const chunks = await chunksOf(id);
    expect(chunks.map((c) => c.content).join(' ')).toContain('vineyard');
    expect(chunks.map((c) => c.content).join(' ')).not.toContain('orchard');
    expect(second.length).toBeGreaterThan(0);
    expect(second.length).toBeLessThan(chunks.length);
    for (const text of second) expect(first).not.toContain(text);
  });

  it('keeps the earlier chunks, searchable, when re-processing fails', async () => {
    const tag = 'reprocess_failure';
    const id = await add(body('lighthouse', 'harbour'), tag);
    const before = await chunksOf(id);

    embeddings.failNext(400, 1, 'input rejected');
    const res = await server.request('PATCH', `/v3/documents/${id}`, { body: { content: body('vineyard', 'orchard') } });
    expect(res.status).toBe(200);
    const failed = await waitForDocument(server, id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('embeddings endpoint answered 400');

    expect(await chunksOf(id)).toEqual(before);
    const search = await server.request('POST', '/v3/search', { body: { q: 'lighthouse keeper ships at dawn', containerTags: [tag], chunkThreshold: 0 } });
    expect(search.status).toBe(200);
    expect(search.body.results.map((r: { documentId: string }) => r.documentId)).toContain(id);
  });
});
