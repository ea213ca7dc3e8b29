import { describe, expect, it } from 'vitest';
import { EXTRACTION_JSON_SCHEMA } from './llm-output.js';
import { buildExtractionMessages, copiesTheExample, EXAMPLE_MEMORY, windowsOf } from './prompt.js';

describe('windowsOf', () => {
  it('keeps a short input in one window', () => {
    expect(windowsOf({ text: 'One fact.' }, 1000)).toEqual([{ kind: 'text', text: 'One fact.' }]);
  });

  it('cuts long documents at paragraphs, and overlong paragraphs by size', () => {
    const windows = windowsOf({ text: `${'a'.repeat(80)}\n\n${'b'.repeat(80)}\n\n${'c'.repeat(250)}` }, 100);
    expect(windows.map((w) => (w.kind === 'text' ? w.text.length : 0))).toEqual([80, 80, 100, 100, 50]);
  });
});

describe('buildExtractionMessages', () => {
  it('renders a document with its date and no steering sections when none are given', () => {
    const [system, user] = buildExtractionMessages(
      { text: 'Alex works at Stripe.', documentDate: new Date('2024-05-01T00:00:00Z'), filterPrompt: 'no pets', shouldLLMFilter: false },
      { kind: 'text', text: 'Alex works at Stripe.' },
    );
    expect(system.content).not.toMatch(/Filter:|workspace owner|about:/);
    expect(user.content).toBe('Document date: 2024-05-01 (Wednesday)\n\nDocument:\nAlex works at Stripe.');
  });

  it('labels turns with their index, speaker, role and date', () => {
    const [, user] = buildExtractionMessages(
      { text: '' },
      { kind: 'turns', turns: [{ index: 3, turn: { role: 'user', name: 'Jon', content: 'I opened my studio.', date: '2023-06-19' } }] },
    );
    expect(user.content).toBe('Conversation:\n[3] Jon (user) [2023-06-19]: I opened my studio.');
  });

  it('asks for facts only: one a memory, subject named, pronouns resolved, no page furniture, no date stamps', () => {
    const [system] = buildExtractionMessages({ text: 'x' }, { kind: 'text', text: 'x' });
    const rules = system.content;
    expect(rules).toMatch(/exactly ONE fact/);
    expect(rules).toMatch(/names its subject[^\n]*instead of the pronoun/);
    expect(rules).toMatch(
      /page furniture \(navigation[^\n]*link lists[^\n]*headers and footers[^\n]*a title or heading on its own[^\n]*"Prepared by …"[^\n]*captions/,
    );
    expect(rules).toMatch(/a date in its text only when the date is part of the fact/);
    expect(rules).toMatch(/Never stamp a memory with the date of the document \("as of/);
    expect(rules).toMatch(/Never invent/);
  });

  it('shows the shape of the answer with an example that has every field of the schema, and knows a copy of it', () => {
    const [system] = buildExtractionMessages({ text: 'x' }, { kind: 'text', text: 'x' });
    expect(system.content).toContain(JSON.stringify({ memories: [EXAMPLE_MEMORY] }));
    expect(Object.keys(EXAMPLE_MEMORY).sort()).toEqual([...EXTRACTION_JSON_SCHEMA.properties.memories.items.required].sort());
    expect(copiesTheExample('Dana Whitfield moved to Porto in March 2021.', 'Alex works at Stripe.')).toBe(true);
    expect(copiesTheExample('Dana Whitfield moved to Porto in March 2021', 'In March 2021 Dana Whitfield moved to Porto.')).toBe(false);
  });
});
