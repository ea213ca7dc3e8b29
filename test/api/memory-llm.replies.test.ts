import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXTRACTION_JSON_SCHEMA } from '../../src/ai/extract/llm-output.js';
import { FakeOpenAiChat, type FakeChatReply } from '../fakes/openai-chat.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

/** What a small local model sends back, end to end: each document ends done with the model's memories, never with garbage. */
describe('memory extraction through an LLM: the replies small models send', () => {
  let llm: FakeOpenAiChat;
  let server: TestServer;
  let tags = 0;

  beforeAll(async () => {
    llm = await FakeOpenAiChat.start();
    server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'qwen2.5:3b-instruct', LLM_TIMEOUT_MS: '2000', LLM_RETRY_BASE_MS: '10' });
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });
  beforeEach(() => {
    llm.reset();
    llm.replyByDefault({ status: 500, body: { error: { message: 'no reply programmed', type: 'server_error', code: null } } });
  });

  const SOURCE = '# Team\n\nPriya Raman works at Globex as a data analyst. She lives in Lisbon.';
  const memory = (content: string, extra: Record<string, unknown> = {}) => ({
    content,
    isStatic: true,
    kind: 'identity',
    eventDates: [],
    forgetAfter: null,
    speaker: null,
    turnIndex: null,
    confidence: 0.9,
    ...extra,
  });
  // Worded unlike the offline extractor would word them, so the test sees whose memories were stored.
  const employer = memory('Priya Raman is employed by Globex');
  const home = memory('Priya Raman has her home in Lisbon');
  const answer = JSON.stringify({ memories: [employer, home] });

  /** Adds the source under a new tag with the model answering `replies`; the document once finished, and its memories. */
  async function ingest(...replies: FakeChatReply[]) {
    llm.reply(...replies);
    const containerTag = `replies_${++tags}`;
    const added = await server.request('POST', '/v3/documents', { body: { content: SOURCE, containerTag } });
    expect(added.status).toBe(200);
    const doc = await waitForDocument(server, added.body.id);
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: [containerTag] } });
    const memories: string[] = list.body.memoryEntries.map((m: { memory: string }) => m.memory).sort();
    const extraction = doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'memories')?.extraction;
    return { doc, memories, extraction };
  }

  it.each([
    ['JSON in a markdown fence, prose around it', `Here are the memories I found:\n\n\`\`\`json\n${answer}\n\`\`\`\n\nLet me know if you need anything else!`],
    [
      'a <think> block before the answer',
      `<think>\nThe document says she lives in Lisbon; "she" is Priya Raman. Output {"memories": [...]}.\n</think>\n\n${answer}`,
    ],
    ['prose around bare JSON', `Sure! ${answer} These are all the facts.`],
    ['an echo of the schema besides the answer', `The schema is:\n${JSON.stringify(EXTRACTION_JSON_SCHEMA)}\nAnd the answer:\n${answer}`],
    ['a bare array where the object is expected', JSON.stringify([employer, home])],
    [
      'other field names and strings for booleans and numbers',
      JSON.stringify({
        facts: [
          { fact: employer.content, is_static: 'true', kind: 'identity', confidence: '0.9' },
          { text: home.content, isStatic: 'true' },
        ],
      }),
    ],
  ])('%s: the model’s memories are stored', async (_what, content) => {
    const { doc, memories, extraction } = await ingest({ content });
    expect(doc.status).toBe('done');
    expect(memories).toEqual([employer.content, home.content].sort());
    expect(extraction).toMatchObject({ extractor: 'llm', model: 'qwen2.5:3b-instruct', requests: 1 });
    expect(llm.requests).toHaveLength(1);
  });

  it('a reply cut at the token limit: its complete memories are stored, the cut one is not', async () => {
    const cut = answer.slice(0, answer.indexOf('Lisbon'));
    const { doc, memories, extraction } = await ingest({ content: cut, finishReason: 'length' });
    expect(doc.status).toBe('done');
    expect(memories).toEqual([employer.content]);
    expect(extraction).toMatchObject({ extractor: 'llm', requests: 1, truncatedReplies: 1 });
  });

  it('an echo of the schema instead of an answer: rejected, asked again, then the offline extractor; no placeholder is stored', async () => {
    const placeholders = {
      memories: [
        {
          content: 'string',
          isStatic: 'boolean',
          kind: 'string',
          eventDates: ['string'],
          forgetAfter: 'string',
          speaker: 'string',
          turnIndex: 'integer',
          confidence: 'number',
        },
      ],
    };
    const { doc, memories, extraction } = await ingest(
      { content: JSON.stringify(EXTRACTION_JSON_SCHEMA) },
      { content: JSON.stringify(placeholders) },
      { content: '```json\n' + JSON.stringify(EXTRACTION_JSON_SCHEMA.properties) + '\n```' },
    );
    expect(doc.status).toBe('done');
    expect(llm.requests).toHaveLength(3);
    expect(memories.length).toBeGreaterThan(0);
    expect(memories.join('\n')).toMatch(/Priya/);
    for (const m of memories) expect(m).not.toMatch(/^(string|boolean|number|integer)$/);
    expect(extraction).toMatchObject({ extractor: 'offline', fallback: { reason: 'schema_echo', parts: 1 }, requests: 3 });
  });

  it('a refusal: the offline extractor at once', async () => {
    const { doc, memories, extraction } = await ingest({ content: null, refusal: 'I cannot help with that.' });
    expect(doc.status).toBe('done');
    expect(llm.requests).toHaveLength(1);
    expect(memories.join('\n')).toMatch(/Priya/);
    expect(extraction).toMatchObject({ extractor: 'offline', fallback: { reason: 'refused' } });
  });
});
