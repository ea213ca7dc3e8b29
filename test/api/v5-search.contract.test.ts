import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type ApiResponse, type TestServer } from '../helpers/server.js';
import { v5Contract, type V5Contract, contractRequest } from '../helpers/v5-contract.js';

/** POST /ns/{namespace}/search against the published contract: hybrid by default, typed filters, include flags. */
describe('v5 search: the published contract', () => {
  let server: TestServer;
  let contract: V5Contract;

  const search = (namespace: string, body: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, 'postNsByNamespaceSearch', 'POST', `/ns/${namespace}/search`, { body });

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    const docs = [
      { id: 'limits', content: 'Our API rate limits are 100 requests per minute on free and 1000 on pro.', metadata: { source: 'api-docs', importance: 0.9 } },
      { id: 'lunch', content: 'The team lunch is on Friday at the Thai place.', metadata: { source: 'chat', importance: 0.2 } },
    ];
    for (const doc of docs) {
      const res = await server.request('POST', '/ns/user_123/document', { body: doc });
      expect(res.status).toBe(200);
    }
    for (const doc of docs) {
      await waitFor(
        async () => ((await server.request('GET', `/ns/user_123/document/${doc.id}`)).body.system.status === 'done' ? true : undefined),
        30_000,
        `${doc.id} to finish`,
      );
    }
  });
  afterAll(async () => server?.close());

  it('answers the contract’s example request', async () => {
    const example = contract.exampleBody('postNsByNamespaceSearch');
    expect(example).toMatchObject({ query: expect.any(String), filter: { field: 'source', operator: 'eq', value: 'api-docs' } });
    const res = await search('user_123', example);
    expect(res.status).toBe(200);
    expect(res.body.searchTime).toEqual(expect.any(Number));
    for (const result of res.body.results) expect(result.metadata).toMatchObject({ source: 'api-docs' });
  });

  it('searches memories and chunks by default, with the threshold 0.3', async () => {
    const res = await search('user_123', { query: 'what are the API rate limits' });
    const kinds = new Set(res.body.results.map((r: { memory?: string }) => (r.memory === undefined ? 'chunk' : 'memory')));
    expect(kinds).toEqual(new Set(['memory', 'chunk']));
    for (const result of res.body.results) expect(result.similarity).toBeGreaterThanOrEqual(0.3);
    const chunk = res.body.results.find((r: { chunk?: string }) => r.chunk !== undefined);
    expect(chunk).toMatchObject({ chunk: expect.stringContaining('rate limits'), isLatest: true, isInference: false, metadata: { source: 'api-docs' } });
  });

  it('searches one surface when asked, and includes the source document and the related memories', async () => {
    const chunks = await search('user_123', { query: 'rate limits', searchMode: 'chunks', include: { documents: true } });
    expect(chunks.body.results.length).toBeGreaterThan(0);
    for (const result of chunks.body.results) {
      expect(result).not.toHaveProperty('memory');
      expect(result.included.document).toMatchObject({ id: expect.any(String), metadata: expect.any(Object) });
    }
    expect(chunks.body.results[0].included.document.id).toBe('limits');
    const memories = await search('user_123', { query: 'rate limits', searchMode: 'memories', include: { related: true }, rerank: 'order' });
    expect(memories.body.results.length).toBeGreaterThan(0);
    for (const result of memories.body.results) {
      expect(result).not.toHaveProperty('chunk');
      expect(result.included.related).toEqual({ parents: expect.any(Array), children: expect.any(Array), siblings: expect.any(Array) });
    }
  });

  it('compiles typed filters: and/or, numbers, negations', async () => {
    const important = await search('user_123', { query: 'team', filter: { field: 'importance', operator: 'gte', value: 0.8 }, threshold: 0 });
    expect(important.body.results.length).toBeGreaterThan(0);
    for (const result of important.body.results) expect(result.metadata.importance).toBe(0.9);
    const either = await search('user_123', {
      query: 'lunch',
      threshold: 0,
      filter: {
        operator: 'or',
        operands: [
          { field: 'source', operator: 'eq', value: 'CHAT', caseSensitive: false },
          { field: 'importance', operator: 'gt', value: 5 },
        ],
      },
    });
    expect(either.body.results.length).toBeGreaterThan(0);
    for (const result of either.body.results) expect(result.metadata.source).toBe('chat');
    const not = await search('user_123', { query: 'lunch', threshold: 0, filter: { field: 'source', operator: 'neq', value: 'chat' } });
    for (const result of not.body.results) expect(result.metadata.source).toBe('api-docs');
  });

  it('answers bad input with the validation-error shape', async () => {
    for (const body of [
      {},
      { query: '' },
      { query: 'x', limit: 101 },
      { query: 'x', searchMode: 'documents' },
      { query: 'x', filter: { field: 'a', operator: 'gt', value: 'x' } },
    ]) {
      const res = await search('user_123', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
