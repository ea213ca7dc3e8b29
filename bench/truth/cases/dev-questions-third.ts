import type { TruthCase } from '../types.js';
import { ask } from './dev-questions-second.js';

/**
 * Dev set, class 6, third batch, written at the start of the seventh round and before any work on it
 * (2026-11-28): answers stated in passing ("fixes lifts for", "her shifts at", "walks her two
 * whippets", "has played bass in a trio", "her other half"), asked in words the statement does not
 * use ("What line of work is … in?", "Where's … working these days?", "Does … have any pets?"),
 * each beside another fact about the same person. `dev-q3a-*` is worked on, `dev-q3b-*` only
 * reported.
 */
export const THIRD_DEV_QUESTION_CASES: TruthCase[] = [
  ask(
    'dev-q3a-fixes-lifts',
    'a job told as "fixes lifts for", asked as "what line of work is … in" and "who employs …"',
    [{ note: 'Declan Byrne fixes lifts for Otis all over Dublin.' }, { note: 'Declan Byrne coaches an under-12 hurling team.' }],
    [
      ['What line of work is Declan in?', ['lift', 'lifts']],
      ['Who employs Declan?', 'Otis'],
    ],
  ),
  ask(
    'dev-q3b-shifts-at',
    'a workplace told in a chat as "my shifts at", asked as "where is … working these days"',
    [
      { chat: { name: 'Grace Mensah', content: 'night shifts at the Royal Infirmary are brutal this month' } },
      { chat: { name: 'Grace Mensah', content: 'at least my flat in Leith is quiet during the day' } },
    ],
    [
      ["Where's Grace working these days?", 'Royal Infirmary'],
      ['Where does Grace live?', 'Leith'],
    ],
  ),
  ask(
    'dev-q3a-whippets',
    'pets told as "walks her two whippets", asked as "does … have any pets"',
    [
      { note: 'Every morning Harriet Cole walks her two whippets, Moss and Fern, before work.' },
      { note: 'Harriet Cole is an architect at Foster + Partners.' },
    ],
    [
      ['Does Harriet have any pets?', 'whippet'],
      ["What is Harriet's job?", 'architect'],
    ],
  ),
  ask(
    'dev-q3b-bass-trio',
    'an instrument told as "has played bass in a jazz trio", asked as "what does … play"',
    [{ note: 'For years Samuel Achebe has played upright bass in a jazz trio.' }, { note: 'Samuel Achebe teaches chemistry at a sixth-form college.' }],
    [
      ['What instrument does Samuel play?', 'bass'],
      ['What does Samuel teach?', 'chemistry'],
    ],
  ),
  ask(
    'dev-q3a-other-half',
    'a partner told as "her other half", asked as "who is … married to" and "who is … partner"',
    [{ note: 'Nkechi Obi and her other half, Tunde, run a bakery in Peckham.' }, { note: 'Nkechi Obi grew up in Enugu.' }],
    [
      ["Who is Nkechi's partner?", 'Tunde'],
      ['What does Nkechi do?', 'bakery'],
    ],
  ),
  ask(
    'dev-q3b-vet-student',
    'a subject told as "second year of veterinary medicine at", asked as "what is … studying" and "which university"',
    [{ note: 'Aoife Kelly is in her second year of veterinary medicine at UCD.' }, { note: 'Aoife Kelly rows for the college in the mornings.' }],
    [
      ["What's Aoife studying?", 'veterinary'],
      ['Which university does Aoife attend?', 'UCD'],
    ],
  ),
  ask(
    'dev-q3a-remember-commute',
    'direct writes: a car told as "commutes in her old Land Rover", asked as "what does … drive"',
    [{ remember: 'Rosalind Shaw commutes in her old Land Rover Defender.' }, { remember: 'Rosalind Shaw keeps bees at the bottom of her garden.' }],
    [
      ['What car does Rosalind drive?', 'Land Rover'],
      ['What does Rosalind keep in her garden?', 'bees'],
    ],
  ),
  ask(
    'dev-q3b-chat-halal',
    'a diet told in a chat as "only eat halal", asked as "what are … eating habits" and "where does … live"',
    [
      { chat: { name: 'Idris Rahman', content: 'I only eat halal so the canteen options are a bit grim' } },
      { chat: { name: 'Idris Rahman', content: 'commuting from Luton every day is killing me' } },
    ],
    [
      ["What are Idris's eating habits?", 'halal'],
      ['Where does Idris live?', 'Luton'],
    ],
  ),
];
