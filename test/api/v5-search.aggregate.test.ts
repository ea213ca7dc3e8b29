import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { contractRequest, v5Contract, type V5Contract } from '../helpers/v5-contract.js';

interface Result {
  id: string;
  memory?: string;
  metadata: Record<string, unknown>;
  similarity: number;
  isInference: boolean;
  isLatest: boolean;
  included?: { related?: { parents: unknown[]; siblings: { id: string; relation: string }[] } };
}

/**
 * rerank: aggregate without a chat model: found memories about one subject are combined into one
 * statement, an inference citing them, returned with the reranked results and never stored.
 */
describe('v5 search: rerank aggregate, offline', () => {
  let server: TestServer;
  let contract: V5Contract;
  const ids = new Map<string, string>();

  const search = (namespace: string, body: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, 'postNsByNamespaceSearch', 'POST', `/ns/${namespace}/search`, { body });
  const write = async (tag: string, contents: string[]) => {
    const res = await server.request('POST', '/v4/memories', { body: { containerTag: tag, memories: contents.map((content) => ({ content })) } });
    expect(res.status).toBe(201);
    res.body.memories.forEach((m: { id: string }, i: number) => ids.set(`${tag}:${contents[i]}`, m.id));
  };
  const inferences = (res: ApiResponse): Result[] => res.body.results.filter((r: Result) => r.id.startsWith('agg_'));

  beforeAll(async () => {
    [server, contract] = await Promise.all([startTestServer(), v5Contract()]);
    await write('agg_a', ['Bob works at Siemens', 'Bob lives in Berlin', 'Bob plays the cello in a string quartet', 'The team lunch is on Friday']);
    // Another namespace says more of Bob; none of it may feed agg_a's answers.
    await write('agg_b', ['Bob drives a red tractor', 'Bob has a dog named Rex']);
    await write('agg_c', ['Bob sings in a choir', 'Carol bakes sourdough bread']);
  });
  afterAll(async () => server?.close());

  it('adds one statement combining the found memories about one subject, marked as an inference and citing them', async () => {
    const res = await search('agg_a', { query: 'What does Bob do?', searchMode: 'memories', rerank: 'aggregate', threshold: 0 });
    expect(res.status).toBe(200);
    const [combined, ...more] = inferences(res);
    expect(more).toEqual([]);
    expect(combined).toMatchObject({ isInference: true, isLatest: true, memory: expect.stringMatching(/^Bob /) });
    for (const said of ['works at Siemens', 'lives in Berlin', 'plays the cello in a string quartet']) expect(combined.memory).toContain(said);
    const sources = combined.metadata.sources as string[];
    expect(new Set(sources)).toEqual(
      new Set(['Bob works at Siemens', 'Bob lives in Berlin', 'Bob plays the cello in a string quartet'].map((m) => ids.get(`agg_a:${m}`))),
    );
    // Its sources are found results too; it ranks with the best of them.
    const found = res.body.results.filter((r: Result) => !r.isInference);
    for (const id of sources) expect(found.map((r: Result) => r.id)).toContain(id);
    const best = Math.max(...found.filter((r: Result) => sources.includes(r.id)).map((r: Result) => r.similarity));
    expect(combined.similarity).toBe(best);
    expect(res.body.results.findIndex((r: Result) => r.id === combined.id)).toBeLessThan(
      res.body.results.findIndex((r: Result) => r.similarity === best && !r.isInference),
    );
  });

  it('order adds none where aggregate adds one, nor does no rerank', async () => {
    const body = { query: 'What does Bob do?', searchMode: 'memories', threshold: 0 };
    expect(inferences(await search('agg_a', { ...body, rerank: 'aggregate' }))).toHaveLength(1);
    for (const rerank of ['order', 'none', undefined]) {
      const res = await search('agg_a', { ...body, ...(rerank ? { rerank } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeGreaterThanOrEqual(3);
      expect(inferences(res)).toEqual([]);
      expect(res.body.results.every((r: Result) => !r.isInference)).toBe(true);
    }
  });

  it('answers the published schema in every mode, with related and documents included', async () => {
    for (const body of [
      { query: 'Bob', rerank: 'aggregate', threshold: 0 },
      { query: 'Bob', rerank: 'aggregate', threshold: 0, searchMode: 'chunks' },
      { query: 'Bob', rerank: 'aggregate', threshold: 0, include: { related: true, documents: true, forgotten: true } },
    ]) {
      const res = await search('agg_a', body);
      expect(res.status, JSON.stringify(body)).toBe(200);
    }
    const res = await search('agg_a', { query: 'Bob', rerank: 'aggregate', threshold: 0, searchMode: 'memories', include: { related: true } });
    const [combined] = inferences(res);
    expect(combined.included?.related?.parents).toEqual([]);
    expect(combined.included?.related?.siblings.map((p) => p.relation)).toEqual(['derives', 'derives', 'derives']);
    expect(combined.included?.related?.siblings.map((p) => p.id)).toEqual(combined.metadata.sources);
  });

  it('is not stored: its id is stable, not found as a memory, and the namespace’s memories are as they were', async () => {
    const body = { query: 'What does Bob do?', searchMode: 'memories', rerank: 'aggregate', threshold: 0 };
    const [first] = inferences(await search('agg_a', body));
    const [again] = inferences(await search('agg_a', body));
    expect(again.id).toBe(first.id);
    expect(first.id).toMatch(/^agg_[0-9a-f]{32}$/);
    expect((await server.request('GET', `/ns/agg_a/memories/${first.id}`)).status).toBe(404);
    const listed = await server.request('POST', '/ns/agg_a/list/memories', { body: {} });
    expect(listed.status).toBe(200);
    expect(listed.body.memories).toHaveLength(4);
    expect(listed.body.memories.some((m: { isInference: boolean }) => m.isInference)).toBe(false);
  });

  it('keeps to the limit', async () => {
    const res = await search('agg_a', { query: 'What does Bob do?', searchMode: 'memories', rerank: 'aggregate', threshold: 0, limit: 3 });
    expect(res.body.results).toHaveLength(3);
    expect(inferences(res)).toHaveLength(1);
  });

  it('combines only the caller’s namespace’s memories', async () => {
    const own = (tag: string, contents: string[]) => new Set(contents.map((m) => ids.get(`${tag}:${m}`)));
    const a = await search('agg_a', { query: 'Bob tractor dog Rex', searchMode: 'memories', rerank: 'aggregate', threshold: 0 });
    const b = await search('agg_b', { query: 'Bob', searchMode: 'memories', rerank: 'aggregate', threshold: 0 });
    expect(inferences(a)).toHaveLength(1);
    expect(inferences(b)).toHaveLength(1);
    expect(inferences(a)[0].memory).not.toMatch(/tractor|Rex/);
    expect(new Set(inferences(b)[0].metadata.sources as string[])).toEqual(own('agg_b', ['Bob drives a red tractor', 'Bob has a dog named Rex']));
    expect(inferences(b)[0].memory).not.toMatch(/Siemens|Berlin|cello|choir/);
    const mine = own('agg_a', ['Bob works at Siemens', 'Bob lives in Berlin', 'Bob plays the cello in a string quartet']);
    for (const id of inferences(a)[0].metadata.sources as string[]) expect(mine.has(id)).toBe(true);
    // One memory of Bob here, more in other namespaces: nothing to combine.
    const c = await search('agg_c', { query: 'Bob', searchMode: 'memories', rerank: 'aggregate', threshold: 0 });
    expect(c.status).toBe(200);
    expect(c.body.results.length).toBeGreaterThan(0);
    expect(inferences(c)).toEqual([]);
  });
});
