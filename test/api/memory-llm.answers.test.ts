import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiChat } from '../fakes/openai-chat.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

/** With a model extracting, memories answer plain questions and follow their document as offline ones do. */
describe('memories drawn by a model: plain questions and lineage', () => {
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

  const memory = (content: string) => ({
    content,
    isStatic: false,
    kind: 'fact',
    eventDates: [],
    forgetAfter: null,
    speaker: null,
    turnIndex: null,
    confidence: 0.9,
  });

  async function latest(tag: string): Promise<string[]> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag] } });
    return res.body.memoryEntries.filter((m: { isForgotten: boolean }) => !m.isForgotten).map((m: { memory: string }) => m.memory);
  }

  it('answers where someone works and lives at the default threshold, and an edit replaces the old values', async () => {
    // A model's own wording, wrapped the way small local models answer.
    llm.replyByDefault({
      content: `\`\`\`json\n${JSON.stringify({ memories: [memory('Nadia Haddad got a job at Aramex'), memory('Nadia Haddad moved to Amman')] })}\n\`\`\``,
    });
    const added = await server.request('POST', '/v3/documents', {
      body: { containerTag: 'nadia', customId: 'nadia-note', content: 'Nadia got a job at Aramex and moved to Amman.' },
    });
    expect((await waitForDocument(server, added.body.id)).status).toBe('done');
    for (const [q, answer] of [
      ['Where does Nadia work?', /Aramex/],
      ['Where does Nadia live?', /Amman/],
    ] as const) {
      const results = (await server.request('POST', '/v4/search', { body: { containerTag: 'nadia', q } })).body.results;
      expect(
        results.slice(0, 3).some((r: { memory: string }) => answer.test(r.memory)),
        q,
      ).toBe(true);
    }

    llm.replyByDefault({ content: JSON.stringify({ memories: [memory('Nadia Haddad got a job at Careem'), memory('Nadia Haddad moved to Amman')] }) });
    const edited = await server.request('POST', '/v3/documents', {
      body: { containerTag: 'nadia', customId: 'nadia-note', content: 'Nadia got a job at Careem and moved to Amman.' },
    });
    expect((await waitForDocument(server, edited.body.id)).status).toBe('done');
    expect((await latest('nadia')).sort()).toEqual(['Nadia Haddad got a job at Careem', 'Nadia Haddad moved to Amman']);

    await server.request('DELETE', `/v3/documents/${edited.body.id}`);
    expect(await latest('nadia')).toEqual([]);
  });
});
