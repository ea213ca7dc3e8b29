import { describe, expect, it } from 'vitest';
import { LlmOutputError } from '../llm/json-reply.js';
import { EXTRACTION_JSON_SCHEMA, MEMORY_FIELD_NAMES, parseLlmExtraction } from './llm-output.js';

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

const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof LlmOutputError ? error.reason : String(error);
  }
  return 'no error';
};

describe('LLM output', () => {
  it('reads every field of the JSON schema, by its own name first', () => {
    const fields = Object.keys(MEMORY_FIELD_NAMES).sort();
    expect([...EXTRACTION_JSON_SCHEMA.properties.memories.items.required].sort()).toEqual(fields);
    expect(Object.keys(EXTRACTION_JSON_SCHEMA.properties.memories.items.properties).sort()).toEqual(fields);
    for (const [name, names] of Object.entries(MEMORY_FIELD_NAMES)) expect(names[0]).toBe(name);
  });

  it('takes a well-formed answer as it is', () => {
    expect(parseLlmExtraction({ memories: [memory] }, 1)).toEqual([memory]);
    expect(parseLlmExtraction({ memories: [] }, 1)).toEqual([]);
  });

  it('normalises dates and bounds', () => {
    const [m] = parseLlmExtraction(
      {
        memories: [
          { ...memory, eventDates: ['2024-03-05T10:00:00Z', '2024-03', 'tomorrow'], forgetAfter: '2024-03-05T23:59:59Z', confidence: -1, speaker: ' ' },
        ],
      },
      1,
    );
    expect(m).toMatchObject({ eventDates: ['2024-03-05', '2024-03'], forgetAfter: '2024-03-05T23:59:59.000Z', confidence: 0, speaker: null, turnIndex: 0 });
  });

  it('drops dates JavaScript reads but PostgreSQL cannot store', () => {
    const [m] = parseLlmExtraction({ memories: [{ ...memory, eventDates: ['+200000-01-01', '-271821-04-20'], forgetAfter: '+200000-01-01' }] }, 1);
    expect(m).toMatchObject({ eventDates: [], forgetAfter: null });
  });

  it('finds the list where a model put it: a bare array, one memory alone, another name, a wrapper', () => {
    expect(parseLlmExtraction([memory], 1)).toEqual([memory]);
    expect(parseLlmExtraction(memory, 1)).toEqual([memory]);
    expect(parseLlmExtraction({ memories: memory }, 1)).toEqual([memory]);
    expect(parseLlmExtraction({ facts: [memory] }, 1)).toEqual([memory]);
    expect(parseLlmExtraction({ result: { memories: [memory] } }, 1)).toEqual([memory]);
  });

  it('coerces what is clear: other field names, snake_case, strings for booleans and numbers, bare strings', () => {
    expect(
      parseLlmExtraction(
        {
          memories: [
            { fact: 'Sam works as a nurse', is_static: 'true', kind: 'Identity', event_dates: '2024-01-02', turn_index: '0', confidence: '0.9' },
            { text: 'Sam lives in Leeds', isStatic: 'no', kind: 'relationship', confidence: 'high' },
            { memory: 'Sam likes tea', kind: 'gossip' },
            'Sam has a dog named Rex',
          ],
        },
        1,
      ),
    ).toEqual([
      {
        content: 'Sam works as a nurse',
        isStatic: true,
        kind: 'identity',
        eventDates: ['2024-01-02'],
        forgetAfter: null,
        speaker: null,
        turnIndex: 0,
        confidence: 0.9,
      },
      { content: 'Sam lives in Leeds', isStatic: false, kind: 'relation', eventDates: [], forgetAfter: null, speaker: null, turnIndex: null, confidence: 0.9 },
      { content: 'Sam likes tea', isStatic: false, kind: 'fact', eventDates: [], forgetAfter: null, speaker: null, turnIndex: null, confidence: 0.8 },
      { content: 'Sam has a dog named Rex', isStatic: false, kind: 'fact', eventDates: [], forgetAfter: null, speaker: null, turnIndex: null, confidence: 0.8 },
    ]);
  });

  it('drops what is not clear and never keeps garbage: no content, blank, too long, no letters, duplicates', () => {
    const read = parseLlmExtraction(
      {
        memories: [
          memory,
          { isStatic: true },
          { content: '   ' },
          { content: 'x'.repeat(5000) },
          { content: '12 34' },
          { content: 42 },
          { ...memory, content: ' Sam  works as a nurse ' },
        ],
      },
      1,
    );
    expect(read).toEqual([memory]);
  });

  it('recognises an echo of the schema or its placeholders and rejects it', () => {
    const placeholders = {
      content: 'string',
      isStatic: 'boolean',
      kind: 'string',
      eventDates: ['YYYY-MM-DD'],
      forgetAfter: 'string | null',
      speaker: 'string',
      turnIndex: 'integer',
      confidence: 'number',
    };
    expect(reason(() => parseLlmExtraction({ memories: [placeholders] }, 1))).toBe('schema_echo');
    expect(reason(() => parseLlmExtraction({ memories: [{ content: '<fact>' }, { content: '...' }] }, 1))).toBe('schema_echo');
    expect(reason(() => parseLlmExtraction({ memories: [{ content: 'One self-contained fact with its subject named.' }] }, 1))).toBe('schema_echo');
    expect(reason(() => parseLlmExtraction({ memories: [EXTRACTION_JSON_SCHEMA.properties.memories.items.properties] }, 1))).toBe('schema_echo');
    // Real memories beside placeholders are kept, the placeholders dropped.
    expect(parseLlmExtraction({ memories: [placeholders, memory] }, 1)).toEqual([memory]);
  });

  it('rejects an answer with no list, or items of which none is usable', () => {
    expect(reason(() => parseLlmExtraction({ answer: 'Sam is a nurse' }, 1))).toBe('unusable_reply');
    expect(reason(() => parseLlmExtraction('Sam is a nurse', 1))).toBe('unusable_reply');
    expect(reason(() => parseLlmExtraction([1, 2], 1))).toBe('unusable_reply');
  });
});
