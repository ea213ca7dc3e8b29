import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeChatModel } from '../../../test/fakes/fake-chat-model.js';
import { LlmExtractor } from './llm.js';
import { EXTRACTION_JSON_SCHEMA } from './llm-output.js';
import { OfflineExtractor } from './offline.js';
import { EXAMPLE_MEMORY } from './prompt.js';
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
const secondMemory = { ...goodMemory, content: 'Caroline found the LGBTQ support group powerful', eventDates: [], kind: 'fact' };
const answer = JSON.stringify({ memories: [goodMemory] });
const offlineContent = 'Caroline went to a LGBTQ support group on 7 May 2023';

describe('LlmExtractor against a fake OpenAI-compatible endpoint', () => {
  let warnings: { details: object; message: string }[];
  const logger: WarnLogger = { warn: (details, message) => warnings.push({ details, message }) };
  const fake = withFakeChatModel(
    'test-model',
    (chat) => (maxCharsPerRequest?: number) => new LlmExtractor({ chat, fallback: new OfflineExtractor(), logger, maxCharsPerRequest }),
    { timeoutMs: 1_000 },
  );
  const extract = (what: ExtractionInput = input) => fake.subject().extractWithReport(what);

  beforeEach(() => {
    warnings = [];
    fake.chat.replyByDefault({ status: 500, body: { error: { message: 'unprogrammed', type: 'server_error', code: null } } });
  });

  it('returns the validated memories of a well-formed reply, reporting the model and its tokens', async () => {
    fake.chat.reply({ content: answer, usage: { prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 } });
    const { memories, report } = await extract();
    expect(memories).toEqual([goodMemory]);
    expect(report).toEqual({ extractor: 'llm', model: 'test-model', parts: 1, requests: 1, tokens: { prompt: 812, completion: 64, total: 876 } });
    expect(fake.chat.requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('sends the model, the json_schema response format and the prompts', async () => {
    fake.chat.replyJson({ memories: [] });
    await extract();
    const [request] = fake.chat.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(request.body.temperature).toBe(0);
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
    fake.chat.replyJson({ memories: [] });
    await extract({ ...input, shouldLLMFilter: false });
    expect(fake.chat.requests[0].body.messages[0].content).not.toContain('Nothing about pets.');
  });

  describe('reads what small models send', () => {
    const cases: [string, string][] = [
      ['JSON in a markdown fence with prose around it', `Here are the memories:\n\`\`\`json\n${answer}\n\`\`\`\nLet me know if you need more.`],
      ['a think block before the answer', `<think>The user wants memories. Maybe {"memories": []}? No, Caroline went.</think>\n\n${answer}`],
      ['think blocks around the answer', `<think>first</think>${answer}<think>done</think>`],
      ['the end of a think block whose start was in the prompt', `Caroline said she went yesterday.</think>${answer}`],
      ['prose around bare JSON', `Sure! ${answer} I hope this helps.`],
      ['an echo of the schema besides the answer', `${JSON.stringify(EXTRACTION_JSON_SCHEMA)}\n${answer}`],
      ['a bare array where an object is expected', JSON.stringify([goodMemory])],
      ['an object where the array is expected', JSON.stringify({ memories: goodMemory })],
      ['trailing commas, Python literals and snake_case fields', answer.replace('"isStatic":false', '"is_static":False').replace('}]}', ',}],}')],
      [
        'strings for a boolean and numbers, another name for content',
        JSON.stringify({ memories: [{ ...goodMemory, content: undefined, fact: goodMemory.content, isStatic: 'false', turnIndex: '0', confidence: '0.9' }] }),
      ],
    ];
    for (const [what, content] of cases) {
      it(what, async () => {
        fake.chat.reply({ content });
        const { memories, report } = await extract();
        expect(memories).toEqual([goodMemory]);
        expect(report).toMatchObject({ extractor: 'llm', requests: 1 });
        expect(report.fallback).toBeUndefined();
      });
    }
  });

  it('keeps the complete memories of a reply cut at the token limit', async () => {
    const cut = JSON.stringify({ memories: [goodMemory, secondMemory] });
    fake.chat.reply({ content: cut.slice(0, cut.indexOf('powerful') + 3), finishReason: 'length' });
    const { memories, report } = await extract();
    expect(memories).toEqual([goodMemory]);
    expect(report).toMatchObject({ extractor: 'llm', requests: 1, truncatedReplies: 1 });
  });

  it('keeps the complete memories of a reply cut mid-array, even when the server does not say it was cut', async () => {
    const cut = JSON.stringify({ memories: [goodMemory, secondMemory] });
    fake.chat.reply({ content: cut.slice(0, cut.indexOf(',"isStatic"', cut.indexOf('powerful'))) });
    expect((await extract()).memories).toEqual([goodMemory]);
  });

  it('asks again when a reply is cut before its first memory ended, then falls back', async () => {
    fake.chat.replyByDefault({ content: answer.slice(0, 40), finishReason: 'length' });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(3);
    expect(memories.map((m) => m.content)).toContain(offlineContent);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'truncated', parts: 1 }, requests: 3 });
  });

  it('rejects an echo of the schema, asks again, and falls back when it stays one', async () => {
    fake.chat.reply(
      { content: JSON.stringify(EXTRACTION_JSON_SCHEMA) },
      {
        content: JSON.stringify({
          memories: [
            {
              content: 'string',
              isStatic: 'boolean',
              kind: 'string',
              eventDates: ['string'],
              forgetAfter: null,
              speaker: null,
              turnIndex: null,
              confidence: 'number',
            },
          ],
        }),
      },
      { content: JSON.stringify({ memories: [EXAMPLE_MEMORY] }) },
    );
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(3);
    expect(memories.map((m) => m.content)).toEqual(expect.arrayContaining([offlineContent]));
    expect(memories.map((m) => m.content)).not.toContain('string');
    expect(memories.map((m) => m.content)).not.toContain(EXAMPLE_MEMORY.content);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'schema_echo', parts: 1 } });
    expect(fake.chat.requests[1].body.messages.at(-1).content).toMatch(/repeated the schema/);
  });

  it('shows the model what was wrong when a reply has no memories list, and uses the corrected reply', async () => {
    fake.chat.replyJson({ answer: 'Caroline went to a group' }).replyJson({ memories: [goodMemory] });
    expect((await extract()).memories).toEqual([goodMemory]);
    const retry = fake.chat.requests[1].body.messages;
    expect(retry.at(-2)).toMatchObject({ role: 'assistant', content: '{"answer":"Caroline went to a group"}' });
    expect(retry.at(-1).content).toMatch(/"memories"/);
  });

  it('falls back to the offline extractor, with a warning without content, when the output stays unreadable', async () => {
    fake.chat.replyByDefault({ content: 'Sure! Here are the memories: Caroline went to a group.' });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(3);
    expect(memories.map((m) => m.content)).toContain(offlineContent);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'unreadable_reply', parts: 1 }, requests: 3 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/offline/);
    expect(warnings[0].details).toMatchObject({ reason: 'unreadable_reply' });
    expect(JSON.stringify(warnings[0].details) + (warnings[0].details as { err: Error }).err.message).not.toMatch(/Caroline|Sure/);
  });

  it('sums the tokens of every request, retries included', async () => {
    fake.chat.reply(
      { content: 'no JSON here', usage: { prompt_tokens: 100, completion_tokens: 7, total_tokens: 107 } },
      { status: 503, body: { error: { message: 'overloaded', type: 'server_error', code: null } } },
      { content: answer, usage: { prompt_tokens: 130, completion_tokens: 40, total_tokens: 170 } },
    );
    const { memories, report } = await extract();
    expect(memories).toEqual([goodMemory]);
    expect(report).toMatchObject({ extractor: 'llm', requests: 3, tokens: { prompt: 230, completion: 47, total: 277 } });
  });

  it('honours Retry-After on a 429, then uses the answer', async () => {
    fake.chat.replyError(429, { message: 'Rate limit reached', headers: { 'retry-after': '2' } }).reply({ content: answer });
    const { memories, report } = await extract();
    expect(memories).toEqual([goodMemory]);
    expect(fake.waits).toEqual([2_000]);
    expect(report).toMatchObject({ extractor: 'llm', requests: 2 });
  });

  it('does not wait out a Retry-After longer than the policy allows: the offline extractor answers at once', async () => {
    fake.chat.replyError(429, { headers: { 'retry-after': '3600' } });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(1);
    expect(fake.waits).toEqual([]);
    expect(memories.map((m) => m.content)).toContain(offlineContent);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'rate_limited' }, requests: 1 });
  });

  it('retries server errors with doubling waits, then falls back', async () => {
    fake.chat.replyError(500).reply({ content: answer });
    expect((await extract()).memories).toEqual([goodMemory]);

    fake.chat.reset();
    fake.waits.length = 0;
    fake.chat.replyByDefault({ status: 503, body: { error: { message: 'overloaded', type: 'server_error', code: null } } });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(3);
    expect(fake.waits).toEqual([1, 2]);
    expect(memories[0]).toMatchObject({ speaker: 'Caroline', eventDates: ['2023-05-07'] });
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'server_error', parts: 1 }, requests: 3, tokens: { total: 0 } });
    expect(warnings).toHaveLength(1);
  });

  it('gives up on a hanging response at the timeout and asks again', async () => {
    fake.chat.reply({ hang: true }).reply({ content: answer });
    const { memories, report } = await extract();
    expect(memories).toEqual([goodMemory]);
    expect(report).toMatchObject({ extractor: 'llm', requests: 2 });
    expect(fake.chat.hangingRequests).toBe(0);
  });

  it('falls back when every response hangs past the timeout', async () => {
    fake.chat.replyByDefault({ hang: true });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(3);
    expect(memories.map((m) => m.content)).toContain(offlineContent);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'timeout' } });
  });

  it('does not retry a request the server rejects, but still falls back', async () => {
    fake.chat.replyError(401, { message: 'Incorrect API key provided', code: 'invalid_api_key' });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(1);
    expect(memories.length).toBeGreaterThan(0);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'request_rejected' } });
    expect(warnings).toHaveLength(1);
  });

  it('asks again without response_format when the server does not support it', async () => {
    fake.chat.replyError(400, { message: "response_format 'json_schema' is not supported by this model" }).reply({ content: answer });
    expect((await extract()).memories).toEqual([goodMemory]);
    expect(fake.chat.requests[1].body.response_format).toBeUndefined();
    expect(fake.chat.requests[1].body.messages[0].content).toContain('Reply with one JSON object');
  });

  it('takes a refusal as final and falls back at once', async () => {
    fake.chat.reply({ content: null, refusal: 'I cannot help with that' });
    const { memories, report } = await extract();
    expect(fake.chat.requests).toHaveLength(1);
    expect(memories.map((m) => m.content)).toContain(offlineContent);
    expect(report).toMatchObject({ extractor: 'offline', fallback: { reason: 'refused' } });
  });

  it('asks again after an empty reply or one of reasoning only', async () => {
    fake.chat.reply({ content: '' }, { content: '<think>Caroline went to a group, so', finishReason: 'length' }).replyJson({ memories: [goodMemory] });
    expect((await extract()).memories).toEqual([goodMemory]);
    expect(fake.chat.requests).toHaveLength(3);
  });

  it('repairs small slips instead of failing', async () => {
    fake.chat.replyJson({
      memories: [{ ...goodMemory, eventDates: ['2023-05-07', 'last week'], confidence: 7, turnIndex: 99, forgetAfter: 'soon' }],
    });
    expect((await extract()).memories).toEqual([{ ...goodMemory, eventDates: ['2023-05-07'], confidence: 1, turnIndex: null }]);
  });

  it('splits long inputs into several requests, keeps turn indexes global and reports the parts that fell back', async () => {
    const turns = Array.from({ length: 6 }, (_, i) => ({
      role: 'user' as const,
      name: i % 2 ? 'Melanie' : 'Caroline',
      content: `I visited city number ${i} yesterday. ${'x'.repeat(60)}`,
    }));
    fake.chat.replyJson({ memories: [{ ...goodMemory, turnIndex: 1 }] });
    fake.chat.replyByDefault({ status: 500, body: { error: { message: 'down', type: 'server_error', code: null } } });
    const { memories, report } = await fake.subject(300).extractWithReport({ text: '', turns, documentDate: input.documentDate });
    expect(fake.chat.requests.length).toBeGreaterThan(1);
    expect(fake.chat.requests[1].body.messages[1].content).toMatch(/^\S.*\n\nConversation:\n\[2\] Caroline/s);
    expect(memories[0].turnIndex).toBe(1);
    const fromFallback = memories.slice(1);
    expect(fromFallback.map((m) => m.turnIndex)).toEqual([2, 3, 4, 5]);
    expect(fromFallback[0].content).toMatch(/^Caroline visited city number 2 on 7 May 2023/);
    expect(report).toMatchObject({ extractor: 'llm+offline', parts: 3, fallback: { reason: 'server_error', parts: 2 }, requests: 1 + 2 * 3 });
  });
});
