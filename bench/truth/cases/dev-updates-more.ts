import type { TruthCase } from '../types.js';

/**
 * Dev set, class 7, second batch (written after the first 17 dev cases passed): a habit changed
 * "from now on", an instrument given up for another, a project handed over, a partner left, a pet
 * gone and a new one come, a favourite replaced — each in wordings none of the earlier cases use.
 */
export const MORE_DEV_UPDATE_CASES: TruthCase[] = [
  {
    id: 'dev-upd2-tea-going-forward',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: a drink, then “going forward she only drinks …”',
    steps: [
      { do: 'remember', memories: [{ content: 'Leilani Kahale drinks green tea every morning.' }] },
      { do: 'remember', memories: [{ content: 'Going forward Leilani Kahale only drinks rooibos in the morning, no more green tea.' }] },
    ],
    checks: [
      { version: { now: 'rooibos', was: 'drinks green tea every morning' } },
      { answer: 'What does Leilani drink in the morning?', expect: 'rooibos', above: 'drinks green tea every morning' },
      { profileHas: 'rooibos' },
      { profileLacks: 'drinks green tea every morning' },
    ],
  },
  {
    id: 'dev-upd2-gave-up-violin',
    class: 'updates',
    split: 'dev',
    about: 'a note: plays the violin; a chat: “gave up the violin, learning the oud now”',
    steps: [
      { do: 'note', content: 'Karim Haddad plays the violin in a community orchestra in Beirut.' },
      {
        do: 'chat',
        conversationId: 'dev-upd2-karim',
        messages: [{ role: 'user', name: 'Karim', content: 'finally gave up the violin, I am learning the oud now with a teacher in Hamra' }],
      },
    ],
    checks: [
      { version: { now: 'oud', was: 'plays the violin' } },
      { answer: 'What instrument does Karim play?', expect: 'oud', above: 'plays the violin' },
      { profileHas: 'oud' },
      { profileLacks: 'plays the violin' },
    ],
  },
  {
    id: 'dev-upd2-handed-over-project',
    class: 'updates',
    split: 'dev',
    about: 'a note: leads a project; a later note: handed it over and now runs another',
    steps: [
      { do: 'note', content: 'Siobhan Kelly leads the Harbour Bridge retrofit project at Arup.' },
      { do: 'note', content: 'Siobhan Kelly handed the Harbour Bridge retrofit over to a colleague and now runs the Westgate tunnel project.' },
    ],
    checks: [
      { version: { now: 'Westgate', was: 'leads the Harbour Bridge' } },
      { answer: 'Which project is Siobhan working on?', expect: 'Westgate', above: 'leads the Harbour Bridge' },
      { profileHas: 'Westgate' },
    ],
  },
  {
    id: 'dev-upd2-broke-up-with',
    class: 'updates',
    split: 'dev',
    about: 'a chat: a girlfriend named; later: “broke up with her, dating Hana now”',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd2-tomas-1',
        messages: [{ role: 'user', name: 'Tomás', content: 'my girlfriend Lucía and I are going to Seville next weekend' }],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd2-tomas-2',
        messages: [{ role: 'user', name: 'Tomás', content: 'Lucía and I broke up in the spring. I have been dating Hana for two months now' }],
      },
    ],
    checks: [
      { version: { now: 'Hana', was: 'girlfriend Lucía' } },
      { answer: "Who is Tomás's partner?", expect: 'Hana', above: 'girlfriend Lucía' },
      { profileHas: 'Hana' },
      { profileLacks: 'girlfriend Lucía' },
    ],
  },
  {
    id: 'dev-upd2-rabbit-passed-away',
    class: 'updates',
    split: 'dev',
    about: 'a note: a rabbit; a later note: it passed away, adopted a kitten',
    steps: [
      { do: 'note', content: 'Freya Lindqvist has a lop-eared rabbit called Mossa.' },
      { do: 'note', content: "Sad news: Freya Lindqvist's rabbit Mossa passed away in October. In December she adopted a kitten named Birk." },
    ],
    checks: [
      { version: { now: 'Birk', was: 'has a lop-eared rabbit' } },
      { answer: 'What pet does Freya have?', expect: 'Birk', above: 'has a lop-eared rabbit' },
      { profileHas: 'Birk' },
      { profileLacks: 'has a lop-eared rabbit' },
    ],
  },
  {
    id: 'dev-upd2-favourite-film',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: a favourite film, then “her new favourite film is …”',
    steps: [
      { do: 'remember', memories: [{ content: "Amaka Eze's favourite film is Spirited Away." }] },
      { do: 'remember', memories: [{ content: "Amaka Eze's new favourite film is Past Lives, she has watched it five times." }] },
    ],
    checks: [
      { version: { now: 'Past Lives', was: 'Spirited Away' } },
      { answer: "What is Amaka's favourite film?", expect: 'Past Lives', above: 'Spirited Away' },
      { profileLacks: 'Spirited Away' },
    ],
  },
  {
    id: 'dev-upd2-cycles-instead',
    class: 'updates',
    split: 'dev',
    about: 'a note: commutes by bus; a later note: “cycles to work these days instead of taking the bus”',
    steps: [
      { do: 'note', content: 'Jonas Weber takes the 47 bus to work every day.' },
      { do: 'note', content: 'Jonas Weber cycles to work these days instead of taking the bus.' },
    ],
    checks: [
      { version: { now: 'cycles to work', was: 'takes the 47 bus' } },
      { answer: 'How does Jonas get to work?', expect: 'cycles', above: 'takes the 47 bus' },
      { profileLacks: 'takes the 47 bus' },
    ],
  },
  {
    id: 'dev-upd2-quit-and-freelance',
    class: 'updates',
    split: 'dev',
    about: 'a note: a job at a firm; a chat: “quit X last month, freelancing full time now”',
    steps: [
      { do: 'note', content: 'Priya Raman is a UX designer at Zalando in Berlin.' },
      {
        do: 'chat',
        conversationId: 'dev-upd2-priya',
        messages: [{ role: 'user', name: 'Priya', content: 'quit Zalando last month, I am freelancing full time now 😅' }],
      },
    ],
    checks: [
      { version: { now: 'freelanc', was: 'UX designer at Zalando' } },
      { answer: 'Where does Priya work?', expect: 'freelanc', above: 'UX designer at Zalando' },
      { profileLacks: 'UX designer at Zalando' },
    ],
  },
  {
    id: 'dev-upd2-stopped-eating-meat',
    class: 'updates',
    split: 'dev',
    about: 'a note: eats everything; a chat: “stopped eating meat in January, pescatarian now”',
    steps: [
      { do: 'note', content: 'Diego Alvarez eats everything and loves a good steak.' },
      {
        do: 'chat',
        conversationId: 'dev-upd2-diego',
        messages: [{ role: 'user', name: 'Diego', content: 'I stopped eating meat in January, pescatarian now' }],
      },
    ],
    checks: [
      { version: { now: 'pescatarian', was: 'loves a good steak' } },
      { answer: 'What does Diego eat?', expect: 'pescatarian', above: 'loves a good steak' },
      { profileHas: 'pescatarian' },
    ],
  },
  {
    id: 'dev-upd2-new-flatshare',
    class: 'updates',
    split: 'dev',
    about: 'a note: lives in a city; a chat: “packed up and went to X, sharing a flat there”',
    steps: [
      { do: 'note', content: 'Aoife Byrne lives in Galway with two flatmates.' },
      {
        do: 'chat',
        conversationId: 'dev-upd2-aoife',
        messages: [{ role: 'user', name: 'Aoife', content: 'packed up and went to Cork in August, sharing a flat near the English Market now' }],
      },
    ],
    checks: [
      { version: { now: 'Cork', was: 'lives in Galway' } },
      { answer: 'Where does Aoife live?', expect: 'Cork', above: 'lives in Galway' },
      { profileLacks: 'lives in Galway' },
    ],
  },
];
