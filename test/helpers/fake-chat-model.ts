import { afterAll, beforeAll, beforeEach } from 'vitest';
import { LlmClient } from '../../src/ai/llm/client.js';
import { FakeOpenAiChat } from '../fakes/openai-chat.js';

export interface FakeChatModelFixture<T> {
  /** The fake endpoint, emptied before each test. */
  readonly chat: FakeOpenAiChat;
  /** What the subject reported through its `onError` during the current test. */
  readonly errors: unknown[];
  /** Made afresh before each test. */
  readonly subject: T;
}

/**
 * For the enclosing describe: a fake chat endpoint and, before each test, a subject built by
 * `create` over a client of it (no transport retries) that records the errors it reports.
 */
export function withFakeChatModel<T>(model: string, create: (llm: LlmClient, onError: (error: unknown) => void) => T): FakeChatModelFixture<T> {
  const fixture = {} as { chat: FakeOpenAiChat; errors: unknown[]; subject: T };
  beforeAll(async () => {
    fixture.chat = await FakeOpenAiChat.start();
  });
  afterAll(async () => fixture.chat?.close());
  beforeEach(() => {
    fixture.chat.reset();
    const errors: unknown[] = [];
    fixture.errors = errors;
    fixture.subject = create(new LlmClient({ baseUrl: fixture.chat.baseUrl, model, maxRetries: 0 }), (e) => errors.push(e));
  });
  return fixture;
}
