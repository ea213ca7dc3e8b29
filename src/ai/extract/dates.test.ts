import { describe, expect, it } from 'vitest';
import { anchorDates } from './dates.js';

const monday = new Date('2023-05-08T13:56:00Z');

describe('anchorDates', () => {
  it('rewrites day-exact expressions as absolute dates', () => {
    const r = anchorDates('I went to a support group yesterday', monday, 'past');
    expect(r.text).toBe('I went to a support group on 7 May 2023');
    expect(r.dates.map((d) => d.iso)).toEqual(['2023-05-07']);
  });

  it('takes a month named with "this" or "that" as one expression', () => {
    expect(anchorDates('I enrolled in medicine this March', monday, 'past').text).toBe('I enrolled in medicine in March 2023');
    expect(anchorDates('We met that April in Rome', monday, 'past').text).toBe('We met in April 2023 in Rome');
  });

  it('anchors vague expressions to the reference instead of guessing', () => {
    expect(anchorDates('I ran a race last Saturday', monday, 'past').text).toBe('I ran a race the Saturday before 8 May 2023 (6 May 2023)');
    expect(anchorDates('We went camping last week', monday, 'past').text).toBe('We went camping the week before 8 May 2023');
    expect(anchorDates('We went camping last weekend', monday, 'past').text).toBe('We went camping the weekend before 8 May 2023');
    expect(anchorDates('We went camping two weekends ago', monday, 'past').text).toBe('We went camping two weekends before 8 May 2023');
    expect(anchorDates('I started surfing five years ago', monday, 'past').dates[0].iso).toBe('2018');
    expect(anchorDates('I went there the other day', monday, 'past').text).toBe('I went there a few days before 8 May 2023');
  });

  it('keeps the words around an expression: a comma after it, a time of day after the comma, an article before it', () => {
    expect(anchorDates('We moved into a flat last weekend, five minutes from the sea', monday, 'past').text).toBe(
      'We moved into a flat the weekend before 8 May 2023, five minutes from the sea',
    );
    expect(anchorDates('I started at the hospital this week, night shifts at first', monday, 'past').text).toBe(
      'I started at the hospital the week of 8 May 2023, night shifts at first',
    );
    expect(anchorDates('I am off to Bath for the weekend', monday, 'future').text).toBe('I am off to Bath for the weekend of 13 May 2023');
  });

  it('leaves "weekend" that names a kind of thing, and reads "since" with a month as looking back', () => {
    expect(anchorDates('He borrowed a van for the weekend trip to Wales', monday, 'past')).toEqual({
      text: 'He borrowed a van for the weekend trip to Wales',
      dates: [],
    });
    expect(anchorDates('She works weekend shifts at the bakery', monday, 'present').dates).toEqual([]);
    const since = anchorDates('I have been vegan since September', monday, 'present');
    expect(since.text).toBe('I have been vegan since September 2022');
    expect(since.dates.map((d) => d.iso)).toEqual(['2022-09']);
  });

  it('names the year or month an "ago" points at, approximately', () => {
    expect(anchorDates('I started surfing five years ago', monday, 'past').text).toBe('I started surfing five years before 8 May 2023 (around 2018)');
    expect(anchorDates('I started volunteering about a year ago', monday, 'past').text).toBe(
      'I started volunteering about a year before 8 May 2023 (around May 2022)',
    );
    expect(anchorDates('I moved two months ago', monday, 'past').text).toBe('I moved two months before 8 May 2023 (around March 2023)');
    expect(anchorDates('I got it a few years ago', monday, 'past').text).toBe('I got it a few years before 8 May 2023');
  });

  it('counts months from the month said in, not by adding to the day', () => {
    const endOfAugust = new Date('2023-08-31T13:00:00Z');
    expect(anchorDates("I'm planning a trip next month", endOfAugust, 'future').text).toBe("I'm planning a trip in September 2023");
    expect(anchorDates('We went to a convention last month', new Date('2023-03-31T13:00:00Z'), 'past').text).toBe('We went to a convention in February 2023');
  });

  it('reads "last day" after a possessive as a thing of someone\'s, not a time', () => {
    expect(anchorDates("Ines's last day at Accenture was Friday", monday, 'past').text).toBe("Ines's last day at Accenture was on Friday, 5 May 2023");
    expect(anchorDates('my last week at the bank was hectic', monday, 'past').text).toBe('my last week at the bank was hectic');
    expect(anchorDates('the bank was hectic last week', monday, 'past').text).toBe('the bank was hectic the week before 8 May 2023');
    expect(anchorDates('I got her last year', monday, 'past').text).toBe('I got her in 2022');
    expect(anchorDates('her last day at Google was Friday', monday, 'past').text).toBe('her last day at Google was on Friday, 5 May 2023');
  });

  it('reads "after three years" as how long, not when', () => {
    expect(anchorDates('I left my IT job after 3 years', monday, 'past')).toEqual({ text: 'I left my IT job after 3 years', dates: [] });
  });

  it('keeps month and year precision', () => {
    expect(anchorDates('I painted it last year', monday, 'past')).toMatchObject({ text: 'I painted it in 2022', dates: [{ iso: '2022', precision: 'year' }] });
    expect(anchorDates('I moved in May 2021', monday, 'past')).toMatchObject({ text: 'I moved in May 2021', dates: [{ iso: '2021-05' }] });
    expect(anchorDates("I'm hosting a contest next month", monday, 'future').text).toBe("I'm hosting a contest in June 2023");
  });

  it('resolves weekdays of plans forwards', () => {
    const r = anchorDates("I'm going to the dentist on Friday", monday, 'future');
    expect(r.text).toBe("I'm going to the dentist on Friday, 12 May 2023");
    expect(r.dates[0].end.toISOString()).toBe('2023-05-12T23:59:59.999Z');
  });

  it('leaves days of the week that repeat alone, a list of them before "evenings" too', () => {
    for (const text of [
      'Swimmers train on Tuesday and Thursday evenings',
      'The choir rehearses on Monday, Wednesday and Friday mornings',
      'We meet on Sundays',
    ]) {
      expect(anchorDates(text, monday, 'present')).toEqual({ text, dates: [] });
    }
  });

  it('leaves durations, times of day and "now" alone', () => {
    for (const text of ['We were together for three years', 'I walk them for about an hour', 'I run every morning', 'I am busy right now']) {
      expect(anchorDates(text, monday, 'present')).toEqual({ text, dates: [] });
    }
  });

  it('dates the start of states that have lasted a while', () => {
    expect(anchorDates("I've had them for 3 years now", monday, 'present')).toMatchObject({
      text: "I've had them for 3 years now (since about 2020)",
      dates: [{ iso: '2020' }],
    });
    expect(anchorDates("I've been playing for about four months", monday, 'present').text).toBe(
      "I've been playing for about four months (since about January 2023)",
    );
  });

  it('resolves seasons', () => {
    expect(anchorDates('We went camping last summer', monday, 'past')).toMatchObject({ text: 'We went camping in summer 2022', dates: [{ iso: '2022-06' }] });
    expect(anchorDates('It was cold this winter', monday, 'past').text).toBe('It was cold in winter 2022/2023');
    expect(anchorDates('I will travel next summer', monday, 'future').text).toBe('I will travel in summer 2023');
  });

  it('without a reference keeps only dates that name their year', () => {
    expect(anchorDates('I went to Rome yesterday', null, 'past')).toEqual({ text: 'I went to Rome yesterday', dates: [] });
    expect(anchorDates('I moved here in May 2020', null, 'past').dates.map((d) => d.iso)).toEqual(['2020-05']);
  });
});

