import { describe, expect, it } from 'vitest';
import { withFakeChatModel } from '../../../test/fakes/fake-chat-model.js';
import { LlmRelevanceFilter } from './relevance.js';

describe('LlmRelevanceFilter against a fake chat endpoint', () => {
  const fake = withFakeChatModel('judge', (llm, onError) => new LlmRelevanceFilter(llm, onError));
  const item = { title: 'Payroll', excerpt: 'The payroll of March.' };

  it('reads the verdict however a small model writes it', async () => {
    fake.chat.reply(
      { content: '{"relevant": false}' },
      { content: '<think>no</think> {"relevant": "no"}' },
      { content: 'false' },
      { content: '```json\n{"relevant": "yes"}\n```' },
    );
    expect(await fake.subject.isRelevant('Only engineering', item)).toBe(false);
    expect(await fake.subject.isRelevant('Only engineering', item)).toBe(false);
    expect(await fake.subject.isRelevant('Only engineering', item)).toBe(false);
    expect(await fake.subject.isRelevant('Only engineering', item)).toBe(true);
    expect(fake.errors).toEqual([]);
  });

  it('imports the item when the model gives no verdict', async () => {
    fake.chat.replyByDefault({ content: '{"relevant": {"type": "boolean"}}' });
    expect(await fake.subject.isRelevant('Only engineering', item)).toBe(true);
    expect(fake.chat.requests).toHaveLength(3);
    expect(fake.errors).toHaveLength(1);
  });
});
