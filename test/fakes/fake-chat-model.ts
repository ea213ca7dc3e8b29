import { afterAll, beforeAll, beforeEach } from 'vitest';
import { LlmClient } from '../../src/ai/llm/client.js';
import { JsonChat, noUsage, type JsonChatModel, type RetryPolicy } from '../../src/ai/llm/json-chat.js';
import { FakeOpenAiChat } from './openai-chat.js';

/** Three requests a question, waits of a millisecond: what a test needs to see retries without waiting for them. */
export const FAST_RETRIES: RetryPolicy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 60_000 };

export interface FakeChatModelFixture<T> {
  /** The fake endpoint, emptied before each test. */
  readonly chat: FakeOpenAiChat;
  /** What the subject reported through its `onError` during the current test. */
  readonly errors: unknown[];
  /** The waits the retry policy asked for during the current test (none is waited out). */
  readonly waits: number[];
  /** Made afresh before each test. */
  readonly subject: T;
}

/**
 * For the enclosing describe: a fake chat endpoint and, before each test, a subject built by
 * `create` over the real client and retry policy (`policy`, FAST_RETRIES by default; its waits are
 * recorded in `waits`, not waited out) that records the errors it reports.
 */
export function withFakeChatModel<T>(
  model: string,
  create: (llm: JsonChat, onError: (error: unknown) => void) => T,
  options: { policy?: RetryPolicy; timeoutMs?: number } = {},
): FakeChatModelFixture<T> {
  const fixture = {} as { chat: FakeOpenAiChat; errors: unknown[]; waits: number[]; subject: T };
  beforeAll(async () => {
    fixture.chat = await FakeOpenAiChat.start();
  });
  afterAll(async () => fixture.chat?.close());
  beforeEach(() => {
    fixture.chat.reset();
    const errors: unknown[] = [];
    const waits: number[] = [];
    fixture.errors = errors;
    fixture.waits = waits;
    const client = new LlmClient({ baseUrl: fixture.chat.baseUrl, apiKey: 'sk-test', model, timeoutMs: options.timeoutMs });
    const llm = new JsonChat(client, options.policy ?? FAST_RETRIES, async (ms) => waits.push(ms));
    fixture.subject = create(llm, (e) => errors.push(e));
  });
  return fixture;
}

/** A chat model that answers every question with `json` (read by the question's own reader), or fails with `error`. */
export function answering(json: unknown): JsonChatModel {
  return {
    model: 'static',
    ask: async (question) => ({ value: question.read(json, { truncated: false }), requests: 1, usage: noUsage(), truncated: false }),
  };
}

export function failing(error: Error): JsonChatModel {
  return {
    model: 'static',
    ask: async () => {
      throw error;
    },
  };
}
