import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAiChat } from '../../../test/fakes/openai-chat.js';
import { LlmClient } from '../llm/client.js';
import { LlmExtractor } from './llm.js';
import { OfflineExtractor } from './offline.js';
import type { ExtractionInput, WarnLogger } from './types.js';

const input: ExtractionInput = {
  text: '',
  documentDate: new Date('2023-05-08T13:56:00Z'),
  turns: [
    { role: 'user', name: 'Caroline', content: 'I went to a LGBTQ support group yesterday and it was so powerful.' },
    { role: 'user', name: 'Melanie', content: 'That sounds great!' },
  ],
  entityContext: 'Caroline, a counselor in training',
  workspacePrompt: 'Prefer facts about health and community.',
  filterPrompt: 'Nothing about pets.',
  shouldLLMFilter: true,
};

const goodMemory = {
  content: 'Caroline went to an LGBTQ support group on 7 May 2023',
  isStatic: false,
  kind: 'event',
  eventDates: ['2023-05-07'],
  forgetAfter: null,
  speaker: 'Caroline',
  turnIndex: 0,
  confidence: 0.9,
};

describe('LlmExtractor against a fake OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAiChat;
  let warnings: { details: object; message: string }[];
  let extractor: LlmExtractor;
  const logger: WarnLogger = { warn: (details, message) => warnings.push({ details, message }) };

  beforeAll(async () => {
    fake = await FakeOpenAiChat.start();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.replyByDefault({ status: 500, body: { error: { message: 'unprogrammed' } } });
    warnings = [];
    const client = new LlmClient({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', maxRetries: 0 });
    extractor = new LlmExtractor({ client, fallback: new OfflineExtractor(), logger, attempts: 3 });
  });

  it('returns the validated memories of a well-formed reply', async () => {
    fake.replyJson({ memories: [goodMemory] });
    expect(await extractor.extract(input)).toEqual([goodMemory]);
    expect(fake.requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('sends the model, the json_schema response format and the prompts', async () => {
    fake.replyJson({ memories: [] });
    await extractor.extract(input);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.strict).toBe(true);
    expect(request.body.response_format.json_schema.schema.properties.memories.items.required).toContain('isStatic');
    const [system, user] = request.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Caroline, a counselor in training');
    expect(system.content).toContain('Prefer facts about health and community.');
    expect(system.content).toMatch(/drop everything it excludes[\s\S]*Nothing about pets\./);
    expect(user.content).toContain('Document date: 2023-05-08 (Monday)');
    expect(user.content).toContain('[0] Caroline (user): I went to a LGBTQ support group yesterday');
  });

  it('leaves the filter out when LLM filtering is off', async () => {
    fake.replyJson({ memories: [] });
    await extractor.extract({ ...input, shouldLLMFilter: false });
    expect(fake.requests[0].body.messages[0].content).not.toContain('Nothing about pets.');
  });

  it('asks again after malformed JSON and uses the corrected reply', async () => {
    fake.reply({ content: '{"memories": [ {"content": "Caroline went' }).replyJson({ memories: [goodMemory] });
    expect(await extractor.extract(input)).toEqual([goodMemory]);
    expect(fake.requests).toHaveLength(2);
  });

  it('shows the model what was wrong when a reply breaks the schema', async () => {
    fake.replyJson({ memories: [{ ...goodMemory, kind: 'gossip' }] }).replyJson({ memories: [goodMemory] });
    expect(await extractor.extract(input)).toEqual([goodMemory]);
    const retry = fake.requests[1].body.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant' });
    expect(retry.at(-1).content).toMatch(/memories\.0\.kind/);
  });

  it('repairs small slips instead of failing', async () => {
    fake.replyJson({
      memories: [{ ...goodMemory, eventDates: ['2023-05-07', 'last week'], confidence: 7, turnIndex: 99, forgetAfter: 'soon' }],
    });
    expect(await extractor.extract(input)).toEqual([{ ...goodMemory, eventDates: ['2023-05-07'], confidence: 1, turnIndex: null }]);
  });

  it('falls back to the offline extractor, with a warning, when the output stays malformed', async () => {
    fake.replyByDefault({ content: 'Sure! Here are the memories: Caroline went to a group.' });
    const memories = await extractor.extract(input);
    expect(fake.requests).toHaveLength(3);
    expect(memories.map((m) => m.content)).toContain('Caroline went to a LGBTQ support group on 7 May 2023');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/offline/);
    expect(warnings[0].details).toMatchObject({ attempts: 3, error: 'reply is not valid JSON' });
  });

  it('retries server errors, then falls back', async () => {
    fake.reply({ status: 500, body: { error: { message: 'boom' } } }).replyJson({ memories: [goodMemory] });
    expect(await extractor.extract(input)).toEqual([goodMemory]);

    fake.reset();
    fake.replyByDefault({ status: 503, body: { error: { message: 'overloaded' } } });
    const memories = await extractor.extract(input);
    expect(fake.requests).toHaveLength(3);
    expect(memories[0]).toMatchObject({ speaker: 'Caroline', eventDates: ['2023-05-07'] });
    expect(warnings).toHaveLength(1);
  });

  it('does not retry a request the server rejects, but still falls back', async () => {
    fake.reply({ status: 401, body: { error: { message: 'bad key' } } });
    const memories = await extractor.extract(input);
    expect(fake.requests).toHaveLength(1);
    expect(memories.length).toBeGreaterThan(0);
    expect(warnings).toHaveLength(1);
  });

  it('treats a refusal or an empty reply as malformed', async () => {
    fake.reply({ content: null, refusal: 'I cannot help with that' }, { content: '' }).replyJson({ memories: [goodMemory] });
    expect(await extractor.extract(input)).toEqual([goodMemory]);
    expect(fake.requests).toHaveLength(3);
  });

  it('accepts JSON wrapped in a markdown fence', async () => {
    fake.reply({ content: '```json\n' + JSON.stringify({ memories: [goodMemory] }) + '\n```' });
    expect(await extractor.extract(input)).toEqual([goodMemory]);
  });

  it('splits long inputs into several requests and keeps turn indexes global', async () => {
    const turns = Array.from({ length: 6 }, (_, i) => ({ role: 'user' as const, name: i % 2 ? 'Melanie' : 'Caroline', content: `I visited city number ${i} yesterday. ${'x'.repeat(60)}` }));
    const small = new LlmExtractor({
      client: new LlmClient({ baseUrl: fake.baseUrl, model: 'test-model', maxRetries: 0 }),
      fallback: new OfflineExtractor(),
      logger,
      attempts: 1,
      maxCharsPerRequest: 300,
    });
    fake.replyJson({ memories: [{ ...goodMemory, turnIndex: 1 }] });
    fake.replyByDefault({ status: 500, body: {} });
    const memories = await small.extract({ text: '', turns, documentDate: input.documentDate });
    expect(fake.requests.length).toBeGreaterThan(1);
    expect(fake.requests[1].body.messages[1].content).toMatch(/^\S.*\n\nConversation:\n\[2\] Caroline/s);
    expect(memories[0].turnIndex).toBe(1);
    const fromFallback = memories.slice(1);
    expect(fromFallback.map((m) => m.turnIndex)).toEqual([2, 3, 4, 5]);
    expect(fromFallback[0].content).toMatch(/^Caroline visited city number 2 on 7 May 2023/);
  });
});
