import { describe, expect, it } from 'vitest';
import { answering } from '../../../test/fakes/fake-chat-model.js';
import { createExtractor } from './factory.js';

describe('createExtractor', () => {
  it('uses the offline extractor when no chat model is given', () => {
    expect(createExtractor({}).name).toBe('offline');
    expect(createExtractor({ chat: null }).name).toBe('offline');
  });

  it('uses a shared chat client when one is given', async () => {
    const reply = {
      memories: [
        { content: 'Sam is a nurse', isStatic: true, kind: 'identity', eventDates: [], forgetAfter: null, speaker: null, turnIndex: null, confidence: 0.9 },
      ],
    };
    const extractor = createExtractor({ chat: answering(reply) });
    expect(extractor.name).toBe('llm');
    expect(await extractor.extract({ text: 'Sam is a nurse.' })).toEqual(reply.memories);
  });
});
