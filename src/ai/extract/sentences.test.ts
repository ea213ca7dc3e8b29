import { describe, expect, it } from 'vitest';
import { markdownToPlain, MAX_SENTENCE_CHARS, normalizeText, splitClauses, splitPredicates, splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('cuts a text without punctuation into statements of bounded length, at spaces, losing no word', () => {
    const text = Array.from({ length: 40_000 }, (_, i) => `word${i}`).join(' ');
    const sentences = splitSentences(text);
    expect(sentences.length).toBeGreaterThan(text.length / MAX_SENTENCE_CHARS);
    for (const sentence of sentences) expect(sentence.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
    expect(sentences.join(' ')).toBe(text);
  });

  it('splits on terminal punctuation and lines, not on abbreviations or initials', () => {
    expect(splitSentences('Hi Mel! I met Dr. Smith today. J.K. Rowling inspires me?\nNew line')).toEqual([
      'Hi Mel!',
      'I met Dr. Smith today.',
      'J.K. Rowling inspires me?',
      'New line',
    ]);
  });

  it('splits a chat sentence that starts lowercase after a full stop, but not after a shortened word', () => {
    expect(splitSentences('last day at Ericsson was Friday. starting at Nokia on Monday!')).toEqual([
      'last day at Ericsson was Friday.',
      'starting at Nokia on Monday!',
    ]);
    expect(splitSentences('The price incl. tax is 20 euros.')).toEqual(['The price incl. tax is 20 euros.']);
    expect(splitSentences('Ropes, chalk etc. Nerea drives them to Siurana.')).toEqual(['Ropes, chalk etc.', 'Nerea drives them to Siurana.']);
  });
});

describe('splitClauses', () => {
  it('splits where a conjunction starts a new subject', () => {
    expect(splitClauses('I went to a group yesterday and it was so powerful.')).toEqual(['I went to a group yesterday', 'it was so powerful.']);
    expect(splitClauses('I had a milestone - I am so relieved')).toEqual(['I had a milestone', 'I am so relieved']);
  });

  it('keeps a part without a verb of its own with the clause it adds to', () => {
    expect(splitClauses('This necklace is special to me - a gift from my grandma in Sweden.')).toEqual([
      'This necklace is special to me - a gift from my grandma in Sweden.',
    ]);
    expect(splitClauses('I love capturing nature - sunsets, beaches, waves.')).toEqual(['I love capturing nature - sunsets, beaches, waves.']);
    expect(splitClauses('It was tough - it really was.')).toEqual(['It was tough', 'it really was.']);
  });

  it('takes a part after a semicolon with a verb of its own for a clause, and keeps a list after one with its clause', () => {
    expect(splitClauses("Georgia Lane's Mini was stolen in May; the insurance payout went on a Mazda MX-5.")).toEqual([
      "Georgia Lane's Mini was stolen in May",
      'the insurance payout went on a Mazda MX-5.',
    ]);
    expect(splitClauses('I love three things; coffee, dogs and books.')).toEqual(['I love three things; coffee, dogs and books.']);
  });

  it('splits a chat line where a clause of the speaker follows a comma, unless only a phrase comes before it', () => {
    expect(splitClauses("french is on hold, I've been doing Korean on Duolingo every day")).toEqual([
      'french is on hold',
      "I've been doing Korean on Duolingo every day",
    ]);
    expect(splitClauses('Yesterday, I went to the market.')).toEqual(['Yesterday, I went to the market.']);
  });

  it('splits where a new subject named by "a" or "the" has a verb of its own, not at a second object', () => {
    expect(splitClauses("A cousin adopted Nora Field's rabbit, and a kitten called Miso shares her flat now.")).toEqual([
      "A cousin adopted Nora Field's rabbit",
      'a kitten called Miso shares her flat now.',
    ]);
    expect(splitClauses('Maria has a cat and a dog named Rex.')).toEqual(['Maria has a cat and a dog named Rex.']);
  });

  it('keeps compound subjects and objects together', () => {
    expect(splitClauses('My mom and I made dinner')).toEqual(['My mom and I made dinner']);
    expect(splitClauses('I went with my husband and my kids')).toEqual(['I went with my husband and my kids']);
  });
});

