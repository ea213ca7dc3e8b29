import { describe, expect, it } from 'vitest';
import { aboutPhrase, differentThings, lastThingNamed } from './things.js';

describe('differentThings', () => {
  it.each([
    ['Notes number 3 about project 100, covering plans for the spring release', 'Notes number 3 about project 196, covering plans for the spring release'],
    ['These are notes about project 100', 'These are notes about project 196'],
    ['Room 4 is booked for the design review', 'Room 12 is booked for the design review'],
    ['The release notes of version 2.1 cover the sync engine', 'The release notes of version 3.0 cover the sync engine'],
    ['Version 2.1 adds offline sync', 'v3.0 adds offline sync'],
    ['Ticket #212 blocks the release', 'Ticket #344 blocks the release'],
    ['PAY-42 is assigned to the payments team', 'PAY-57 is assigned to the payments team'],
    ['The book "Dune" is on the top shelf', 'The book "Emma" is on the top shelf'],
    ['Dana Whitfield presented the roadmap', 'Omar Haddad presented the roadmap'],
    ['The Hermes project moved to Thursday', 'The Apollo project is on Monday'],
  ])('%s ≠ %s', (a, b) => {
    expect(differentThings(a, b)).toBe(true);
    expect(differentThings(b, a)).toBe(true);
  });

  it.each([
    ['Maria works at Acme', 'Maria works at Globex'],
    ['Maria works at Acme', 'Maria Lopez joined Globex'],
    ["Alice's apartment number is 1234", "Alice's apartment number is 9876"],
    ['The review is in Room 4', 'The review is in Room 12'],
    ['Dana leads project 100', 'Dana leads project 196'],
    ['The launch of version 2.1 is on May 3', 'The launch of version 2.1 moved to May 10'],
    ['The team meets on Mondays', 'The team meets on Tuesdays instead'],
    ['Update: Maria now works at Globex', 'Maria works at Acme'],
    ['We rescheduled the Zalando offsite to April', 'The Zalando offsite is on 12 March'],
    ['In 2019 Dana ran the Berlin marathon', 'Yesterday Dana ran the Paris marathon'],
    ['The standup is in week 12', 'The standup is in week 14'],
  ])('%s ~ %s', (a, b) => {
    expect(differentThings(a, b)).toBe(false);
    expect(differentThings(b, a)).toBe(false);
  });
});

describe('differentThings, given what the first statement is known to set', () => {
  it("takes a statement read by its meaning as setting the same subject's attribute, not as naming other things", () => {
    const change = "Chloe's first week at Riverside Academy done";
    const held = 'Chloe Martin attends Westfield High School';
    expect(differentThings(change, held)).toBe(true);
    expect(differentThings(change, held, [{ subject: 'Chloe Martin', attribute: 'school', value: 'Riverside Academy' }])).toBe(false);
  });
});

describe('differentThings, for an ending said of a thing', () => {
  it('takes a thing said to be over for someone as about that person, and another person as other', () => {
    expect(differentThings('Origami is over for Aiko Sato', 'Aiko Sato does origami')).toBe(false);
    expect(differentThings('Origami is over for Aiko Sato', 'Kenji Mori does origami')).toBe(true);
  });
});

describe('aboutPhrase', () => {
  it('is the subject, or the whole statement when the subject only points', () => {
    expect(aboutPhrase('The review is in Room 4')).toBe('The review');
    expect(aboutPhrase('Project 100 ships in March')).toBe('Project 100');
    expect(aboutPhrase('These are notes about project 100')).toBe('These are notes about project 100');
    expect(aboutPhrase('Notes about project 100, covering the plans')).toBe('Notes about project 100, covering the plans');
  });
});

describe('lastThingNamed', () => {
  it('is the last thing a text names by its number', () => {
    expect(lastThingNamed('Notes number 3 about project 196')).toBe('project 196');
    expect(lastThingNamed('Room 12 is booked')).toBe('Room 12');
    expect(lastThingNamed('The launch is on May 3 in 2026')).toBeNull();
  });
});
