import { describe, expect, it } from 'vitest';
import { createExtractor } from './factory.js';

describe('createExtractor', () => {
  it('uses the offline extractor when no model is configured', () => {
    expect(createExtractor({}).name).toBe('offline');
    expect(createExtractor({ llm: null }).name).toBe('offline');
    expect(createExtractor({ llm: { baseUrl: '', model: 'm' } }).name).toBe('offline');
  });

  it('uses the LLM extractor when a model is configured', () => {
    expect(createExtractor({ llm: { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm' } }).name).toBe('llm');
  });

  it('uses a shared chat client when one is given', async () => {
    const reply = { memories: [{ content: 'Sam is a nurse', isStatic: true, kind: 'identity', eventDates: [], forgetAfter: null, speaker: null, turnIndex: null, confidence: 0.9 }] };
    const extractor = createExtractor({ client: { chatJson: async () => reply } });
    expect(await extractor.extract({ text: 'Sam is a nurse.' })).toEqual(reply.memories);
  });
});
