import { describe, expect, it } from 'vitest';
import { statedAttributes } from '../attributes.js';
import { endedByContrast } from './contrast.js';
import type { StatedAttribute } from './kinds.js';

const held = (subject: string, attribute: string, value: string): StatedAttribute => ({ subject, attribute, value });

/** What each statement ends by contrast, given what its subject holds. */
function ended(statements: string[], holds: StatedAttribute[]): string[][] {
  const read = statements.map((s) => statedAttributes(s));
  return endedByContrast(
    statements,
    read,
    statements.map(() => holds),
  ).map((list) => list.map((a) => `!${a.subject}|${a.attribute}=${a.value}`));
}

describe('endedByContrast', () => {
  const plays = held('Noor Aziz', 'sport', 'squash');

  it('ends the value a statement names beside a new value of the same attribute', () => {
    expect(ended(["Noor Aziz's squash racket hangs in the hall", 'Noor Aziz took to kayaking'], [plays])).toEqual([['!Noor Aziz|sport=squash'], []]);
  });

  it('ends nothing when no new value is told beside it, or the new one is another attribute', () => {
    expect(ended(["Noor Aziz's squash racket hangs in the hall"], [plays])).toEqual([[]]);
    expect(ended(["Noor Aziz's squash racket hangs in the hall", 'Noor Aziz moved to Porto'], [plays])).toEqual([[], []]);
  });

  it('ends nothing that is kept or said again, nor what another person holds', () => {
    expect(ended(['Noor Aziz still loves squash', 'Noor Aziz took to kayaking'], [plays])).toEqual([[], []]);
    expect(ended(["Noor Aziz's squash racket hangs in the hall", 'Noor Aziz also took to kayaking'], [plays])).toEqual([[], []]);
    expect(ended(["Noor Aziz's squash racket hangs in the hall", 'Noor Aziz plays squash and took to kayaking'], [plays])).toEqual([[], []]);
    expect(ended(["Omar Aziz's squash racket hangs in the hall", 'Omar Aziz took to kayaking'], [plays])).toEqual([[], []]);
  });

  it('ends nothing told far from the new value', () => {
    const between = ['Noor Aziz has a sister', 'Noor Aziz has a car', 'Noor Aziz has a flat'];
    expect(ended(["Noor Aziz's squash racket hangs in the hall", ...between, 'Noor Aziz took to kayaking'], [plays])[0]).toEqual([]);
  });
});
