import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiChat } from '../fakes/openai-chat.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('memory extraction through a configured LLM', () => {
  let llm: FakeOpenAiChat;
  let server: TestServer;

  beforeAll(async () => {
    llm = await FakeOpenAiChat.start();
    server = await startTestServer({ LLM_BASE_URL: `${llm.baseUrl}/v1`, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  const memory = (content: string, extra: Record<string, unknown> = {}) => ({
    content,
    isStatic: true,
    kind: 'identity',
    eventDates: [],
    forgetAfter: null,
    speaker: 'Priya',
    turnIndex: 0,
    confidence: 0.9,
    ...extra,
  });

  it('stores what the model extracts, steered by the tag context and workspace prompt', async () => {
    await server.request('PATCH', '/v3/settings', { body: { workspacePrompt: 'Focus on career facts.' } });
    await server.request('PATCH', '/v3/container-tags/priya', { body: { entityContext: 'Priya is a user of a career-coaching app.' } });
    llm.replyJson({
      memories: [memory('Priya is a data scientist at Acme'), memory('Priya wants to move into management', { isStatic: false, kind: 'plan' })],
    });

    const res = await server.request('POST', '/v4/conversations', {
      body: {
        conversationId: 'p1',
        containerTag: 'priya',
        messages: [{ role: 'user', name: 'Priya', content: 'I am a data scientist at Acme and want to manage a team.' }],
      },
    });
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('done');
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['priya'] } });
    expect(list.body.memoryEntries.map((m: { memory: string }) => m.memory).sort()).toEqual([
      'Priya is a data scientist at Acme',
      'Priya wants to move into management',
    ]);

    const request = llm.requests.find((r) => r.body?.response_format?.json_schema?.name === 'memories');
    expect(request?.body.model).toBe('fake-model');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain('Focus on career facts.');
    expect(prompt).toContain('career-coaching app');
    expect(prompt).toContain('data scientist at Acme and want to manage');
  });

  it('falls back to the offline extractor when the model keeps answering garbage, losing nothing', async () => {
    llm.reset();
    llm.replyByDefault({ content: 'not json at all' });
    const res = await server.request('POST', '/v4/conversations', {
      body: { conversationId: 'p2', containerTag: 'priya_fallback', messages: [{ role: 'user', name: 'Priya', content: 'I work at Globex as an analyst.' }] },
    });
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('done');
    expect(llm.requests.length).toBeGreaterThan(1);
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['priya_fallback'] } });
    expect(list.body.memoryEntries.map((m: { memory: string }) => m.memory)).toContain('Priya works at Globex as an analyst');
  });
});
