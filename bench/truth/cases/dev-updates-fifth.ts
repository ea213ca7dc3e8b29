import type { TruthCase } from '../types.js';

/**
 * Dev set, class 7, fifth batch: a later value of the same attribute told with a word of change
 * that names neither the attribute nor the old value's wording ("new employer is", "relocated to",
 * "swapped … for", "traded in … for", "went pescatarian", "in place of", "upgraded to"), across
 * employer, home, instrument, pet, diet, partner, school, car, pastime, team and role, plus two
 * controls where the later statement names something of the same kind without changing the fact.
 * Written before any work on them, in two halves: `dev-upd5a-*` is worked on, `dev-upd5b-*` is only
 * reported.
 */

interface Change {
  id: string;
  about: string;
  before: string;
  after: string | { name: string; content: string };
  now: string;
  was: string;
  question: string;
}

export function change(c: Change): TruthCase {
  const after =
    typeof c.after === 'string'
      ? { do: 'note' as const, content: c.after }
      : { do: 'chat' as const, conversationId: c.id, messages: [{ role: 'user' as const, name: c.after.name, content: c.after.content }] };
  return {
    id: c.id,
    class: 'updates',
    split: 'dev',
    about: c.about,
    steps: [{ do: 'note', content: c.before }, after],
    checks: [{ version: { now: c.now, was: c.was } }, { answer: c.question, expect: c.now, above: c.was }, { profileHas: c.now }],
  };
}

export function control(c: { id: string; about: string; before: string; after: string; holds: string; question: string }): TruthCase {
  return {
    id: c.id,
    class: 'updates',
    split: 'dev',
    about: c.about,
    steps: [
      { do: 'note', content: c.before },
      { do: 'note', content: c.after },
    ],
    checks: [{ live: [c.holds] }, { answer: c.question, expect: c.holds }, { profileHas: c.holds }],
  };
}

