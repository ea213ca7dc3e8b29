import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FAST_RETRIES, withFakeChatModel } from '../../../test/fakes/fake-chat-model.js';
import { LlmClient, LlmRequestError } from './client.js';
import { JsonChat, LlmGaveUp, type JsonQuestion } from './json-chat.js';

const question: JsonQuestion<number> = {
  messages: [{ role: 'user', content: 'How many moons has Mars? My secret is hunter2.' }],
  format: { name: 'count', schema: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } },
  read: (json) => {
    const count = (json as { count?: unknown }).count;
    if (typeof count !== 'number') throw new Error('no count');
    return count;
  },
};

const gaveUp = async (ask: Promise<unknown>): Promise<LlmGaveUp> => {
  const error = await ask.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmGaveUp);
  return error as LlmGaveUp;
};

describe('JsonChat: one retry policy for every feature', () => {
  const fake = withFakeChatModel('m', (chat) => chat, { timeoutMs: 1_000 });

  it('answers with the value read, the requests made and the tokens reported', async () => {
    fake.chat.reply({ content: '{"count": 2}', usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 } });
    expect(await fake.subject.ask(question)).toEqual({
      value: 2,
      requests: 1,
      usage: { promptTokens: 11, completionTokens: 3, totalTokens: 14 },
      truncated: false,
    });
  });

  it('honours Retry-After given in seconds, as a date, or in milliseconds', async () => {
    const inFiveSeconds = new Date(Date.now() + 5_000).toUTCString();
    fake.chat
      .replyError(429, { headers: { 'retry-after': '1' } })
      .replyError(503, { headers: { 'retry-after': inFiveSeconds } })
      .reply({ content: '{"count": 2}' });
    expect((await fake.subject.ask(question)).value).toBe(2);
    expect(fake.waits[0]).toBe(1_000);
    expect(fake.waits[1]).toBeGreaterThan(3_000);
    expect(fake.waits[1]).toBeLessThanOrEqual(5_000);

    fake.waits.length = 0;
    fake.chat.replyError(429, { headers: { 'retry-after-ms': '250', 'retry-after': '1' } }).reply({ content: '{"count": 2}' });
    await fake.subject.ask(question);
    expect(fake.waits).toEqual([250]);
  });

  it('backs off by doubling when the server names no wait, within the bound', async () => {
    fake.chat.replyByDefault({ status: 502, body: 'Bad Gateway' });
    const policy = { attempts: 6, baseDelayMs: 100, maxDelayMs: 500, maxRetryAfterMs: 1_000 };
    const waits: number[] = [];
    const chat = new JsonChat(new LlmClient({ baseUrl: fake.chat.baseUrl, model: 'm' }), policy, async (ms) => waits.push(ms));
    const error = await gaveUp(chat.ask(question));
    expect(waits).toEqual([100, 200, 400, 500, 500]);
    expect(error).toMatchObject({ reason: 'server_error', requests: 6 });
  });

  it('does not retry a request the server rejects, a used-up quota, or a refusal', async () => {
    fake.chat.replyError(401, { message: 'Incorrect API key', code: 'invalid_api_key' });
    expect(await gaveUp(fake.subject.ask(question))).toMatchObject({ reason: 'request_rejected', requests: 1 });
    fake.chat.replyError(429, { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(await gaveUp(fake.subject.ask(question))).toMatchObject({ reason: 'request_rejected', requests: 1 });
    fake.chat.reply({ content: null, refusal: 'No.' });
    expect(await gaveUp(fake.subject.ask(question))).toMatchObject({ reason: 'refused', requests: 1 });
  });

  it('points at the settings when the model or the path is not there', async () => {
    fake.chat.replyError(404, { message: 'model "m" not found, try pulling it first', type: 'api_error' });
    const error = await gaveUp(fake.subject.ask(question));
    expect(error.cause).toBeInstanceOf(LlmRequestError);
    expect((error.cause as Error).message).toMatch(/answered 404 \(api_error\): is LLM_MODEL served there/);
  });

  it('retries a lost connection, a timeout and an answer without a completion', async () => {
    const refusing = await unusedPort();
    const down = new JsonChat(new LlmClient({ baseUrl: `http://127.0.0.1:${refusing}/v1`, model: 'm' }), FAST_RETRIES, async () => undefined);
    const error = await gaveUp(down.ask(question));
    expect(error).toMatchObject({ reason: 'connection_failed', requests: 3 });
    expect((error.cause as Error).message).toMatch(/ECONNREFUSED/);

    fake.chat.reply({ hang: true }, { status: 200, body: { error: { message: 'upstream failed' } } }, { content: '{"count": 2}' });
    expect(await fake.subject.ask(question)).toMatchObject({ value: 2, requests: 3 });
  });

  it('reads message content sent as text parts, and counts requests whose usage is missing', async () => {
    fake.chat.reply(
      { content: 'no', usage: null },
      {
        status: 200,
        body: {
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: [
                  { type: 'text', text: '{"count":' },
                  { type: 'text', text: ' 2}' },
                ],
              },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 5, completion_tokens: 2 },
        },
      },
    );
    expect(await fake.subject.ask(question)).toEqual({
      value: 2,
      requests: 2,
      usage: { promptTokens: 5, completionTokens: 2, totalTokens: 7 },
      truncated: false,
    });
  });

  it('gives up with a message that quotes neither the question nor the reply', async () => {
    fake.chat.replyByDefault({ content: 'hunter2 is not a number of moons' });
    const error = await gaveUp(fake.subject.ask(question));
    expect(error).toMatchObject({ reason: 'unreadable_reply', requests: 3 });
    expect(error.message).toBe('the chat model gave no usable answer in 3 requests (unreadable_reply)');
    expect(error.cause).toBeUndefined();
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
