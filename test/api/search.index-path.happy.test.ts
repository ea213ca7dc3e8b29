import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Scopes larger than SEARCH_EXACT_MAX_ROWS are searched through the HNSW index with settings
 * made for the search's transaction; with the limit at 0 every scope takes that path.
 */
describe('search through the vector index', () => {
  let server: TestServer;
  const search = (body: Record<string, unknown>) => server.request<{ results: { memory: string; similarity: number }[] }>('POST', '/v4/search', { body });

  beforeAll(async () => {
    server = await startTestServer({ SEARCH_EXACT_MAX_ROWS: '0' });
    const write = await server.request('POST', '/v4/memories', {
      body: {
        containerTag: 'index_path',
        memories: [
          { content: 'Alice adopted a rescue dog named Biscuit in March.' },
          { content: 'The quarterly budget review moved to Thursday.' },
          { content: 'Bruno repaired an old guitar at the community center.' },
        ],
      },
    });
    expect(write.status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('finds the matching memory first, org-wide and in its tag', async () => {
    for (const scope of [{}, { containerTag: 'index_path' }]) {
      const res = await search({ q: 'Which dog did Alice adopt?', threshold: 0, ...scope });
      expect(res.status).toBe(200);
      expect(res.body.results[0].memory).toContain('Biscuit');
    }
  });

  it('answers a repeated query the same way', async () => {
    const first = await search({ q: 'guitar repair', threshold: 0 });
    const again = await search({ q: 'guitar repair', threshold: 0 });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(first.body.results);
    expect(first.body.results[0].memory).toContain('guitar');
  });
});
