import { describe, expect, it } from 'vitest';
import { answering, failing } from '../../../test/fakes/fake-chat-model.js';
import { noUsage } from './json-chat.js';
import { LlmWithOfflineFallback, type JsonChatModel } from './offline-fallback.js';

/** Asks for a number and multiplies it by ten; offline, always answers 0. */
class TimesTen extends LlmWithOfflineFallback<() => Promise<number>> {
  answer(): Promise<number> {
    const read = (reply: unknown) => {
      const { n } = reply as { n?: unknown };
      if (typeof n !== 'number') throw new Error('unusable');
      return n * 10;
    };
    return this.ask({ system: 'You count.', user: 'A number?', format: { name: 'number', schema: {} }, read }, this.fallback);
  }
}

describe('LlmWithOfflineFallback', () => {
  it('answers with what the reader makes of the reply, sending the system and user prompts', async () => {
    const errors: unknown[] = [];
    const sent: unknown[] = [];
    const model: JsonChatModel = {
      model: 'm',
      ask: async (question) => (
        sent.push(...question.messages), { value: question.read({ n: 2 }, { truncated: false }), requests: 1, usage: noUsage(), truncated: false }
      ),
    };
    expect(
      await new TimesTen(
        model,
        async () => 0,
        (e) => errors.push(e),
      ).answer(),
    ).toBe(20);
    expect(sent).toEqual([
      { role: 'system', content: 'You count.' },
      { role: 'user', content: 'A number?' },
    ]);
    expect(errors).toEqual([]);
  });

  it('reports a failed call or an unusable reply and answers offline', async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    expect(await new TimesTen(failing(new Error('down')), async () => 0, onError).answer()).toBe(0);
    expect(await new TimesTen(answering({ n: 'two' }), async () => 0, onError).answer()).toBe(0);
    expect(errors.map((e) => (e as Error).message)).toEqual(['down', 'unusable']);
  });
});