describe('anchorDates: a day of the month, and dates that cannot stand in place', () => {
  const saturday = new Date('2023-08-19T10:00:00Z');

  it('reads "on the 17th" as the nearest such day in the direction the statement looks', () => {
    expect(anchorDates('I bought a console as a gift on the 17th', saturday, 'past').text).toBe('I bought a console as a gift on 17 August 2023');
    expect(anchorDates('I moved in on the 25th', saturday, 'past').text).toBe('I moved in on 25 July 2023');
    expect(anchorDates('I will see her on the 25th', saturday, 'future').text).toBe('I will see her on 25 August 2023');
    expect(anchorDates('I will see her on the 2nd', saturday, 'future').dates.map((d) => d.iso)).toEqual(['2023-09-02']);
    // A day the month before does not have stays as said.
    expect(anchorDates('It opened on the 31st', new Date('2023-07-10T10:00:00Z'), 'past').text).toBe('It opened on the 31st');
  });

  it('says the date after a phrase that cannot be rewritten in place', () => {
    expect(anchorDates("We bonded during yesterday's yoga class.", saturday, 'past').text).toBe("We bonded during yesterday's yoga class (on 18 August 2023)");
  });
});

describe('anchorDates: a span after a negation is how long since, not a date', () => {
  const saturday = new Date('2023-08-19T10:00:00Z');

  it('keeps "in a year" after "has not" as said, and still dates a plan "in a year"', () => {
    expect(anchorDates('Ilse has not ridden her bike in a year', saturday, 'present')).toEqual({ text: 'Ilse has not ridden her bike in a year', dates: [] });
    expect(anchorDates("Ilse hasn't called in two months", saturday, 'present').dates).toEqual([]);
    expect(anchorDates('Ilse will move to Graz in a year', saturday, 'future').dates.length).toBe(1);
  });

  it('leaves a time counted from another event ("two years after leaving", "three days later") as said', () => {
    for (const [text, tense] of [
      ['She runs product at M-Kopa, two years after leaving Safaricom', 'present'],
      ['Two years later she left for Meta', 'past'],
      ['He moved to Oslo three months before the wedding', 'past'],
      ['A few weeks earlier he had called', 'past'],
    ] as const) {
      expect(anchorDates(text, monday, tense)).toEqual({ text, dates: [] });
    }
    // Counted from now, it is a date.
    expect(anchorDates('I move to Oslo two years from now', monday, 'future').dates).toHaveLength(1);
  });
});
