import type { TruthCase } from '../types.js';

/**
 * Class 7: a change told in another phrasing — left one place and joined another, "from now on",
 * "… instead", a promotion, a new instrument, project, pet, school or favourite — makes a new
 * version (the old one no longer latest), ranks first, and is what the profile shows.
 */
export const UPDATE_CASES: TruthCase[] = [
  {
    id: 'upd-employer-left-joined',
    class: 'updates',
    split: 'tune',
    about: 'a job change told as “left X and joined Y”',
    steps: [
      { do: 'note', content: 'Ingrid Holm works as a UX researcher at Spotify.' },
      { do: 'note', content: 'Ingrid Holm left Spotify in October and joined Klarna.' },
    ],
    checks: [
      { version: { now: 'Klarna', was: 'Spotify' } },
      { answer: 'Where does Ingrid work?', expect: 'Klarna', above: 'Spotify' },
      { profileHas: 'Klarna' },
      { profileLacks: 'researcher at Spotify' },
    ],
  },
  {
    id: 'upd-from-now-on-coffee',
    class: 'updates',
    split: 'report',
    about: 'a preference changed “from now on” in a chat',
    steps: [
      {
        do: 'chat',
        conversationId: 'upd-coffee',
        messages: [
          { role: 'user', name: 'Hana', content: 'When you order for me, I take my coffee as a flat white with oat milk.' },
          { role: 'assistant', content: 'Got it: flat white, oat milk.' },
        ],
      },
      {
        do: 'chat',
        conversationId: 'upd-coffee',
        messages: [
          { role: 'user', name: 'Hana', content: 'When you order for me, I take my coffee as a flat white with oat milk.' },
          { role: 'assistant', content: 'Got it: flat white, oat milk.' },
          { role: 'user', name: 'Hana', content: 'From now on, just a black americano for me, no milk at all.' },
          { role: 'assistant', content: 'Noted, black americano.' },
        ],
      },
    ],
    checks: [
      { version: { now: 'americano', was: 'flat white' } },
      { answer: 'How does Hana take her coffee?', expect: 'americano', above: 'flat white' },
      { profileHas: 'americano' },
      { profileLacks: 'oat milk' },
    ],
  },
  {
    id: 'upd-holiday-instead',
    class: 'updates',
    split: 'tune',
    about: 'a plan changed with “… instead”',
    steps: [
      { do: 'note', content: 'Summer holiday: the Papadopoulos family is going to Crete for two weeks in August.' },
      { do: 'note', content: 'Change of plans — the Papadopoulos family is doing Sardinia in August instead.' },
    ],
    checks: [
      { version: { now: 'Sardinia', was: 'Crete' } },
      { answer: 'Where are the Papadopoulos family going on holiday?', expect: 'Sardinia', above: 'Crete' },
      { profileHas: 'Sardinia' },
      { profileLacks: 'Crete' },
    ],
  },
  {
    id: 'upd-instrument',
    class: 'updates',
    split: 'report',
    about: 'a new instrument: “gave up X, these days plays Y”',
    steps: [
      { do: 'note', content: 'Kofi Asante plays the trumpet in the church band in Kumasi.' },
      { do: 'note', content: 'Kofi Asante gave up the trumpet; these days he plays bass guitar in the church band.' },
    ],
    checks: [
      { version: { now: 'bass', was: 'trumpet' } },
      { answer: 'What instrument does Kofi play?', expect: 'bass', above: 'trumpet' },
      { profileHas: 'bass' },
      { profileLacks: 'plays the trumpet' },
    ],
  },
  {
    id: 'upd-role-promoted',
    class: 'updates',
    split: 'tune',
    about: 'a new role told as a promotion',
    steps: [
      { do: 'note', content: 'Tan Siew Ling is a junior analyst in the risk team at DBS.' },
      { do: 'note', content: 'Tan Siew Ling was promoted to team lead of the risk team at DBS last month.' },
    ],
    checks: [
      { version: { now: 'team lead', was: 'junior analyst' } },
      { answer: 'What is Siew Ling’s role?', expect: 'team lead', above: 'junior analyst' },
      { profileHas: 'team lead' },
      { profileLacks: 'junior analyst' },
    ],
  },
  {
    id: 'upd-project-moved-off',
    class: 'updates',
    split: 'report',
    about: 'a new project: “moved off X, is on Y now”',
    steps: [
      { do: 'note', content: 'Nikolai Petrov is working on the Orion billing migration.' },
      { do: 'note', content: 'Nikolai Petrov has moved off Orion; he is on the Helios search project now.' },
    ],
    checks: [
      { version: { now: 'Helios', was: 'Orion' } },
      { answer: 'What project is Nikolai working on?', expect: 'Helios', above: 'Orion' },
      { profileHas: 'Helios' },
      { profileLacks: 'working on the Orion' },
    ],
  },
  {
    id: 'upd-city-relocated',
    class: 'updates',
    split: 'tune',
    about: 'a move told as “relocated to”',
    steps: [
      { do: 'note', content: 'Fatima Zahra Alaoui lives in Rabat, close to the old medina.' },
      { do: 'note', content: 'Fatima Zahra Alaoui relocated to Marseille in the spring for her new job at CMA CGM.' },
    ],
    checks: [
      { version: { now: 'Marseille', was: 'Rabat' } },
      { answer: 'Which city does Fatima live in?', expect: 'Marseille', above: 'Rabat' },
      { profileHas: 'Marseille' },
      { profileLacks: 'lives in Rabat' },
    ],
  },
  {
    id: 'upd-partner-split',
    class: 'updates',
    split: 'report',
    about: 'a new partner after a break-up',
    steps: [
      { do: 'note', content: 'Jonas Becker is dating Clara, a violinist from Leipzig.' },
      { do: 'note', content: 'Jonas Becker and Clara split up over the summer; he is now seeing Mirela, a nurse.' },
    ],
    checks: [
      { version: { now: 'Mirela', was: 'Clara' } },
      { answer: 'Who is Jonas’s partner?', expect: 'Mirela', above: 'Clara' },
      { profileHas: 'Mirela' },
      { profileLacks: 'dating Clara' },
    ],
  },
  {
    id: 'upd-diet-went-vegan',
    class: 'updates',
    split: 'tune',
    about: 'a diet change told as “went fully vegan”',
    steps: [
      { do: 'note', content: 'Arjun Nair eats chicken and fish but avoids red meat.' },
      { do: 'note', content: 'Arjun Nair went fully vegan after New Year.' },
    ],
    checks: [
      { version: { now: 'vegan', was: 'chicken' } },
      { answer: 'What does Arjun eat?', expect: 'vegan', above: 'chicken' },
      { profileHas: 'vegan' },
      { profileLacks: 'chicken' },
    ],
  },
  {
    id: 'upd-pet-replaced',
    class: 'updates',
    split: 'report',
    about: 'a new pet after the old one died',
    steps: [
      { do: 'note', content: 'Mariam Hassan has a goldfish named Sunny.' },
      { do: 'note', content: 'Mariam Hassan’s goldfish passed away, and she adopted a kitten called Zaza.' },
    ],
    checks: [
      { version: { now: 'Zaza', was: 'Sunny' } },
      { answer: 'What pet does Mariam have?', expect: ['kitten', 'Zaza'], above: 'Sunny' },
      { profileHas: 'Zaza' },
      { profileLacks: 'named Sunny' },
    ],
  },
  {
    id: 'upd-school-switched',
    class: 'updates',
    split: 'tune',
    about: 'a change of school told as “switched schools”',
    steps: [
      { do: 'note', content: 'Tariq Mahmood’s son Bilal attends Greenfield Primary School.' },
      { do: 'note', content: 'Bilal switched schools and has been at Oakridge Academy since September.' },
    ],
    checks: [
      { version: { now: 'Oakridge', was: 'Greenfield' } },
      { answer: 'Which school does Bilal go to?', expect: 'Oakridge', above: 'Greenfield' },
      { profileHas: 'Oakridge' },
      { profileLacks: 'Greenfield' },
    ],
  },
  {
    id: 'upd-favourite-band-chat',
    class: 'updates',
    split: 'report',
    about: 'a new favourite told casually in a chat',
    steps: [
      { do: 'chat', conversationId: 'upd-band-1', messages: [{ role: 'user', name: 'Lior', content: 'my favourite band is Radiohead, always has been' }] },
      {
        do: 'chat',
        conversationId: 'upd-band-2',
        messages: [{ role: 'user', name: 'Lior', content: 'ok confession, these days Khruangbin is my favourite band, Radiohead is second now' }],
      },
    ],
    checks: [
      { version: { now: 'Khruangbin', was: 'Radiohead' } },
      { answer: 'What is Lior’s favourite band?', expect: 'Khruangbin', above: 'Radiohead' },
      { profileHas: 'Khruangbin' },
      { profileLacks: 'always has been' },
    ],
  },
  {
    id: 'upd-employer-gonna-chat',
    class: 'updates',
    split: 'tune',
    about: 'a job change in casual chat: “gonna start at X, finally quitting Y”',
    steps: [
      { do: 'note', content: 'Ellie Walsh is a backend developer at Monzo in London.' },
      {
        do: 'chat',
        conversationId: 'upd-ellie',
        messages: [{ role: 'user', name: 'Ellie', content: 'gonna start at Revolut next week, finally quitting Monzo 🎉' }],
      },
    ],
    checks: [
      { version: { now: 'Revolut', was: 'Monzo' } },
      { answer: 'Where does Ellie work?', expect: 'Revolut', above: 'Monzo' },
      { profileHas: 'Revolut' },
      { profileLacks: 'developer at Monzo' },
    ],
  },
  {
    id: 'upd-direct-memories',
    class: 'updates',
    split: 'report',
    about: 'direct memory writes: a favourite food that changes',
    steps: [
      { do: 'remember', memories: [{ content: 'Haruto Sato’s favourite food is tonkatsu.' }] },
      { do: 'remember', memories: [{ content: 'Haruto Sato’s favourite food these days is okonomiyaki, not tonkatsu.' }] },
    ],
    checks: [
      { version: { now: 'okonomiyaki', was: 'tonkatsu' } },
      { answer: 'What does Haruto like to eat most?', expect: 'okonomiyaki', above: 'tonkatsu' },
      { profileHas: 'okonomiyaki' },
      { profileLacks: 'food is tonkatsu' },
    ],
  },
];
