import { describe, expect, it } from 'vitest';
import { ANSWER_TYPE_BOOST, answerTypeOf, boostAnswerType, holdsAnswer } from './answer-type.js';

describe('answerTypeOf', () => {
  it('reads the kind of answer from how the question opens', () => {
    expect(answerTypeOf('When did Alice fly to Lisbon?')).toBe('date');
    expect(answerTypeOf('In which year did Bob start painting?')).toBe('date');
    expect(answerTypeOf('How long has Tim played the piano?')).toBe('duration');
    expect(answerTypeOf('How many pets does Andrew have?')).toBe('count');
    expect(answerTypeOf('What book did Caroline recommend?')).toBe('title');
    expect(answerTypeOf('Which song motivates Caroline?')).toBe('title');
  });

  it('names none for questions whose answer can be anything', () => {
    expect(answerTypeOf('What did Melanie realize after the race?')).toBeNull();
    expect(answerTypeOf('Where does Priya live?')).toBeNull();
    expect(answerTypeOf('Whenever I ask, what happens?')).toBeNull();
  });
});

describe('holdsAnswer', () => {
  it('finds a date the statement is about, not the day it was said on', () => {
    expect(holdsAnswer('Alice flew to Lisbon on 7 May 2023', 'date')).toBe(true);
    expect(holdsAnswer('Tim went camping the week before 27 June 2023', 'date')).toBe(true);
    expect(holdsAnswer('Jolene adopted Susie in 2021', 'date')).toBe(true);
    expect(holdsAnswer('Alice loves Lisbon (as of 8 May 2023)', 'date')).toBe(false);
  });

  it('finds durations, counts and quoted titles', () => {
    expect(holdsAnswer('Tim has been playing for about four months now', 'duration')).toBe(true);
    expect(holdsAnswer('Tim plays the piano', 'duration')).toBe(false);
    expect(holdsAnswer('Andrew has three dogs', 'count')).toBe(true);
    // The numbers of a date count nothing.
    expect(holdsAnswer('Andrew adopted a dog on 7 May 2023', 'count')).toBe(false);
    expect(holdsAnswer('Caroline loved "Becoming Nicole" by Amy Ellis Nutt', 'title')).toBe(true);
    expect(holdsAnswer('Caroline loved that book', 'title')).toBe(false);
  });
});

describe('boostAnswerType', () => {
  it('raises the candidates that hold the answer asked for, capped at 1, and leaves the rest', () => {
    const out = boostAnswerType(
      [
        { id: 'dated', similarity: 0.6, text: 'Alice flew to Lisbon on 7 May 2023' },
        { id: 'topic', similarity: 0.7, text: 'Alice loves Lisbon (as of 8 May 2023)' },
        { id: 'top', similarity: 0.95, text: 'Alice flew home on 9 May 2023' },
        { id: 'chunk', similarity: 0.65, text: null },
      ],
      'date',
    );
    expect(out.map((c) => c.similarity)).toEqual([0.6 + ANSWER_TYPE_BOOST.date, 0.7, 1, 0.65]);
    expect(boostAnswerType([{ similarity: 0.6, text: 'on 7 May 2023' }], null)[0].similarity).toBe(0.6);
  });
});
