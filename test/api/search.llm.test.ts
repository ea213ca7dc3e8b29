import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiChat } from '../fakes/openai-chat.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** With an LLM configured, rerank asks it to judge the candidates and rewriteQuery asks it for rewrites. */
describe('search with an LLM configured', () => {
  let server: TestServer;
  let chat: FakeOpenAiChat;

  beforeAll(async () => {
    chat = await FakeOpenAiChat.start();
    server = await startTestServer({ LLM_BASE_URL: chat.baseUrl, LLM_MODEL: 'judge', LLM_API_KEY: 'sk-fake' });
    const res = await server.request('POST', '/v4/memories', {
      body: {
        containerTag: 'llm',
        memories: [
          { content: 'Iris plays the bassoon in a community orchestra' },
          { content: 'Iris collects bassoon reeds from Vienna' },
          { content: 'Iris drives a red tractor on the family farm' },
        ],
      },
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await chat?.close();
  });

  it('rerank: the model’s judgement decides the order', async () => {
    chat.reset();
    chat.replyByDefault((request) => {
      const prompt: string = request.body.messages.at(-1).content;
      // Whatever the passages' order, the one about reeds is judged best.
      const scores = [...prompt.matchAll(/^\[(\d+)\] (.*)$/gm)].map(([, index, text]) => ({ index: Number(index), score: text.includes('reeds') ? 10 : 1 }));
      return { content: JSON.stringify({ scores }) };
    });
    const res = await server.request('POST', '/v4/search', { body: { q: 'Iris bassoon orchestra', containerTag: 'llm', threshold: 0, rerank: true } });
    expect(res.status).toBe(200);
    expect(res.body.results[0].memory).toBe('Iris collects bassoon reeds from Vienna');
    expect(chat.requests.some((r) => r.body?.model === 'judge')).toBe(true);
  });

  it('rewriteQuery: the model’s keywords find a memory that shares no word with the query', async () => {
    chat.reset();
    chat.replyByDefault(() => ({ content: JSON.stringify({ rewrites: ['Iris farm vehicle'], keywords: ['tractor', 'farm'] }) }));
    const plain = await server.request('POST', '/v4/search', { body: { q: 'agricultural machinery', containerTag: 'llm', threshold: 0 } });
    const rewritten = await server.request('POST', '/v4/search', {
      body: { q: 'agricultural machinery', containerTag: 'llm', threshold: 0, rewriteQuery: true },
    });
    const similarity = (res: typeof plain) => res.body.results.find((r: { memory: string }) => r.memory.includes('tractor')).similarity;
    expect(rewritten.body.results[0].memory).toBe('Iris drives a red tractor on the family farm');
    expect(similarity(rewritten)).toBeGreaterThan(similarity(plain));
  });

  it('falls back to the offline rewriter and re-scorer when the model fails', async () => {
    chat.reset();
    chat.replyByDefault({ status: 500, body: { error: { message: 'down' } } });
    const res = await server.request('POST', '/v4/search', {
      body: { q: 'Iris bassoon', containerTag: 'llm', threshold: 0, rerank: true, rewriteQuery: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBe(3);
  });
});
