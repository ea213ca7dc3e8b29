import { describe, expect, it } from 'vitest';
import { isNoise, stripInterjections } from './noise.js';

describe('isNoise', () => {
  it.each([
    'Good to see you!',
    'How have you been?',
    'Thanks, Caroline!',
    "That's really cool.",
    'Wow!',
    'Talk to you soon!',
    'I hope this helps!',
    'As an AI, I cannot have opinions.',
    "I'm so happy for you!",
    'Me too',
    'Sounds like a plan?',
    'Definitely!',
  ])('drops %j', (clause) => expect(isNoise(clause)).toBe(true));

  it.each(["I'm excited", 'I went to a support group', 'The transgender stories were so inspiring', 'Definitely try a salmon roll first'])(
    'keeps %j',
    (clause) => expect(isNoise(clause)).toBe(false),
  );
});

describe('stripInterjections', () => {
  it('drops leading interjections, vocatives and tag questions', () => {
    expect(stripInterjections('Wow, Caroline! I went there', ['Caroline'])).toBe('I went there');
    expect(stripInterjections('Hey Mel, since we last chatted, I moved', ['Mel'])).toBe('I moved');
    expect(stripInterjections('Sunflowers mean warmth, right?', [])).toBe('Sunflowers mean warmth');
    expect(stripInterjections('I love it, Melanie!', ['Melanie'])).toBe('I love it!');
    expect(stripInterjections("Way to go, hard work's paying off!", [])).toBe("hard work's paying off!");
  });
});
