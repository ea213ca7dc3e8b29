import { describe, expect, it } from 'vitest';
import { activitiesIn, inferInterest } from './inference.js';

describe('memory inference', () => {
  it('finds pastimes in their inflected forms', () => {
    expect(activitiesIn('Melanie painted a sunset and went camping with her kids')).toEqual(['painting', 'camping']);
    expect(activitiesIn('Melanie works at a bank')).toEqual([]);
  });

  it('infers a lasting interest from two mentions by the same person only', () => {
    const memories = [
      { id: 'a', memory: 'Melanie painted a lake sunrise in 2022' },
      { id: 'b', memory: 'Melanie signed up for a painting class' },
      { id: 'c', memory: 'Caroline likes painting' },
    ];
    expect(inferInterest('Melanie', 'painting', memories)).toEqual({
      content: 'Melanie has a lasting interest in painting',
      activity: 'painting',
      parentIds: ['a', 'b'],
    });
    expect(inferInterest('Caroline', 'painting', memories)).toBeNull();
  });
});