export const FIFTH_DEV_UPDATE_CASES: TruthCase[] = [
  change({
    id: 'dev-upd5a-new-employer',
    about: 'a note: data scientist at Monzo; a later note: her new employer is Revolut',
    before: 'Priya Nair is a data scientist at Monzo.',
    after: "Priya Nair's new employer is Revolut; her first day was Monday.",
    now: 'Revolut',
    was: 'at Monzo',
    question: 'Where does Priya work?',
  }),
  change({
    id: 'dev-upd5a-relocated',
    about: 'a note: lives in Hamburg; a later chat: relocated to Munich',
    before: 'Lukas Becker lives in Hamburg.',
    after: { name: 'Lukas', content: 'we relocated to Munich over the summer, the flat is tiny but we love it' },
    now: 'Munich',
    was: 'lives in Hamburg',
    question: 'Where does Lukas live?',
  }),
  change({
    id: 'dev-upd5a-swapped-instrument',
    about: 'a note: plays the violin; a later note: swapped the violin for the viola',
    before: 'Emma Lindqvist plays the violin.',
    after: 'Emma Lindqvist swapped the violin for the viola this term.',
    now: 'viola',
    was: 'plays the violin',
    question: 'What instrument does Emma play?',
  }),
  change({
    id: 'dev-upd5a-pet-sanctuary',
    about: 'a note: a parrot named Kiwi; a later note: Kiwi given to a sanctuary, a tortoise now',
    before: 'Carlos Mendes has a parrot named Kiwi.',
    after: 'Carlos Mendes gave Kiwi to a bird sanctuary and now has a tortoise called Speedy.',
    now: 'Speedy',
    was: 'parrot named Kiwi',
    question: 'What pet does Carlos have?',
  }),
  change({
    id: 'dev-upd5a-back-to-vegetarian',
    about: 'a note: vegan; a later chat: vegetarian now rather than vegan',
    before: 'Nadia Haddad is vegan.',
    after: { name: 'Nadia', content: "honestly I'm back to eating cheese and eggs, so vegetarian now rather than vegan" },
    now: 'vegetarian',
    was: 'is vegan',
    question: 'What does Nadia eat?',
  }),
  change({
    id: 'dev-upd5a-now-seeing',
    about: 'a note: dating Elin; a later note: broke up, now seeing Astrid',
    before: 'Jonas Berg is dating Elin.',
    after: 'Jonas Berg and Elin broke up; he is now seeing Astrid.',
    now: 'Astrid',
    was: 'dating Elin',
    question: "Who is Jonas's partner?",
  }),
  change({
    id: 'dev-upd5a-transferred',
    about: 'a note: studies at the University of Bologna; a later note: transferred to Politecnico di Milano',
    before: 'Mateo Rossi studies at the University of Bologna.',
    after: 'Mateo Rossi transferred to Politecnico di Milano for his final year.',
    now: 'Politecnico',
    was: 'University of Bologna',
    question: 'Where does Mateo study?',
  }),
  change({
    id: 'dev-upd5a-traded-in',
    about: 'a note: drives a Honda Civic; a later note: traded the Civic in for a Tesla',
    before: 'Grace Okafor drives a Honda Civic.',
    after: 'Grace Okafor traded in the Civic for a Tesla Model 3.',
    now: 'Tesla',
    was: 'Honda Civic',
    question: 'What car does Grace drive?',
  }),
  change({
    id: 'dev-upd5a-sailing-now',
    about: "a note: rock climbing on weekends; a later chat: gave up climbing, it's sailing now",
    before: 'Leo Martin goes rock climbing on weekends.',
    after: { name: 'Leo', content: "gave up climbing after my shoulder injury, it's all about sailing now" },
    now: 'sailing',
    was: 'rock climbing',
    question: "What is Leo's hobby?",
  }),
  change({
    id: 'dev-upd5a-team-moved',
    about: 'a note: on the payments team; a later note: moved from payments to the fraud team',
    before: 'Hana Kim is on the payments team at Stripe.',
    after: 'Hana Kim moved from payments to the fraud team last week.',
    now: 'fraud team',
    was: 'payments team',
    question: 'Which team is Hana on?',
  }),
  change({
    id: 'dev-upd5a-promoted-to',
    about: 'a note: works as a junior designer; a later note: promoted to art director',
    before: 'Oliver Grant works as a junior designer.',
    after: 'Oliver Grant got promoted to art director.',
    now: 'art director',
    was: 'junior designer',
    question: "What is Oliver's job?",
  }),
  control({
    id: 'dev-upd5a-control-interview',
    about: 'a note: works at Deloitte; a later note: an interview at KPMG (not a new employer)',
    before: 'Mia Torres works at Deloitte.',
    after: 'Mia Torres had a job interview at KPMG on Tuesday.',
    holds: 'Deloitte',
    question: 'Where does Mia work?',
  }),
  change({
    id: 'dev-upd5b-last-day',
    about: 'a note: engineer at Ericsson; a later chat: last day at Ericsson, starting at Nokia',
    before: 'Ahmed Rahman is an engineer at Ericsson.',
    after: { name: 'Ahmed', content: 'last day at Ericsson was Friday. starting at Nokia on Monday!' },
    now: 'Nokia',
    was: 'at Ericsson',
    question: 'Who does Ahmed work for?',
  }),
  change({
    id: 'dev-upd5b-home-now',
    about: 'a note: lives in Uppsala; a later note: her home is now in Gothenburg',
    before: 'Sara Lind lives in Uppsala.',
    after: "After the move, Sara Lind's home is in Gothenburg near the harbour.",
    now: 'Gothenburg',
    was: 'lives in Uppsala',
    question: 'Where does Sara live?',
  }),
  change({
    id: 'dev-upd5b-mostly-guitar',
    about: 'a note: plays the piano; a later chat: mostly guitar these days, the piano went to a cousin',
    before: 'Felix Wagner plays the piano.',
    after: { name: 'Felix', content: 'these days I mostly play the guitar, the piano went to my cousin' },
    now: 'guitar',
    was: 'plays the piano',
    question: 'What instrument does Felix play?',
  }),
  change({
    id: 'dev-upd5b-greyhound',
    about: 'a note: a goldfish called Bubbles; a later note: owns a greyhound, Bubbles died',
    before: 'Ines Costa has a goldfish called Bubbles.',
    after: 'Ines Costa now owns a rescue greyhound named Arrow; Bubbles died last spring.',
    now: 'Arrow',
    was: 'goldfish called Bubbles',
    question: 'What pet does Ines have?',
  }),
  change({
    id: 'dev-upd5b-pescatarian',
    about: 'a note: eats meat; a later note: went pescatarian',
    before: 'Ravi Patel eats meat.',
    after: 'Ravi Patel went pescatarian in October.',
    now: 'pescatarian',
    was: 'eats meat',
    question: 'What does Ravi eat?',
  }),
  change({
    id: 'dev-upd5b-remarried',
    about: "a note: Laura's husband is Stefan; a later note: divorced, has since married Marco",
    before: "Laura Meyer's husband is Stefan.",
    after: 'Laura Meyer and Stefan divorced in 2025; she has since married Marco Bianchi.',
    now: 'Marco',
    was: 'husband is Stefan',
    question: "Who is Laura's husband?",
  }),
  change({
    id: 'dev-upd5b-first-week',
    about: 'a note: attends Westfield High School; a later chat: first week at Riverside Academy',
    before: 'Chloe Martin attends Westfield High School.',
    after: { name: 'Chloe', content: 'first week at Riverside Academy done, miss my old friends from Westfield' },
    now: 'Riverside',
    was: 'Westfield High School',
    question: 'Which school does Chloe go to?',
  }),
  change({
    id: 'dev-upd5b-upgraded',
    about: 'a note: drives a Ford Focus; a later note: upgraded to a BMW',
    before: 'Tariq Aziz drives a Ford Focus.',
    after: 'Tariq Aziz upgraded to a BMW X3.',
    now: 'BMW',
    was: 'Ford Focus',
    question: 'What car does Tariq drive?',
  }),
  change({
    id: 'dev-upd5b-in-place-of',
    about: 'a note: plays chess in a club; a later note: took up fencing in place of chess',
    before: 'Nina Kowalski plays chess in a club.',
    after: 'Nina Kowalski has taken up fencing in place of chess.',
    now: 'fencing',
    was: 'chess',
    question: "What is Nina's hobby?",
  }),
  change({
    id: 'dev-upd5b-moved-team',
    about: 'a note: on the search team; a later chat: moved to the recommendations team',
    before: 'Omar Farouk is on the search team at Spotify.',
    after: { name: 'Omar', content: "I got moved to the recommendations team, search is someone else's problem now" },
    now: 'recommendations',
    was: 'search team',
    question: 'Which team is Omar on?',
  }),
  change({
    id: 'dev-upd5b-practises',
    about: 'a note: works as a paralegal; a later note: passed the bar, practises as a solicitor',
    before: 'Julia Novak works as a paralegal.',
    after: 'Julia Novak passed the bar and now practises as a solicitor.',
    now: 'solicitor',
    was: 'paralegal',
    question: "What is Julia's job?",
  }),
  control({
    id: 'dev-upd5b-control-wedding',
    about: 'a note: lives in Leeds; a later note: flew to Dublin for a wedding (not a move)',
    before: 'Ethan Wright lives in Leeds.',
    after: "Ethan Wright flew to Dublin for his cousin's wedding.",
    holds: 'Leeds',
    question: 'Where does Ethan live?',
  }),
];