describe('normalizeText and markdownToPlain', () => {
  it('capitalises a language named in lowercase, but not the verb "polish"', () => {
    expect(normalizeText('french is on hold, korean every day; I polish my shoes')).toBe('French is on hold, Korean every day; I polish my shoes');
  });

  it('spells out chat forms', () => {
    expect(normalizeText('I\u2019m gonna go last Fri, it\u2019s my fave')).toBe("I'm going to go last Friday, it's my favorite");
  });

  it('keeps a number that goes on a wrapped line, which cannot start a list after a line of text', () => {
    expect(markdownToPlain('Tidewater carried 1.4 million passengers in\n2025. It employs 430 crew.')).toBe(
      'Tidewater carried 1.4 million passengers in\n2025. It employs 430 crew.',
    );
    expect(markdownToPlain('Steps:\n\n1. Mix\n2. Bake')).toBe('Steps:\n\nMix\nBake');
  });

  it('drops markdown syntax, headings and code', () => {
    expect(markdownToPlain('# Title\n\n- **Alex** uses [Rust](https://r.dev)\n```\ncode\n```').trim()).toBe('Alex uses Rust');
  });
});

describe('one fact per sentence', () => {
  it('ends a sentence at a one-letter word, not at an initial', () => {
    expect(splitSentences('Maria prefers Python over R. Maria has a cat named Pixel.')).toEqual([
      'Maria prefers Python over R.',
      'Maria has a cat named Pixel.',
    ]);
    expect(splitSentences('John F. Kennedy was president. I got an A. Then I left.')).toEqual([
      'John F. Kennedy was president.',
      'I got an A.',
      'Then I left.',
    ]);
    expect(splitSentences('Priyanka moved to Pune last year.She tests apps.')).toEqual(['Priyanka moved to Pune last year.', 'She tests apps.']);
  });

  it('splits a subject with two predicates into two statements of that subject', () => {
    expect(splitPredicates('Tunde Bello joined Falcon in 2021 and works from Lagos')).toEqual([
      'Tunde Bello joined Falcon in 2021',
      'Tunde Bello works from Lagos',
    ]);
    expect(splitPredicates('I left Google and joined Meta')).toEqual(['I left Google', 'I joined Meta']);
    expect(splitPredicates("Noor's brother Idris lives in Toronto and works as a paramedic")).toEqual([
      "Noor's brother Idris lives in Toronto",
      "Noor's brother Idris works as a paramedic",
    ]);
    expect(splitPredicates('Maria has a cat and a dog')).toEqual(['Maria has a cat and a dog']);
    expect(splitPredicates('Kai Nakamura retired from judo last year and now trains for triathlons')).toEqual([
      'Kai Nakamura retired from judo last year',
      'Kai Nakamura now trains for triathlons',
    ]);
    expect(splitPredicates('I love hiking and cooking')).toEqual(['I love hiking and cooking']);
  });

  it('takes a subject of a few common nouns whole, and lets a plural subject take a second verb in its base form', () => {
    expect(splitPredicates('Annual membership costs £120 and includes the gala entry fees')).toEqual([
      'Annual membership costs £120',
      'Annual membership includes the gala entry fees',
    ]);
    expect(splitPredicates('Young players train on Fridays and compete in the county league')).toEqual([
      'Young players train on Fridays',
      'Young players compete in the county league',
    ]);
    expect(splitPredicates('Maria happily plays the cello and teaches piano')).toEqual(['Maria happily plays the cello', 'Maria teaches piano']);
    expect(splitPredicates('The bakery sells bread and cakes')).toEqual(['The bakery sells bread and cakes']);
    // An adverb after a one-word name is no part of the subject.
    expect(splitPredicates('Maria no longer plays the cello and teaches piano')).toEqual(['Maria no longer plays the cello', 'Maria teaches piano']);
  });

  it('carries the auxiliary of a passive predicate to a second participle that is passive too', () => {
    expect(splitPredicates('Ines Costa was taken off the payroll project and assigned to the audit')).toEqual([
      'Ines Costa was taken off the payroll project',
      'Ines Costa was assigned to the audit',
    ]);
    expect(splitPredicates('Ines Costa was promoted in May and moved to Porto')).toEqual(['Ines Costa was promoted in May', 'Ines Costa was moved to Porto']);
    expect(splitPredicates('Ines Costa was promoted in May and bought a flat')).toEqual(['Ines Costa was promoted in May', 'Ines Costa bought a flat']);
    expect(splitPredicates('Ines Costa joined Galp and moved to Porto')).toEqual(['Ines Costa joined Galp', 'Ines Costa moved to Porto']);
  });
});
