import type { TruthCase } from '../types.js';

/**
 * Dev set, class 7, third batch: a later statement of the same attribute in wordings that carry no
 * change word ("instead", "now", "no longer"): a new employer started at, a city relocated to, a
 * team transferred to, a car traded in. Written before any work on them, in two halves: `dev-upd3a-*`
 * is worked on, `dev-upd3b-*` is only reported.
 */
export const THIRD_DEV_UPDATE_CASES: TruthCase[] = [
  {
    id: 'dev-upd3a-started-at',
    class: 'updates',
    split: 'dev',
    about: 'a note: data engineer at Spotify; a later note: started at Klarna after four years with Spotify',
    steps: [
      { do: 'note', content: 'Priya Raman is a data engineer at Spotify in Stockholm.' },
      { do: 'note', content: 'Priya Raman started at Klarna on Monday after four years with Spotify.' },
    ],
    checks: [
      { version: { now: 'Klarna', was: 'engineer at Spotify' } },
      { answer: 'Where does Priya work?', expect: 'Klarna', above: 'engineer at Spotify' },
      { profileHas: 'Klarna' },
    ],
  },
  {
    id: 'dev-upd3a-relocated',
    class: 'updates',
    split: 'dev',
    about: 'a note: lives in Gothenburg; a later note: relocated to Malmö',
    steps: [
      { do: 'note', content: 'Jonas Berg lives in Gothenburg with his two sons.' },
      { do: 'note', content: 'Jonas Berg relocated to Malmö in August and rents out the old flat.' },
    ],
    checks: [
      { version: { now: 'Malmö', was: 'lives in Gothenburg' } },
      { answer: 'Where does Jonas live?', expect: 'Malmö', above: 'lives in Gothenburg' },
      { profileHas: 'Malmö' },
    ],
  },
  {
    id: 'dev-upd3a-transferred-team',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: on the payments team; transferred to the fraud team',
    steps: [
      { do: 'remember', memories: [{ content: 'Grace Okafor is on the payments team at Monzo.' }] },
      { do: 'remember', memories: [{ content: 'Grace Okafor transferred to the fraud team in March.' }] },
    ],
    checks: [
      { version: { now: 'fraud team', was: 'payments team' } },
      { answer: 'Which team is Grace on?', expect: 'fraud', above: 'payments team' },
      { profileHas: 'fraud' },
    ],
  },
  {
    id: 'dev-upd3a-traded-car',
    class: 'updates',
    split: 'dev',
    about: 'a note: drives a Volvo; a chat: traded it in for a Tesla',
    steps: [
      { do: 'note', content: 'Lars Nilsson drives a red Volvo XC60 to the office.' },
      {
        do: 'chat',
        conversationId: 'dev-upd3a-lars',
        messages: [{ role: 'user', name: 'Lars', content: 'picked up my Tesla Model Y today, the dealer took the Volvo as part of the deal' }],
      },
    ],
    checks: [
      { version: { now: 'Tesla', was: 'Volvo XC60' } },
      { answer: 'What car does Lars drive?', expect: 'Tesla', above: 'Volvo XC60' },
      { profileHas: 'Tesla' },
    ],
  },
  {
    id: 'dev-upd3a-married',
    class: 'updates',
    split: 'dev',
    about: 'a note: wife Meera; a later note: divorced, married Ananya',
    steps: [
      { do: 'note', content: "Ravi Kumar's wife is Meera, a pediatrician." },
      { do: 'note', content: 'Ravi Kumar and Meera divorced in 2024. Ravi Kumar married Ananya Rao in June.' },
    ],
    checks: [
      { version: { now: 'Ananya', was: 'wife is Meera' } },
      { answer: "Who is Ravi's partner?", expect: 'Ananya', above: 'wife is Meera' },
      { profileHas: 'Ananya' },
    ],
  },
  {
    id: 'dev-upd3a-transferred-school',
    class: 'updates',
    split: 'dev',
    about: 'a note: attends one lycée; a later note: transferred to another',
    steps: [
      { do: 'note', content: 'Chloé Martin attends the Lycée Henri-IV in Paris.' },
      { do: 'note', content: 'Chloé Martin transferred to the Lycée Louis-le-Grand in January.' },
    ],
    checks: [
      { version: { now: 'Louis-le-Grand', was: 'Henri-IV' } },
      { answer: 'Which school does Chloé go to?', expect: 'Louis-le-Grand', above: 'Henri-IV' },
      { profileHas: 'Louis-le-Grand' },
    ],
  },
  {
    id: 'dev-upd3a-new-role',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: a nurse; her new role is paramedic',
    steps: [
      { do: 'remember', memories: [{ content: 'Aiko Mori works as a nurse at St Luke’s hospital.' }] },
      { do: 'remember', memories: [{ content: 'Aiko Mori retrained and took a job as a paramedic with the city ambulance service.' }] },
    ],
    checks: [
      { version: { now: 'paramedic', was: 'nurse' } },
      { answer: 'What does Aiko do for a living?', expect: 'paramedic', above: 'works as a nurse' },
      { profileHas: 'paramedic' },
    ],
  },
  {
    id: 'dev-upd3a-chat-moved-house',
    class: 'updates',
    split: 'dev',
    about: 'a chat: lives in Leeds; a later chat: moved into the house in York',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd3a-hannah-1',
        messages: [{ role: 'user', name: 'Hannah', content: 'I live in Leeds, about ten minutes from the station' }],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd3a-hannah-2',
        messages: [{ role: 'user', name: 'Hannah', content: 'we got the keys to the house in York and moved in last weekend' }],
      },
    ],
    checks: [
      { version: { now: 'York', was: 'live in Leeds' } },
      { answer: 'Where does Hannah live?', expect: 'York', above: 'in Leeds' },
      { profileHas: 'York' },
    ],
  },
  {
    id: 'dev-upd3a-reassigned-project',
    class: 'updates',
    split: 'dev',
    about: 'a note: building the checkout service; a later note: reassigned to the search project',
    steps: [
      { do: 'note', content: 'Mateo Silva is working on the checkout redesign project at Zalora.' },
      { do: 'note', content: 'Mateo Silva was reassigned to the search relevance project last sprint.' },
    ],
    checks: [
      { version: { now: 'search relevance', was: 'checkout redesign' } },
      { answer: 'Which project is Mateo working on?', expect: 'search relevance', above: 'checkout redesign' },
      { profileHas: 'search relevance' },
    ],
  },
  {
    id: 'dev-upd3a-language-classes',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: learning Japanese; signed up for Korean after dropping Japanese',
    steps: [
      { do: 'remember', memories: [{ content: 'Oskar Lind is learning Japanese at the university evening school.' }] },
      { do: 'remember', memories: [{ content: 'Oskar Lind stopped his Japanese course and is learning Korean with a tutor.' }] },
    ],
    checks: [
      { version: { now: 'Korean', was: 'learning Japanese' } },
      { answer: 'Which language is Oskar learning?', expect: 'Korean', above: 'learning Japanese' },
      { profileHas: 'Korean' },
    ],
  },
  {
    id: 'dev-upd3b-joined-firm',
    class: 'updates',
    split: 'dev',
    about: 'a chat: an auditor at Deloitte; a later chat: first day at EY was yesterday',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd3b-sam-1',
        messages: [{ role: 'user', name: 'Samuel', content: 'I am an auditor at Deloitte in the Manchester office' }],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd3b-sam-2',
        messages: [{ role: 'user', name: 'Samuel', content: 'my first day at EY was yesterday, the audit team there seems friendly' }],
      },
    ],
    checks: [
      { version: { now: 'EY', was: 'auditor at Deloitte' } },
      { answer: 'Where does Samuel work?', expect: 'EY', above: 'auditor at Deloitte' },
      { profileHas: 'EY' },
    ],
  },
  {
    id: 'dev-upd3b-settled-in',
    class: 'updates',
    split: 'dev',
    about: 'a note: lives in Porto; a later note: settled in Lisbon',
    steps: [
      { do: 'note', content: 'Inês Costa lives in Porto near the river.' },
      { do: 'note', content: 'Inês Costa settled in Lisbon after taking the flat in Alfama.' },
    ],
    checks: [
      { version: { now: 'Lisbon', was: 'lives in Porto' } },
      { answer: 'Where does Inês live?', expect: 'Lisbon', above: 'lives in Porto' },
      { profileHas: 'Lisbon' },
    ],
  },
  {
    id: 'dev-upd3b-diet-fish',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: vegan; eats fish again on the doctor’s advice',
    steps: [
      { do: 'remember', memories: [{ content: 'Noah Fischer is vegan.' }] },
      { do: 'remember', memories: [{ content: 'Noah Fischer is pescatarian since his doctor advised more protein.' }] },
    ],
    checks: [
      { version: { now: 'pescatarian', was: 'is vegan' } },
      { answer: "What is Noah's diet?", expect: 'pescatarian', above: 'is vegan' },
      { profileHas: 'pescatarian' },
    ],
  },
  {
    id: 'dev-upd3b-double-bass',
    class: 'updates',
    split: 'dev',
    about: 'a note: plays the cello; a later note: sold the cello, practises the double bass daily',
    steps: [
      { do: 'note', content: 'Elena Petrova plays the cello in the Sofia youth orchestra.' },
      { do: 'note', content: 'Elena Petrova sold her cello and practises the double bass every day.' },
    ],
    checks: [
      { version: { now: 'double bass', was: 'plays the cello' } },
      { answer: 'What instrument does Elena play?', expect: 'double bass', above: 'plays the cello' },
      { profileHas: 'double bass' },
    ],
  },
  {
    id: 'dev-upd3b-rehomed-dog',
    class: 'updates',
    split: 'dev',
    about: 'a note: a retriever named Biscuit; a later note: Biscuit rehomed, adopted a greyhound',
    steps: [
      { do: 'note', content: 'Dev Patel has a golden retriever named Biscuit.' },
      { do: 'note', content: 'Dev Patel rehomed Biscuit with his parents and adopted a greyhound called Arrow.' },
    ],
    checks: [
      { version: { now: 'Arrow', was: 'retriever named Biscuit' } },
      { answer: "What is the name of Dev's dog?", expect: 'Arrow', above: 'retriever named Biscuit' },
      { profileHas: 'Arrow' },
    ],
  },
  {
    id: 'dev-upd3b-moved-teams',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: in the mobile team; joined the platform team',
    steps: [
      { do: 'remember', memories: [{ content: 'Kofi Mensah is in the mobile team at Shopify.' }] },
      { do: 'remember', memories: [{ content: 'Kofi Mensah joined the platform team after the reorganisation.' }] },
    ],
    checks: [
      { version: { now: 'platform team', was: 'mobile team' } },
      { answer: 'Which team is Kofi in?', expect: 'platform', above: 'mobile team' },
      { profileHas: 'platform' },
    ],
  },
  {
    id: 'dev-upd3b-hired-by',
    class: 'updates',
    split: 'dev',
    about: 'a note: a designer at IDEO; a later note: hired by Figma',
    steps: [
      { do: 'note', content: 'Sofia Alvarez is a product designer at IDEO.' },
      { do: 'note', content: 'Sofia Alvarez was hired by Figma as a senior designer this autumn.' },
    ],
    checks: [
      { version: { now: 'Figma', was: 'designer at IDEO' } },
      { answer: 'Where does Sofia work?', expect: 'Figma', above: 'designer at IDEO' },
      { profileHas: 'Figma' },
    ],
  },
  {
    id: 'dev-upd3b-engaged',
    class: 'updates',
    split: 'dev',
    about: 'a chat: boyfriend Marco; a later chat: split with Marco, engaged to Luca',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd3b-giulia-1',
        messages: [{ role: 'user', name: 'Giulia', content: 'my boyfriend Marco is cooking tonight' }],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd3b-giulia-2',
        messages: [{ role: 'user', name: 'Giulia', content: 'Marco and I went our separate ways last year. Luca proposed on Sunday and we are engaged!' }],
      },
    ],
    checks: [
      { version: { now: 'Luca', was: 'boyfriend Marco' } },
      { answer: "Who is Giulia's partner?", expect: 'Luca', above: 'boyfriend Marco' },
      { profileHas: 'Luca' },
    ],
  },
  {
    id: 'dev-upd3b-commutes-bike',
    class: 'updates',
    split: 'dev',
    about: 'direct writes: drives a Ford Focus; bought a Kia EV6',
    steps: [
      { do: 'remember', memories: [{ content: 'Tariq Aziz drives a Ford Focus.' }] },
      { do: 'remember', memories: [{ content: 'Tariq Aziz bought a Kia EV6 and gave the Ford Focus to his nephew.' }] },
    ],
    checks: [
      { version: { now: 'Kia', was: 'drives a Ford Focus' } },
      { answer: 'What car does Tariq drive?', expect: 'Kia', above: 'drives a Ford Focus' },
      { profileHas: 'Kia' },
    ],
  },
  {
    id: 'dev-upd3b-enrolled',
    class: 'updates',
    split: 'dev',
    about: 'a note: studies law at Leiden; a later note: enrolled in medicine at Utrecht',
    steps: [
      { do: 'note', content: 'Daan de Vries studies law at Leiden University.' },
      { do: 'note', content: 'Daan de Vries enrolled in medicine at Utrecht University this September.' },
    ],
    checks: [
      { version: { now: 'medicine', was: 'studies law' } },
      { answer: 'What does Daan study?', expect: 'medicine', above: 'studies law' },
      { profileHas: 'medicine' },
    ],
  },
];
