import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST /v4/memories: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers 201 with the created memories and a lightweight source document', async () => {
    const res = await server.request('POST', '/v4/memories', {
      body: {
        containerTag: 'user_ana',
        memories: [
          { content: 'Ana works as a nurse at the city hospital', isStatic: true, metadata: { topic: 'work', since: 2019 } },
          {
            content: 'Ana has a dentist appointment on Friday',
            forgetAfter: '2099-01-01T00:00:00.000Z',
            forgetReason: 'appointment passes',
            temporalContext: { documentDate: '2024-05-02', eventDate: ['2024-05-03'] },
          },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.documentId).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(res.body.memories).toHaveLength(2);
    const [nurse, dentist] = res.body.memories;
    expect(nurse).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
      memory: 'Ana works as a nurse at the city hospital',
      isStatic: true,
      createdAt: expect.any(String),
      forgetAfter: null,
      forgetReason: null,
      metadata: { topic: 'work', since: 2019 },
    });
    expect(dentist).toMatchObject({ isStatic: false, forgetAfter: '2099-01-01T00:00:00.000Z', forgetReason: 'appointment passes', metadata: null });
    expect(new Date(nurse.createdAt).toISOString()).toBe(nurse.createdAt);

    const source = await server.request('GET', `/v3/documents/${res.body.documentId}`);
    expect(source.status).toBe(200);
    expect(source.body).toMatchObject({ status: 'done', containerTag: 'user_ana' });
    expect(source.body.content).toContain('Ana works as a nurse');
  });

  it('makes the memories searchable as soon as the call returns', async () => {
    const write = await server.request('POST', '/v4/memories', {
      body: { containerTag: 'user_ben', memories: [{ content: 'Ben keeps three beehives on his allotment' }] },
    });
    expect(write.status).toBe(201);
    const search = await server.request('POST', '/v4/search', { body: { q: 'beehives', containerTag: 'user_ben', threshold: 0 } });
    expect(search.status).toBe(200);
    expect(search.body.results.map((r: { id: string }) => r.id)).toEqual([write.body.memories[0].id]);
    expect(search.body.results[0].memory).toBe('Ben keeps three beehives on his allotment');
  });

  it('writes 100 memories in one call, all searchable', async () => {
    const memories = Array.from({ length: 100 }, (_, i) => ({ content: `Observation number ${i} about the weather station ${i % 7}` }));
    const res = await server.request('POST', '/v4/memories', { body: { containerTag: 'station', memories } });
    expect(res.status).toBe(201);
    expect(res.body.memories).toHaveLength(100);
    expect(new Set(res.body.memories.map((m: { id: string }) => m.id)).size).toBe(100);
    const search = await server.request('POST', '/v4/search', { body: { q: 'observation number 42', containerTag: 'station', threshold: 0, limit: 3 } });
    expect(search.body.results[0].memory).toBe('Observation number 42 about the weather station 0');
  });

  it('lists the written memories with their source document', async () => {
    const write = await server.request('POST', '/v4/memories', {
      body: { containerTag: 'user_cleo', memories: [{ content: 'Cleo speaks Portuguese and Greek' }] },
    });
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['user_cleo'] } });
    expect(list.status).toBe(200);
    expect(list.body.memoryEntries).toHaveLength(1);
    expect(list.body.memoryEntries[0]).toMatchObject({ id: write.body.memories[0].id, documentIds: [write.body.documentId], version: 1, isLatest: true });
  });
});
