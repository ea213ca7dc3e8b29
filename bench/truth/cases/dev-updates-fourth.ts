import type { TruthCase } from '../types.js';

/**
 * Dev set, class 7, fourth batch: a later statement of the same attribute told as an event (notice
 * handed in, keys collected, a pet that died, a promotion, a car sold) across employer, home,
 * partner, pet, instrument, diet, school, role, project, team, car and pastime, plus two controls
 * where the later statement is about something else and must not replace the fact. Written before
 * any work on them, in two halves: `dev-upd4a-*` is worked on, `dev-upd4b-*` is only reported.
 */
export const FOURTH_DEV_UPDATE_CASES: TruthCase[] = [
  {
    id: 'dev-upd4a-notice-handed-in',
    class: 'updates',
    split: 'dev',
    about: 'a note: analyst at Accenture; a later note: notice handed in, joins Capgemini',
    steps: [
      { do: 'note', content: 'Chiara Conti works as an analyst at Accenture in Milan.' },
      { do: 'note', content: 'Chiara Conti handed in her notice at Accenture; she joins Capgemini as a consultant in February.' },
    ],
    checks: [
      { version: { now: 'Capgemini', was: 'analyst at Accenture' } },
      { answer: 'Who does Chiara work for?', expect: 'Capgemini', above: 'analyst at Accenture' },
      { profileHas: 'Capgemini' },
    ],
  },
  {
    id: 'dev-upd4a-keys-collected',
    class: 'updates',
    split: 'dev',
    about: 'a note: lives in Cardiff; a later chat: keys to the flat in Bristol',
    steps: [
      { do: 'note', content: 'Tom Hughes lives in Cardiff with his sister.' },
      {
        do: 'chat',
        conversationId: 'dev-upd4a-tom',
        messages: [{ role: 'user', name: 'Tom', content: 'we finally got the keys to our flat in Bristol!! goodbye Cardiff' }],
      },
    ],
    checks: [
      { version: { now: 'Bristol', was: 'lives in Cardiff' } },
      { answer: 'Where is Tom living?', expect: 'Bristol', above: 'lives in Cardiff' },
      { profileHas: 'Bristol' },
    ],
  },
  {
    id: 'dev-upd4a-married-other',
    class: 'updates',
    split: 'dev',
    about: "a note: Sofia's boyfriend is Pablo; a later note: married Diego",
    steps: [
      { do: 'note', content: "Sofia Marin's boyfriend is Pablo, a chef in Madrid." },
      { do: 'note', content: 'Sofia Marin married Diego Ruiz in a small ceremony in Valencia.' },
    ],
    checks: [
      { version: { now: 'Diego', was: 'boyfriend is Pablo' } },
      { answer: "Who is Sofia's partner?", expect: 'Diego', above: 'boyfriend is Pablo' },
      { profileHas: 'Diego' },
    ],
  },
  {
    id: 'dev-upd4a-pet-passed',
    class: 'updates',
    split: 'dev',
    about: 'a note: a beagle called Rocky; a later note: Rocky died, a kitten adopted',
    steps: [
      { do: 'note', content: 'Hannah Weber has a beagle called Rocky.' },
      { do: 'note', content: 'Rocky passed away in January, and Hannah Weber adopted a tabby kitten named Miso.' },
    ],
    checks: [
      { version: { now: 'Miso', was: 'beagle called Rocky' } },
      { answer: 'What pet does Hannah have?', expect: 'Miso', above: 'beagle called Rocky' },
      { profileHas: 'Miso' },
    ],
  },
  {
    id: 'dev-upd4a-cello-sold',
    class: 'updates',
    split: 'dev',
    about: "a note: plays the cello; a later chat: sold the cello, it's drums now",
    steps: [
      { do: 'note', content: 'Omar Haddad plays the cello in a string quartet.' },
      {
        do: 'chat',
        conversationId: 'dev-upd4a-omar',
        messages: [{ role: 'user', name: 'Omar', content: "sold my cello last month, it's all drums for me in the new band" }],
      },
    ],
    checks: [
      { version: { now: 'drums', was: 'plays the cello' } },
      { answer: 'What instrument does Omar play?', expect: 'drums', above: 'plays the cello' },
      { profileHas: 'drums' },
    ],
  },
  {
    id: 'dev-upd4a-plant-based',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: eats meat and fish; went fully plant-based',
    steps: [
      { do: 'remember', memories: [{ content: 'Lena Fischer eats meat and fish.' }] },
      { do: 'remember', memories: [{ content: 'Lena Fischer went fully plant-based after a trip to India.' }] },
    ],
    checks: [
      { version: { now: 'plant-based', was: 'meat and fish' } },
      { answer: 'What does Lena eat?', expect: 'plant-based', above: 'meat and fish' },
      { profileHas: 'plant-based' },
    ],
  },
  {
    id: 'dev-upd4a-degree-elsewhere',
    class: 'updates',
    split: 'dev',
    about: 'a note: studies at the University of Ghana; a later note: completing the degree at Imperial',
    steps: [
      { do: 'note', content: 'Kwame Asante studies medicine at the University of Ghana.' },
      { do: 'note', content: 'Kwame Asante is completing his degree at Imperial College London after leaving the University of Ghana.' },
    ],
    checks: [
      { version: { now: 'Imperial', was: 'medicine at the University of Ghana' } },
      { answer: 'Where does Kwame study?', expect: 'Imperial', above: 'medicine at the University of Ghana' },
      { profileHas: 'Imperial' },
    ],
  },
  {
    id: 'dev-upd4a-promoted',
    class: 'updates',
    split: 'dev',
    about: 'a note: junior designer; a later note: promoted to design lead',
    steps: [
      { do: 'note', content: 'Emily Chen is a junior designer at Figma.' },
      { do: 'note', content: 'Emily Chen was promoted to design lead at Figma.' },
    ],
    checks: [
      { version: { now: 'design lead', was: 'junior designer' } },
      { answer: "What is Emily's job?", expect: 'design lead', above: 'junior designer' },
      { profileHas: 'design lead' },
    ],
  },
  {
    id: 'dev-upd4a-golf-sold',
    class: 'updates',
    split: 'dev',
    about: 'a note: drives a Golf; a later chat: sold it, a Skoda family now',
    steps: [
      { do: 'note', content: 'Marek Novak drives a Volkswagen Golf.' },
      {
        do: 'chat',
        conversationId: 'dev-upd4a-marek',
        messages: [{ role: 'user', name: 'Marek', content: "sold the Golf on Saturday, we're a Skoda Octavia family now" }],
      },
    ],
    checks: [
      { version: { now: 'Skoda', was: 'Volkswagen Golf' } },
      { answer: 'What car does Marek drive?', expect: 'Skoda', above: 'Volkswagen Golf' },
      { profileHas: 'Skoda' },
    ],
  },
  {
    id: 'dev-upd4a-moved-over-project',
    class: 'updates',
    split: 'dev',
    about: 'a note: works on the search project; a later note: moved over to the checkout rewrite',
    steps: [
      { do: 'note', content: 'Yuki Tanaka works on the search project at Mercari.' },
      { do: 'note', content: 'Yuki Tanaka has been moved over to the checkout rewrite.' },
    ],
    checks: [
      { version: { now: 'checkout rewrite', was: 'search project' } },
      { answer: 'What project is Yuki working on?', expect: 'checkout', above: 'search project' },
      { profileHas: 'checkout' },
    ],
  },
  {
    id: 'dev-upd4a-control-visit',
    class: 'updates',
    split: 'dev',
    about: 'a note: works at Nubank; a later note: visited the Google office (not a change of employer)',
    steps: [
      { do: 'note', content: 'Ana Lima works at Nubank as a product manager.' },
      { do: 'note', content: 'Ana Lima visited the Google office in São Paulo for a conference.' },
    ],
    checks: [{ live: ['Nubank'] }, { answer: 'Where does Ana work?', expect: 'Nubank' }, { profileHas: 'Nubank' }],
  },
  {
    id: 'dev-upd4a-sport-swapped',
    class: 'updates',
    split: 'dev',
    about: 'a note: plays tennis; a later note: gave up tennis after an injury, took up swimming',
    steps: [
      { do: 'note', content: 'Felix Braun plays tennis every weekend.' },
      { do: 'note', content: 'Felix Braun gave up tennis after a knee injury and took up swimming.' },
    ],
    checks: [
      { version: { now: 'swimming', was: 'plays tennis' } },
      { answer: 'What sport does Felix do?', expect: 'swimming', above: 'plays tennis' },
      { profileHas: 'swimming' },
    ],
  },
  {
    id: 'dev-upd4b-contract-signed',
    class: 'updates',
    split: 'dev',
    about: 'a note: developer at Wealthsimple; a later chat: contract with Shopify signed, last day Friday',
    steps: [
      { do: 'note', content: 'Noah Tremblay is a backend developer at Wealthsimple.' },
      {
        do: 'chat',
        conversationId: 'dev-upd4b-noah',
        messages: [{ role: 'user', name: 'Noah', content: 'Just signed my contract with Shopify, last day at Wealthsimple is Friday' }],
      },
    ],
    checks: [
      { version: { now: 'Shopify', was: 'developer at Wealthsimple' } },
      { answer: 'Where does Noah work?', expect: 'Shopify', above: 'developer at Wealthsimple' },
      { profileHas: 'Shopify' },
    ],
  },
  {
    id: 'dev-upd4b-new-address',
    class: 'updates',
    split: 'dev',
    about: 'a note: lives in Seville; a later note: new address in Madrid',
    steps: [
      { do: 'note', content: 'Isabel Moreno lives in Seville.' },
      { do: 'note', content: "Isabel Moreno's new address is 12 Calle Mayor, Madrid." },
    ],
    checks: [
      { version: { now: 'Madrid', was: 'lives in Seville' } },
      { answer: 'Where does Isabel live?', expect: 'Madrid', above: 'lives in Seville' },
      { profileHas: 'Madrid' },
    ],
  },
  {
    id: 'dev-upd4b-engaged-other',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: girlfriend Chloé; engaged to Camille',
    steps: [
      { do: 'remember', memories: [{ content: "Lucas Martin's girlfriend is Chloé." }] },
      { do: 'remember', memories: [{ content: 'Lucas Martin got engaged to Camille in Paris last weekend.' }] },
    ],
    checks: [
      { version: { now: 'Camille', was: 'girlfriend is Chloé' } },
      { answer: "Who is Lucas's partner?", expect: 'Camille', above: 'girlfriend is Chloé' },
      { profileHas: 'Camille' },
    ],
  },
  {
    id: 'dev-upd4b-hamster-rehomed',
    class: 'updates',
    split: 'dev',
    about: 'a note: a hamster named Mochi; a later chat: a corgi puppy home, the hamster to the niece',
    steps: [
      { do: 'note', content: 'Aiko Sato has a hamster named Mochi.' },
      {
        do: 'chat',
        conversationId: 'dev-upd4b-aiko',
        messages: [{ role: 'user', name: 'Aiko', content: 'we brought home a corgi puppy! Mochi the hamster went to live with my niece' }],
      },
    ],
    checks: [
      { version: { now: 'corgi', was: 'hamster named Mochi' } },
      { answer: 'What pet does Aiko have?', expect: 'corgi', above: 'hamster named Mochi' },
      { profileHas: 'corgi' },
    ],
  },
  {
    id: 'dev-upd4b-switched-instrument',
    class: 'updates',
    split: 'dev',
    about: 'a note: plays the trumpet; a later note: switched to the saxophone',
    steps: [
      { do: 'note', content: 'Daniel Price plays the trumpet in the school band.' },
      { do: 'note', content: 'Daniel Price switched to the saxophone this year.' },
    ],
    checks: [
      { version: { now: 'saxophone', was: 'plays the trumpet' } },
      { answer: 'What instrument does Daniel play?', expect: 'saxophone', above: 'plays the trumpet' },
      { profileHas: 'saxophone' },
    ],
  },
  {
    id: 'dev-upd4b-cut-out-meat',
    class: 'updates',
    split: 'dev',
    about: 'a direct write: eats everything; a later chat: cut out chicken and beef, fish and veg',
    steps: [
      { do: 'remember', memories: [{ content: 'Sara Lindqvist eats everything, and chicken is her favourite.' }] },
      {
        do: 'chat',
        conversationId: 'dev-upd4b-sara',
        messages: [{ role: 'user', name: 'Sara', content: "cut out chicken and beef completely, it's fish and veg for me these days" }],
      },
    ],
    checks: [
      { version: { now: 'fish and veg', was: 'eats everything' } },
      { answer: 'What does Sara eat?', expect: 'fish and veg', above: 'eats everything' },
      { profileHas: 'fish and veg' },
    ],
  },
  {
    id: 'dev-upd4b-enrolled',
    class: 'updates',
    split: 'dev',
    about: "a note: a student at Bocconi; a later note: enrolled at ETH Zurich for a master's",
    steps: [
      { do: 'note', content: 'Mateo Rossi is a student at Bocconi University.' },
      { do: 'note', content: "Mateo Rossi enrolled at ETH Zurich for his master's." },
    ],
    checks: [
      { version: { now: 'ETH Zurich', was: 'student at Bocconi' } },
      { answer: 'Where does Mateo study?', expect: 'ETH Zurich', above: 'student at Bocconi' },
      { profileHas: 'ETH Zurich' },
    ],
  },
  {
    id: 'dev-upd4b-qualified',
    class: 'updates',
    split: 'dev',
    about: 'a note: a nurse; a later note: qualified as a midwife',
    steps: [
      { do: 'note', content: "Fatima Zahra is a nurse at St Mary's Hospital." },
      { do: 'note', content: 'Fatima Zahra qualified as a midwife and works on the maternity ward.' },
    ],
    checks: [
      { version: { now: 'midwife', was: 'is a nurse' } },
      { answer: 'What does Fatima do for a living?', expect: 'midwife', above: 'is a nurse' },
      { profileHas: 'midwife' },
    ],
  },
  {
    id: 'dev-upd4b-car-replaced',
    class: 'updates',
    split: 'dev',
    about: 'a note: drives a Prius; a later note: replaced it with a Kia EV6',
    steps: [
      { do: 'note', content: 'Pieter de Vries drives a Toyota Prius.' },
      { do: 'note', content: 'Pieter de Vries replaced his Prius with an electric Kia EV6.' },
    ],
    checks: [
      { version: { now: 'Kia', was: 'Toyota Prius' } },
      { answer: 'What car does Pieter drive?', expect: 'Kia', above: 'Toyota Prius' },
      { profileHas: 'Kia' },
    ],
  },
  {
    id: 'dev-upd4b-joined-team',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: on the mobile team; joined the infrastructure team',
    steps: [
      { do: 'remember', memories: [{ content: 'Olga Petrova is on the mobile team at Bolt.' }] },
      { do: 'remember', memories: [{ content: 'Olga Petrova joined the infrastructure team at Bolt last month.' }] },
    ],
    checks: [
      { version: { now: 'infrastructure team', was: 'mobile team' } },
      { answer: 'Which team is Olga on?', expect: 'infrastructure', above: 'mobile team' },
      { profileHas: 'infrastructure' },
    ],
  },
  {
    id: 'dev-upd4b-control-holiday',
    class: 'updates',
    split: 'dev',
    about: 'a note: lives in Bristol; a later note: a week in Barcelona on holiday (not a move)',
    steps: [
      { do: 'note', content: 'Ben Carter lives in Bristol.' },
      { do: 'note', content: 'Ben Carter spent a week in Barcelona on holiday.' },
    ],
    checks: [{ live: ['Bristol'] }, { answer: 'Where does Ben live?', expect: 'Bristol' }, { profileHas: 'Bristol' }],
  },
  {
    id: 'dev-upd4b-pastime-swapped',
    class: 'updates',
    split: 'dev',
    about: 'a note: paints watercolours; a later note: swapped painting for pottery',
    steps: [
      { do: 'note', content: 'Zoe Adams paints watercolours in her free time.' },
      { do: 'note', content: 'Zoe Adams has swapped painting for pottery classes on Thursdays.' },
    ],
    checks: [
      { version: { now: 'pottery', was: 'paints watercolours' } },
      { answer: "What is Zoe's hobby?", expect: 'pottery', above: 'paints watercolours' },
      { profileHas: 'pottery' },
    ],
  },
];
