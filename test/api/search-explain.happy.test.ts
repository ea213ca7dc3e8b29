import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

interface Placement {
  rank: number | null;
  score: number | null;
}

interface Explanation {
  source: 'memory' | 'chunk';
  vector: Placement;
  lexical: Placement;
  fused: number;
  firstStage?: number;
}

const TAG = 'explain_user';
const NOTES = `# Garden notes

The greenhouse tomatoes ripen in late July. Basil grows best beside them.

Compost is turned every second Saturday.`;

describe('search explain: which retriever found each result', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const written = await server.request('POST', '/v4/memories', {
      body: {
        containerTag: TAG,
        memories: [{ content: 'Marta grows tomatoes in a greenhouse' }, { content: 'Marta plays the trumpet in a brass band' }],
      },
    });
    expect(written.status).toBe(201);
    const doc = await server.request('POST', '/v3/documents', { body: { content: NOTES, containerTag: TAG, taskType: 'superrag' } });
    expect((await waitForDocument(server, doc.body.id)).status).toBe('done');
  });
  afterAll(async () => server?.close());

  const search = (body: Record<string, unknown>) => server.request('POST', '/v4/search', { body: { containerTag: TAG, threshold: 0, ...body } });

  it('answers as before without explain: no retrievers, no timings', async () => {
    const res = await search({ q: 'tomatoes greenhouse', searchMode: 'hybrid' });
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.timings).toBeUndefined();
    for (const r of res.body.results) expect(r.retrievers).toBeUndefined();
    const explicitlyOff = await search({ q: 'tomatoes greenhouse', explain: false });
    expect(explicitlyOff.body.timings).toBeUndefined();
    expect(explicitlyOff.body.results[0].retrievers).toBeUndefined();
  });

  it('gives each hybrid result its index, both retrievers’ ranks and scores, the fused score, and the phases’ timing', async () => {
    const res = await search({ q: 'tomatoes greenhouse', searchMode: 'hybrid', explain: true });
    expect(res.status).toBe(200);
    const results: { memory?: string; chunk?: string; similarity: number; retrievers: Explanation }[] = res.body.results;
    const memory = results.find((r) => r.memory === 'Marta grows tomatoes in a greenhouse')!;
    const chunk = results.find((r) => r.chunk?.includes('greenhouse tomatoes'))!;
    expect(memory.retrievers.source).toBe('memory');
    expect(chunk.retrievers.source).toBe('chunk');
    for (const hit of [memory, chunk]) {
      // Both words are in the text and the text is the nearest of its index: each retriever ranks it first.
      expect(hit.retrievers.lexical).toEqual({ rank: 1, score: expect.any(Number) });
      expect(hit.retrievers.lexical.score).toBeGreaterThan(0.9);
      expect(hit.retrievers.vector.rank).toBe(1);
      expect(hit.retrievers.vector.score).toBeGreaterThan(0);
      expect(hit.retrievers.fused).toBeCloseTo(0.5 * hit.retrievers.lexical.score! + 0.5 * hit.retrievers.vector.score!, 3);
      expect(hit.retrievers.firstStage).toBeUndefined();
    }
    // A result found by its meaning only: the lexical retriever did not pick it.
    const trumpet = results.find((r) => r.memory?.includes('trumpet'));
    expect(trumpet?.retrievers.lexical).toEqual({ rank: null, score: 0 });
    expect(trumpet?.retrievers.vector.rank).toBeGreaterThan(1);

    const { timings } = res.body;
    expect(timings.total).toBe(res.body.timing);
    for (const phase of ['rewrite', 'embedding', 'retrieval', 'assembly']) expect(timings[phase]).toBeGreaterThanOrEqual(0);
    expect(timings.rerank).toBeUndefined();
    expect(timings.retrieval).toBeLessThanOrEqual(timings.total);
  });

  it('keeps the first-stage similarity of a reranked result and times the reranking', async () => {
    const res = await search({ q: 'tomatoes greenhouse', rerank: true, explain: true });
    expect(res.status).toBe(200);
    const top = res.body.results[0];
    expect(top.retrievers.firstStage).toBeGreaterThan(0);
    expect(res.body.timings.rerank).toBeGreaterThanOrEqual(0);
  });

  it('explains /v3/search per chunk, and only when asked', async () => {
    const plain = await server.request('POST', '/v3/search', { body: { q: 'compost Saturday', containerTag: TAG } });
    expect(plain.status).toBe(200);
    expect(plain.body.timings).toBeUndefined();
    expect(plain.body.results[0].chunks[0].retrievers).toBeUndefined();

    const res = await server.request('POST', '/v3/search', { body: { q: 'compost Saturday', containerTag: TAG, explain: true, onlyMatchingChunks: false } });
    expect(res.status).toBe(200);
    const [first] = res.body.results;
    const relevant = first.chunks.filter((c: { isRelevant: boolean }) => c.isRelevant);
    expect(relevant.length).toBeGreaterThan(0);
    for (const c of relevant) {
      expect(c.retrievers).toMatchObject({ source: 'chunk', lexical: { rank: expect.any(Number) } });
      expect(c.retrievers.lexical.score).toBeGreaterThan(0);
    }
    expect(res.body.timings.total).toBe(res.body.timing);
    expect(res.body.timings.retrieval).toBeGreaterThanOrEqual(0);
  });

  it('explains only what the caller may read', async () => {
    const other = await server.request('POST', '/v4/search', { body: { q: 'tomatoes greenhouse', containerTag: 'someone_else', threshold: 0, explain: true } });
    expect(other.status).toBe(200);
    expect(other.body.results).toEqual([]);
    expect(other.body.timings.total).toBeGreaterThanOrEqual(0);
  });
});
