import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAiChat, type FakeChatReply, type RecordedChatRequest } from '../fakes/openai-chat.js';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { contractRequest, v5Contract, type V5Contract } from '../helpers/v5-contract.js';

interface Result {
  id: string;
  memory?: string;
  metadata: Record<string, unknown>;
  isInference: boolean;
}

/** The chat model's time limit in these tests (aggregation's own is this or 5 s, the shorter). */
const TIMEOUT_MS = 1_000;

const formatOf = (request: RecordedChatRequest): string | undefined => request.body?.response_format?.json_schema?.name;
const isAggregation = (request: RecordedChatRequest) => formatOf(request) === 'combined_memories';
/** The memories a request showed the model, by the number it gave them. */
const shown = (request: RecordedChatRequest): Map<number, string> =>
  new Map([...(request.body.messages.at(-1).content as string).matchAll(/^\[(\d+)\] (.*)$/gm)].map(([, n, text]) => [Number(n), text]));

/** rerank: aggregate with a chat model: its combined statements, and the offline aggregation whenever it fails. */
describe('v5 search: rerank aggregate with a chat model', () => {
  let server: TestServer;
  let contract: V5Contract;
  let chat: FakeOpenAiChat;
  let aggregation: (request: RecordedChatRequest) => FakeChatReply;
  const ids = new Map<string, string>();

  const search = (namespace: string, body: unknown): Promise<ApiResponse> =>
    contractRequest(server, contract, 'postNsByNamespaceSearch', 'POST', `/ns/${namespace}/search`, { body });
  const write = async (tag: string, contents: string[]) => {
    const res = await server.request('POST', '/v4/memories', { body: { containerTag: tag, memories: contents.map((content) => ({ content })) } });
    expect(res.status).toBe(201);
    res.body.memories.forEach((m: { id: string }, i: number) => ids.set(contents[i], m.id));
  };
  const inferences = (res: ApiResponse): Result[] => res.body.results.filter((r: Result) => r.isInference);
  const aggregationRequests = () => chat.requests.filter(isAggregation);

  beforeAll(async () => {
    [chat, contract] = await Promise.all([FakeOpenAiChat.start(), v5Contract()]);
    server = await startTestServer({
      LLM_BASE_URL: chat.baseUrl,
      LLM_MODEL: 'combiner',
      LLM_API_KEY: 'sk-fake',
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
      LLM_RETRY_BASE_MS: '1',
    });
    await write('agg_llm', ['Bob works at Siemens', 'Bob lives in Berlin', 'The team lunch is on Friday']);
    await write('agg_llm_other', ['Bob drives a red tractor', 'Bob has a dog named Rex']);
  });
  afterAll(async () => {
    await server?.close();
    await chat?.close();
  });
  beforeEach(() => {
    chat.reset();
    chat.replyByDefault((request) => {
      if (isAggregation(request)) return aggregation(request);
      // The reranker's question: every passage on topic.
      const scores = [...shown(request).keys()].map((index) => ({ index, score: 5 }));
      return { content: JSON.stringify({ scores }) };
    });
  });

  const aggregate = () => search('agg_llm', { query: 'Where does Bob work and live?', searchMode: 'memories', rerank: 'aggregate', threshold: 0 });

  it('answers with the model’s statement, citing the memories it names, asked once with a token limit', async () => {
    aggregation = (request) => {
      const numbers = [...shown(request)].filter(([, text]) => /Siemens|Berlin/.test(text)).map(([n]) => n);
      return { content: JSON.stringify({ statements: [{ statement: 'Bob is a Siemens employee based in Berlin', sources: numbers }] }) };
    };
    const res = await aggregate();
    expect(res.status).toBe(200);
    expect(inferences(res)).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^agg_/), memory: 'Bob is a Siemens employee based in Berlin', isInference: true, isLatest: true }),
    ]);
    expect(new Set(inferences(res)[0].metadata.sources as string[])).toEqual(new Set([ids.get('Bob works at Siemens'), ids.get('Bob lives in Berlin')]));
    const [request, ...more] = aggregationRequests();
    expect(more).toEqual([]);
    expect(request.body.max_tokens).toBe(600);
    // Only the namespace's own found memories are shown.
    const texts = [...shown(request).values()];
    expect(texts).toEqual(expect.arrayContaining(['Bob works at Siemens', 'Bob lives in Berlin']));
    expect(texts.join(' ')).not.toMatch(/tractor|Rex/);
    // order never asks it.
    chat.reset();
    const ordered = await search('agg_llm', { query: 'Where does Bob work and live?', searchMode: 'memories', rerank: 'order', threshold: 0 });
    expect(inferences(ordered)).toEqual([]);
    expect(aggregationRequests()).toEqual([]);
  });

  it('answers with the model’s statement read out of a think block and a fence', async () => {
    aggregation = (request) => {
      const numbers = [...shown(request)].filter(([, text]) => /Siemens|Berlin/.test(text)).map(([n]) => n);
      const json = JSON.stringify({ statements: [{ statement: 'Bob works for Siemens in Berlin', sources: numbers }] });
      return { content: `<think>Two of them are about Bob.</think>\nSure:\n\`\`\`json\n${json}\n\`\`\`` };
    };
    const res = await aggregate();
    expect(inferences(res).map((r) => r.memory)).toEqual(['Bob works for Siemens in Berlin']);
  });

  const failures: [string, FakeChatReply][] = [
    ['a 500', { status: 500, body: { error: { message: 'down', type: 'server_error' } } }],
    ['a 429', { status: 429, body: { error: { message: 'slow down', type: 'rate_limit_exceeded' } }, headers: { 'retry-after': '1' } }],
    ['no answer in time', { hang: true }],
    ['garbage', { content: 'I am not sure what you mean.' }],
    ['a statement citing one memory', { content: JSON.stringify({ statements: [{ statement: 'Bob is great', sources: [1] }] }) }],
  ];
  for (const [what, reply] of failures) {
    it(`answers with the offline aggregation after ${what}, within its time limit`, async () => {
      aggregation = () => reply;
      const started = performance.now();
      const res = await aggregate();
      const elapsed = performance.now() - started;
      expect(res.status).toBe(200);
      const [combined, ...more] = inferences(res);
      expect(more).toEqual([]);
      expect(combined.memory).toContain('works at Siemens');
      expect(combined.memory).toContain('lives in Berlin');
      expect(new Set(combined.metadata.sources as string[])).toEqual(new Set([ids.get('Bob works at Siemens'), ids.get('Bob lives in Berlin')]));
      expect(aggregationRequests()).toHaveLength(1);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 3_000);
    });
  }
});
