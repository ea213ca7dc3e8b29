import { describe, expect, it } from 'vitest';
import { statesQueryTopic } from './statement-match.js';

describe('statesQueryTopic', () => {
  it('matches the statement, not the entity it shares', () => {
    expect(statesQueryTopic('Alice has an exam', 'Alice has an exam on 21 November 2026')).toBe(true);
    expect(statesQueryTopic('Alice has an exam', 'Alice is a software architect')).toBe(false);
    expect(statesQueryTopic('exams', 'Alice has an exam tomorrow')).toBe(true);
    expect(statesQueryTopic('Ben is training for a triathlon', "Ben is the user's brother")).toBe(false);
  });

  it('takes a query of names only as everything said of them', () => {
    expect(statesQueryTopic('Alice', 'Alice is a software architect')).toBe(true);
    expect(statesQueryTopic('Alice', 'Bob is a software architect')).toBe(false);
  });

  it('reads a capitalised first word of a sentence as a topic word, not a name', () => {
    expect(statesQueryTopic('Dentist appointments', 'The user has a dentist appointment on Friday')).toBe(true);
  });
});
