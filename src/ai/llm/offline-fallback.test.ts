import { describe, expect, it } from 'vitest';
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

const replying = (reply: unknown): JsonChatModel => ({ chatJson: async () => reply });
const down: JsonChatModel = {
  chatJson: async () => {
    throw new Error('down');
  },
};

describe('LlmWithOfflineFallback', () => {
  it('answers with what the reader makes of the reply, sending the system and user prompts', async () => {
    const errors: unknown[] = [];
    const sent: unknown[] = [];
    const model: JsonChatModel = { chatJson: async (messages) => (sent.push(...messages), { n: 2 }) };
    expect(await new TimesTen(model, async () => 0, (e) => errors.push(e)).answer()).toBe(20);
    expect(sent).toEqual([
      { role: 'system', content: 'You count.' },
      { role: 'user', content: 'A number?' },
    ]);
    expect(errors).toEqual([]);
  });

  it('reports a failed call or an unusable reply and answers offline', async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    expect(await new TimesTen(down, async () => 0, onError).answer()).toBe(0);
    expect(await new TimesTen(replying({ n: 'two' }), async () => 0, onError).answer()).toBe(0);
    expect(errors.map((e) => (e as Error).message)).toEqual(['down', 'unusable']);
  });
});
