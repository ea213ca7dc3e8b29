import { describe, expect, it } from 'vitest';
import { answering, failing, withFakeChatModel } from '../../../test/fakes/fake-chat-model.js';
import { MAX_COMBINED } from './aggregator.js';
import { combinedStatements, LlmAggregator } from './llm-aggregator.js';
import { combineBySubject, SubjectAggregator } from './subject-aggregator.js';

const found = (...texts: string[]) => texts.map((text) => ({ text }));

describe('the offline aggregation', () => {
  it('combines the found memories about one subject into one statement, in their words', () => {
    const combined = combineBySubject(found('Bob works at Siemens', 'The user likes tea', 'Bob Tanaka lives in Berlin.', 'Bob plays the cello'));
    expect(combined).toEqual([{ statement: 'Bob Tanaka works at Siemens, lives in Berlin and plays the cello.', sources: [0, 2, 3] }]);
  });

  it('combines nothing from one memory, and nothing of subjects no other memory shares', () => {
    expect(combineBySubject(found('Bob works at Siemens', 'Alice lives in Oslo', 'the weather was nice'))).toEqual([]);
    expect(combineBySubject(found('Bob works at Siemens', 'Bob works at Siemens.'))).toEqual([]);
  });

  it('keeps a memory whole when its subject cannot be dropped cleanly', () => {
    const [combined] = combineBySubject(found("Mei's sister Anna is a nurse", 'Anna lives in Oslo'));
    expect(combined).toEqual({ statement: "Anna lives in Oslo. Mei's sister Anna is a nurse.", sources: [0, 1] });
  });

  it('says what the user is said to do', async () => {
    const combined = await new SubjectAggregator().aggregate('q', found('The user likes green tea', 'The user lives in Oslo, Norway'));
    expect(combined).toEqual([{ statement: 'The user likes green tea; and lives in Oslo, Norway.', sources: [0, 1] }]);
  });

  it('makes a few statements at most, each of bounded length', () => {
    const texts = ['Ann', 'Ben', 'Cid', 'Dee', 'Eve'].flatMap((n) => [
      `${n} works at Acme ${'x'.repeat(300)}`,
      `${n} lives in Rome ${'y'.repeat(300)}`,
      `${n} plays chess`,
    ]);
    const combined = combineBySubject(found(...texts));
    expect(combined).toHaveLength(MAX_COMBINED);
    for (const c of combined) {
      expect(c.statement.length).toBeLessThanOrEqual(600);
      expect(c.sources.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('reading the model’s combined statements', () => {
  const memories = found('Bob works at Siemens', 'Bob lives in Berlin', 'The user likes tea');

  it('reads statements with the memories they rest on, numbered from 1', () => {
    expect(combinedStatements({ statements: [{ statement: 'Bob works at Siemens in Berlin', sources: [1, '[2]'] }] }, memories)).toEqual([
      { statement: 'Bob works at Siemens in Berlin', sources: [0, 1] },
    ]);
    expect(combinedStatements([{ text: 'Bob is a Berliner at Siemens', ids: '2, 1' }], memories)).toEqual([
      { statement: 'Bob is a Berliner at Siemens', sources: [0, 1] },
    ]);
  });

  it('drops a statement resting on fewer than two memories shown, or repeating one; refuses an answer of nothing else', () => {
    expect(combinedStatements({ statements: [] }, memories)).toEqual([]);
    const reply = {
      statements: [
        { statement: 'Bob works at Siemens', sources: [1, 2] },
        { statement: 'Bob is in Berlin', sources: [2, 9] },
        { statement: 'Bob and the user', sources: [1, 3] },
      ],
    };
    expect(combinedStatements(reply, memories)).toEqual([{ statement: 'Bob and the user', sources: [0, 2] }]);
    expect(() => combinedStatements({ statements: [{ statement: 'Bob is in Berlin', sources: [2] }] }, memories)).toThrow();
    expect(() => combinedStatements('nothing', memories)).toThrow();
  });
});

describe('LlmAggregator', () => {
  const offline = new SubjectAggregator();
  const memories = found('Bob works at Siemens', 'Bob lives in Berlin');

  it('answers with the model’s statements', async () => {
    const aggregator = new LlmAggregator(answering({ statements: [{ statement: 'Bob, a Siemens employee, lives in Berlin', sources: [1, 2] }] }), offline);
    expect(await aggregator.aggregate('Bob', memories)).toEqual([{ statement: 'Bob, a Siemens employee, lives in Berlin', sources: [0, 1] }]);
  });

  it('answers offline when the model fails, and reports why', async () => {
    const errors: unknown[] = [];
    const aggregator = new LlmAggregator(failing(new Error('down')), offline, (e) => errors.push(e));
    expect(await aggregator.aggregate('Bob', memories)).toEqual(await offline.aggregate('Bob', memories));
    expect(errors).toHaveLength(1);
  });

  describe('over the wire', () => {
    const fake = withFakeChatModel('combiner', (llm, onError) => new LlmAggregator(llm, offline, onError), {
      policy: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    });

    it('reads JSON in a fence after a think block, with prose around it', async () => {
      fake.chat.reply({
        content:
          '<think>They overlap.</think>Here you go:\n```json\n{"statements": [{"statement": "Bob works at Siemens and lives in Berlin", "sources": [1, 2]}]}\n```\nDone.',
      });
      expect(await fake.subject.aggregate('Bob', memories)).toEqual([{ statement: 'Bob works at Siemens and lives in Berlin', sources: [0, 1] }]);
      const prompt: string = fake.chat.requests[0].body.messages.at(-1).content;
      expect(prompt).toContain('[1] Bob works at Siemens');
      expect(prompt).toContain('[2] Bob lives in Berlin');
    });

    it('keeps the complete statements of a reply cut at the token limit', async () => {
      fake.chat.reply({
        content: '{"statements": [{"statement": "Bob works at Siemens and lives in Berlin", "sources": [1, 2]}, {"statement": "Bob is',
        finishReason: 'length',
      });
      expect(await fake.subject.aggregate('Bob', memories)).toEqual([{ statement: 'Bob works at Siemens and lives in Berlin', sources: [0, 1] }]);
    });

    it('asks once, and answers offline after a 429, a 500 or garbage', async () => {
      for (const reply of [{ status: 429, body: { error: { message: 'slow down' } } }, { status: 500, body: {} }, { content: 'no idea, sorry' }]) {
        fake.chat.reset();
        fake.chat.reply(reply);
        expect(await fake.subject.aggregate('Bob', memories)).toEqual([{ statement: 'Bob works at Siemens and lives in Berlin.', sources: [0, 1] }]);
        expect(fake.chat.requests).toHaveLength(1);
      }
    });
  });
});
