import type { TruthCase } from '../types.js';

/**
 * Dev set, class 5: run-on sentences, "X and Y" with two facts of one person, a one-line list,
 * semicolons, parentheses, sentences ending in an abbreviation, initials, numbers and emoji —
 * each fact must come out as its own memory, whole.
 */
export const DEV_ONE_FACT_CASES: TruthCase[] = [
  {
    id: 'dev-onefact-run-on',
    class: 'oneFact',
    split: 'dev',
    about: 'a run-on sentence chaining four facts with “and”',
    steps: [
      {
        do: 'note',
        content:
          'Yusuf Demir drives a tram in Istanbul and his wife Emine teaches Turkish at a lycée in Kadıköy and they have three cats and a balcony full of tomatoes',
      },
    ],
    checks: [
      { oneFact: ['tram', 'Emine'] },
      { oneFact: ['tram', 'cats'] },
      { live: ['Emine', 'Turkish'] },
      { answer: 'What does Yusuf do for work?', expect: 'tram' },
    ],
  },
  {
    id: 'dev-onefact-and-two-facts',
    class: 'oneFact',
    split: 'dev',
    about: '“X and Y”: two unrelated facts of one person in one clause',
    steps: [{ do: 'note', content: 'Lasha Beridze speaks four languages and coaches the Tbilisi under-16 rugby team.' }],
    checks: [
      { oneFact: ['languages', 'rugby'] },
      { live: ['Lasha', 'languages'] },
      { live: ['Lasha', 'rugby'] },
      { answer: 'What does Lasha coach?', expect: 'rugby' },
    ],
  },
  {
    id: 'dev-onefact-one-line-list',
    class: 'oneFact',
    split: 'dev',
    about: 'a one-line list of facts after a colon, separated by commas',
    steps: [{ do: 'note', content: 'Ioana Stan: 41, pharmacist, lives in Cluj, drives a Dacia Duster, allergic to cats.' }],
    checks: [
      { oneFact: ['pharmacist', 'cats'] },
      { oneFact: ['Cluj', 'Dacia'] },
      { live: ['Ioana', 'pharmacist'] },
      { answer: 'What is Ioana allergic to?', expect: 'cats' },
    ],
  },
  {
    id: 'dev-onefact-semicolons',
    class: 'oneFact',
    split: 'dev',
    about: 'three facts in one line joined by semicolons',
    steps: [
      { do: 'note', content: 'Zuzana Horváthová moved to Bratislava in March; her son Matej started at the conservatory; the flat on Obchodná has no lift.' },
    ],
    checks: [
      { oneFact: ['Matej', 'lift'] },
      { oneFact: ['Bratislava', 'conservatory'] },
      { live: ['Matej', 'conservatory'] },
      { answer: "Where does Zuzana's son study?", expect: 'conservatory' },
    ],
  },
  {
    id: 'dev-onefact-parentheses',
    class: 'oneFact',
    split: 'dev',
    about: 'a job in parentheses inside a sentence about a hobby',
    steps: [{ do: 'note', content: 'Rustam Karimov (a cardiologist at the Tashkent Medical Academy) restores Soviet Ural motorcycles in his garage.' }],
    checks: [
      { oneFact: ['cardiologist', 'motorcycle'] },
      { live: ['Rustam', 'cardiologist'] },
      { live: ['Rustam', 'motorcycle'] },
      { answer: "What's Rustam's hobby?", expect: 'motorcycle' },
    ],
  },
  {
    id: 'dev-onefact-ends-am',
    class: 'oneFact',
    split: 'dev',
    about: 'a sentence ending in “7 a.m.”, then a fact about a daughter',
    steps: [{ do: 'note', content: 'Somchai Wongsakul starts work at the port at 7 a.m. His daughter Ploy is learning to play the ranat.' }],
    checks: [{ oneFact: [['7 a.m', '7 am', '7:00'], 'Ploy'] }, { live: ['Ploy', 'ranat'] }, { answer: 'What instrument is Ploy learning?', expect: 'ranat' }],
  },
  {
    id: 'dev-onefact-initials-and-km',
    class: 'oneFact',
    split: 'dev',
    about: 'a poet’s initials ending a sentence, then a number with a unit and a pronoun',
    steps: [
      {
        do: 'note',
        content: 'Harpreet Kaur’s favourite poet is A. K. Ramanujan. She runs 5 km every morning before her shift at the civil hospital in Ludhiana.',
      },
    ],
    checks: [
      { oneFact: ['Ramanujan', ['5 km', '5km']] },
      { live: ['Harpreet', 'Ramanujan'] },
      { live: ['Harpreet', ['5 km', '5km', 'five kilometres']] },
      { answer: 'Where does Harpreet work?', expect: 'Ludhiana' },
    ],
  },
  {
    id: 'dev-onefact-emoji-news',
    class: 'oneFact',
    split: 'dev',
    about: 'a chat line with two pieces of news separated only by emoji',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-onefact-selin',
        messages: [
          { role: 'user', name: 'Selin', content: 'passed my driving test 🚗🎉 and Cem proposed last night 💍 still shaking' },
          { role: 'assistant', content: 'What a day! Congratulations on both.' },
        ],
      },
    ],
    checks: [
      { oneFact: ['driving', 'Cem'] },
      { live: ['driving test'] },
      { live: ['Cem', ['proposed', 'engaged']] },
      { answer: 'Who proposed to Selin?', expect: 'Cem' },
    ],
  },
  {
    id: 'dev-onefact-price-end',
    class: 'oneFact',
    split: 'dev',
    about: 'a sentence ending in a price, then a purchase and where the buyer’s mother lives',
    steps: [{ do: 'note', content: 'The new Pixel costs €899. Niccolò Ferri bought one for his mother Benedetta, who lives in Lucca.' }],
    checks: [{ oneFact: ['899', 'Lucca'] }, { live: ['Benedetta', 'Lucca'] }, { answer: 'Where does Benedetta live?', expect: 'Lucca' }],
  },
  {
    id: 'dev-onefact-etc',
    class: 'oneFact',
    split: 'dev',
    about: 'a sentence ending in “etc.”, then a weekly routine of another person',
    steps: [{ do: 'note', content: 'Iñaki packs the climbing gear: ropes, quickdraws, chalk etc. Nerea Etxeberria drives them both to Siurana every Friday.' }],
    checks: [{ oneFact: ['quickdraws', 'Siurana'] }, { live: ['Nerea', 'Siurana'] }, { answer: 'Who drives to Siurana?', expect: 'Nerea' }],
  },
];
