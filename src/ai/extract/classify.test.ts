import { describe, expect, it } from 'vitest';
import { classify } from './classify.js';

describe('classify', () => {
  it.each([
    ['My name is Sam', 'identity', true],
    ["I'm 32 years old", 'identity', true],
    ['I work as a nurse in Leeds', 'identity', true],
    ["I'm from Sweden", 'identity', true],
    ["I'm a transgender woman", 'identity', true],
    ['Alex works at Stripe as a PM', 'identity', true],
    ['My sister Anna lives nearby', 'relation', true],
    ['I have two kids', 'relation', true],
    ['I really love hiking', 'preference', true],
    ['My favorite book is Dune', 'preference', true],
    ['Priya prefers async standups', 'preference', true],
    ["I'm going to Paris next month", 'plan', false],
    ['I went to a support group yesterday', 'event', false],
    ['The stories were inspiring', 'fact', false],
    ["Olu Adeyemi's contract with BP ended in March", 'event', false],
    ['Her lease in Utrecht expired in May', 'event', false],
    // A thing's past, and a past spelt like a present after one person.
    ['The trophy went to Ravi Nair in June', 'event', false],
    ['Ravi Nair quit chess in June', 'event', false],
    ['Ravi Nair set his thesis aside', 'event', false],
    ['Ravi Nair puts the bins out on Mondays', 'fact', false],
    // A passive past, whoever it happened to; a plan or a date moved stays ahead.
    ["Biscuit, Ravi Nair's dog, was hit by a van in June", 'event', false],
    ['The depot was closed in March', 'event', false],
    ['The offsite was moved to June', 'fact', false],
    ['The launch was scheduled for May', 'fact', false],
  ] as const)('%s → %s', (clause, kind, isStatic) => {
    expect(classify(clause)).toMatchObject({ kind, isStatic });
  });
});
