import { describe, expect, it } from 'vitest';
import { hasFiniteVerb, isInstruction, verbBase } from './verbs.js';

describe('hasFiniteVerb', () => {
  it('finds the verb of a statement, after a name, a pronoun, a noun or an adverb', () => {
    for (const sentence of [
      'Tallyho issues invoices on the first business day of each month.',
      'The Lisbon chapter meets every second Tuesday.',
      'Our lease on the flat in Leith ends on 30 June 2027.',
      'Wei Chen now owns the billing service.',
      'She designs train stations.',
      'Falcon was founded in 2019.',
      'We took the train up the Douro valley.',
      'Omar Haddad tied the knot with Nadia Karim.',
      'Ana Lima sued her landlord.',
      'Jon Berg owed the bank money.',
      'All winter Ragnhild Aasen cross-country skis to work along the Akerselva.',
    ]) {
      expect(hasFiniteVerb(sentence), sentence).toBe(true);
    }
  });

  it('finds none in titles, labels and captions', () => {
    for (const fragment of [
      'Quarterly Operations Report 2026',
      'Photo: the team at the 2024 offsite',
      'Terraced vineyards above Pinhão',
      'Team members: Ana, Bo',
      'PhD in marine ecology, University of Queensland, 2017.',
      'Principal’s message',
      'Change of plans',
    ]) {
      expect(hasFiniteVerb(fragment), fragment).toBe(false);
    }
  });
});

describe('hasFiniteVerb: a plural noun as the subject', () => {
  it('finds the verb after a plural noun opening the sentence, with a word at most before it', () => {
    for (const sentence of [
      'New members pay a joining fee of £15.',
      'Most residents commute by bus to Leeds.',
      'Volunteers meet at the boathouse on Saturdays.',
    ]) {
      expect(hasFiniteVerb(sentence), sentence).toBe(true);
    }
  });

  it('finds none in a short title of nouns', () => {
    for (const fragment of ['Opening hours and prices', 'Parents guide to the new term', 'Bus times']) expect(hasFiniteVerb(fragment), fragment).toBe(false);
  });
});

describe('isInstruction and verbBase', () => {
  it('tells an instruction to the reader from a statement', () => {
    expect(isInstruction('See About us and the team')).toBe(true);
    expect(isInstruction('Click here to subscribe')).toBe(true);
    expect(isInstruction('Visit Lisbon in May')).toBe(true);
    expect(isInstruction('Run clubs are popular here')).toBe(false);
    expect(isInstruction('Maria prefers Python')).toBe(false);
  });

  it('finds the base of inflected verbs', () => {
    expect([verbBase('studies'), verbBase('leads'), verbBase('moved'), verbBase('planning'), verbBase('table')]).toEqual([
      'study',
      'lead',
      'move',
      'plan',
      null,
    ]);
    // A known verb with a prefix is a verb too.
    expect([verbBase('unpacking'), verbBase('rewriting'), verbBase('undertaking'), verbBase('unicorns')]).toEqual(['unpack', 'rewrite', null, null]);
  });
});

describe('hasFiniteVerb: an irregular past with a prefix', () => {
  it.each(['Oskar outgrew hockey', 'Lena overtook her rival', 'Sam rebuilt the shed'])('%s', (sentence) => {
    expect(hasFiniteVerb(sentence)).toBe(true);
  });
});
