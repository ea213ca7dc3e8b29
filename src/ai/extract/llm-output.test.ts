import { describe, expect, it } from 'vitest';
import { EXTRACTION_JSON_SCHEMA, LlmExtraction, parseLlmExtraction } from './llm-output.js';

const memory = {
  content: 'Sam works as a nurse',
  isStatic: true,
  kind: 'identity',
  eventDates: [],
  forgetAfter: null,
  speaker: 'Sam',
  turnIndex: 0,
  confidence: 0.9,
};

describe('LLM output', () => {
  it('keeps the JSON schema and the zod schema in step', () => {
    const jsonKeys = [...EXTRACTION_JSON_SCHEMA.properties.memories.items.required].sort();
    const zodKeys = Object.keys(LlmExtraction.shape.memories.element.shape).sort();
    expect(jsonKeys).toEqual(zodKeys);
    expect(Object.keys(EXTRACTION_JSON_SCHEMA.properties.memories.items.properties).sort()).toEqual(zodKeys);
  });

  it('rejects structurally wrong replies', () => {
    expect(() => parseLlmExtraction({ items: [] }, 1)).toThrow();
    expect(() => parseLlmExtraction({ memories: [{ ...memory, content: '  ' }] }, 1)).toThrow();
    expect(() => parseLlmExtraction({ memories: [{ ...memory, isStatic: 'yes' }] }, 1)).toThrow();
  });

  it('normalises dates and bounds', () => {
    const [m] = parseLlmExtraction(
      { memories: [{ ...memory, eventDates: ['2024-03-05T10:00:00Z', '2024-03', 'tomorrow'], forgetAfter: '2024-03-05T23:59:59Z', confidence: -1, speaker: ' ' }] },
      1,
    );
    expect(m).toMatchObject({ eventDates: ['2024-03-05', '2024-03'], forgetAfter: '2024-03-05T23:59:59.000Z', confidence: 0, speaker: null, turnIndex: 0 });
  });

  it('drops dates JavaScript reads but PostgreSQL cannot store', () => {
    const [m] = parseLlmExtraction({ memories: [{ ...memory, eventDates: ['+200000-01-01', '-271821-04-20'], forgetAfter: '+200000-01-01' }] }, 1);
    expect(m).toMatchObject({ eventDates: [], forgetAfter: null });
  });
});
