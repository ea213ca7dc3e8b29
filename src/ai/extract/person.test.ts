import { describe, expect, it } from 'vitest';
import { resolvePerson, thirdPerson } from './person.js';

const who = { speaker: 'Caroline', listener: 'Melanie' };

describe('resolvePerson', () => {
  it('names the speaker for first person and conjugates the verb', () => {
    expect(resolvePerson('I really love hiking with my dad', who)).toBe("Caroline really loves hiking with Caroline's dad");
    expect(resolvePerson("I'm keen on counseling and I've applied", who)).toBe('Caroline is keen on counseling and Caroline has applied');
    expect(resolvePerson('The group made me feel accepted', who)).toBe('The group made Caroline feel accepted');
    expect(resolvePerson('Whenever I come here, I bring it', who)).toBe('Whenever Caroline comes here, Caroline brings it');
  });

  it('names the listener for second person', () => {
    expect(resolvePerson("You'd be a great counselor", who)).toBe('Melanie would be a great counselor');
    expect(resolvePerson('Your empathy will help', who)).toBe("Melanie's empathy will help");
    expect(resolvePerson("you're right, so you go first", who)).toBe('Melanie is right, so Melanie goes first');
  });

  it('drops discourse "you know" but keeps the verb', () => {
    expect(resolvePerson('The city of Nuuk, if you know.', who)).toBe('The city of Nuuk.');
    expect(resolvePerson('I think you know her', who)).toBe('Caroline thinks Melanie knows her');
  });

  it('keeps "we" plural and leaves text alone without participants', () => {
    expect(resolvePerson("We're going camping", who)).toBe('Caroline and others are going camping');
    expect(resolvePerson('I went home', { speaker: null, listener: null })).toBe('I went home');
  });
});

describe('thirdPerson', () => {
  it.each([
    ['love', 'loves'],
    ['watch', 'watches'],
    ['try', 'tries'],
    ['go', 'goes'],
    ['have', 'has'],
    ['bring', 'brings'],
    ['need', 'needs'],
    ['miss', 'misses'],
    ['went', 'went'],
    ['started', 'started'],
    ['can', 'can'],
    ["don't", "doesn't"],
  ])('%s → %s', (verb, expected) => expect(thirdPerson(verb)).toBe(expected));
});
