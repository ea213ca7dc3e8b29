import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 7: a fact, then a later note, chat, page or direct write that changes it in
 * everyday words — handed in notice, finally moved, switched to decaf, single again, ditched one
 * city for another, sold one car and bought another, dropped out and enrolled elsewhere.
 */
export const DEV_UPDATE_CASES: TruthCase[] = [
  {
    id: 'dev-upd-handed-in-notice',
    class: 'updates',
    split: 'dev',
    about: 'a note on a job, then a chat: “handed in my notice at X, starting at Y next week”',
    steps: [
      { do: 'note', content: 'Nomvula Khumalo works as an actuary at Old Mutual in Cape Town.' },
      {
        do: 'chat',
        conversationId: 'dev-upd-nomvula',
        messages: [
          { role: 'user', name: 'Nomvula', content: 'handed in my notice at Old Mutual today 🙌 starting at Discovery next week' },
          { role: 'assistant', content: 'Big step, congratulations!' },
        ],
      },
    ],
    checks: [
      { version: { now: 'Discovery', was: 'actuary at Old Mutual' } },
      { answer: 'Who employs Nomvula?', expect: 'Discovery', above: 'actuary at Old Mutual' },
      { profileHas: 'Discovery' },
      { profileLacks: 'actuary at Old Mutual' },
    ],
  },
  {
    id: 'dev-upd-finally-moved',
    class: 'updates',
    split: 'dev',
    about: 'a home, then “we finally moved — new address is in …”',
    steps: [
      { do: 'note', content: 'Ondřej Novák lives in Brno, in a flat near Špilberk castle.' },
      {
        do: 'chat',
        conversationId: 'dev-upd-ondrej',
        messages: [{ role: 'user', name: 'Ondřej', content: 'we finally moved!! new address is Dolní náměstí 12 in Olomouc, come visit' }],
      },
    ],
    checks: [
      { version: { now: 'Olomouc', was: 'Brno' } },
      { answer: 'Which city is Ondřej in these days?', expect: 'Olomouc', above: 'Brno' },
      { profileHas: 'Olomouc' },
      { profileLacks: 'lives in Brno' },
    ],
  },
  {
    id: 'dev-upd-switched-to-decaf',
    class: 'updates',
    split: 'dev',
    about: 'direct memory writes: a coffee habit, then “switched to decaf”',
    steps: [
      { do: 'remember', memories: [{ content: 'Henrik Lund drinks three double espressos a day.' }] },
      { do: 'remember', memories: [{ content: 'Henrik Lund switched to decaf on his doctor’s advice.' }] },
    ],
    checks: [
      { version: { now: 'decaf', was: 'espresso' } },
      { answer: 'What coffee does Henrik drink?', expect: 'decaf', above: 'three double espressos' },
      { profileHas: 'decaf' },
      { profileLacks: 'three double espressos' },
    ],
  },
  {
    id: 'dev-upd-not-vegan-anymore',
    class: 'updates',
    split: 'dev',
    about: 'two chats: “I’m vegan”, later “not vegan anymore btw”',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd-priscila-1',
        messages: [
          { role: 'user', name: 'Priscila', content: "I'm vegan so no cheese on my pizza please" },
          { role: 'assistant', content: 'Noted, no cheese.' },
        ],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd-priscila-2',
        messages: [
          { role: 'user', name: 'Priscila', content: 'not vegan anymore btw, I eat fish and eggs again' },
          { role: 'assistant', content: 'Thanks for letting me know.' },
        ],
      },
    ],
    checks: [
      { version: { now: ['not vegan', 'no longer vegan', 'fish'], was: 'vegan' } },
      { answer: 'Is Priscila vegan?', expect: ['not vegan', 'no longer vegan', 'fish'], above: ['is vegan', 'is a vegan', "I'm vegan"] },
      { profileHas: ['not vegan', 'no longer vegan', 'fish'] },
      { profileLacks: ['is vegan', 'is a vegan'] },
    ],
  },
  {
    id: 'dev-upd-single-again',
    class: 'updates',
    split: 'dev',
    about: 'an engagement, then “she’s single again”',
    steps: [
      { do: 'note', content: 'Marisa Conti is engaged to Federico, a pilot with ITA Airways.' },
      { do: 'note', content: 'Marisa Conti called off the engagement in the spring — she’s single again.' },
    ],
    checks: [
      { version: { now: ['single', 'called off'], was: 'engaged to Federico' } },
      { answer: 'Is Marisa seeing anyone?', expect: ['single', 'called off'], above: 'engaged to Federico' },
      { profileHas: 'single' },
      { profileLacks: 'engaged to Federico' },
    ],
  },
  {
    id: 'dev-upd-promoted-to',
    class: 'updates',
    split: 'dev',
    about: 'a role, then “has been promoted to …”',
    steps: [
      { do: 'note', content: 'Kavya Raghunathan is a senior nurse on the cardiac ward at Apollo Hospital in Chennai.' },
      { do: 'note', content: 'Kavya Raghunathan has been promoted to nursing superintendent at Apollo Hospital.' },
    ],
    checks: [
      { version: { now: 'superintendent', was: 'senior nurse' } },
      { answer: "What's Kavya's position?", expect: 'superintendent', above: 'senior nurse' },
      { profileHas: 'superintendent' },
      { profileLacks: 'senior nurse' },
    ],
  },
  {
    id: 'dev-upd-now-leads-team',
    class: 'updates',
    split: 'dev',
    about: 'one chat continued: a team, then “I now lead the … team”',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd-burak',
        messages: [
          { role: 'user', name: 'Burak', content: "I'm on the payments team at Getir, just a regular backend dev" },
          { role: 'assistant', content: 'What are you working on?' },
        ],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd-burak',
        messages: [
          { role: 'user', name: 'Burak', content: "I'm on the payments team at Getir, just a regular backend dev" },
          { role: 'assistant', content: 'What are you working on?' },
          { role: 'user', name: 'Burak', content: 'update: I now lead the fraud detection team at Getir 😎 moved over this month' },
          { role: 'assistant', content: 'Congratulations on the new role!' },
        ],
      },
    ],
    checks: [
      { version: { now: 'fraud', was: 'payments' } },
      { answer: 'Which team is Burak on?', expect: 'fraud', above: 'payments' },
      { profileHas: 'fraud' },
      { profileLacks: 'payments team' },
    ],
  },
  {
    id: 'dev-upd-ditched-rome',
    class: 'updates',
    split: 'dev',
    about: 'a plan, then “we ditched Rome and booked Florence”',
    steps: [
      { do: 'note', content: 'Honeymoon plan: Anahit and Armen Sargsyan are going to Rome for ten days in May.' },
      { do: 'note', content: 'Honeymoon update: Anahit and Armen ditched Rome and booked Florence, a villa up in Fiesole.' },
    ],
    checks: [
      { version: { now: 'Florence', was: 'going to Rome' } },
      { answer: 'Where are Anahit and Armen going on honeymoon?', expect: 'Florence', above: 'going to Rome' },
      { profileHas: 'Florence' },
      { profileLacks: 'going to Rome' },
    ],
  },
  {
    id: 'dev-upd-rescheduled-offsite',
    class: 'updates',
    split: 'dev',
    about: 'an event date, then “rescheduled the offsite to …”',
    steps: [
      { do: 'note', content: 'The Zalando data team offsite is on 12 March 2027 in Leipzig.' },
      { do: 'note', content: 'We rescheduled the Zalando data team offsite to 23 April 2027; still in Leipzig.' },
    ],
    checks: [
      { version: { now: ['23 April', 'April 23', '2027-04-23'], was: ['12 March', 'March 12', '2027-03-12'] } },
      { answer: 'When is the data team offsite?', expect: ['23 April', 'April 23', '2027-04-23'], above: ['12 March', 'March 12', '2027-03-12'] },
      { profileHas: ['23 April', 'April 23', '2027-04-23'] },
      { profileLacks: ['12 March', 'March 12', '2027-03-12'] },
    ],
  },
  {
    id: 'dev-upd-favourite-band-these-days',
    class: 'updates',
    split: 'dev',
    about: 'two chats: a favourite band, then “my favourite band these days is …”',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd-saoirse-1',
        messages: [{ role: 'user', name: 'Saoirse', content: 'my favourite band is Fontaines D.C., seen them 4 times live' }],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd-saoirse-2',
        messages: [{ role: 'user', name: 'Saoirse', content: 'my favourite band these days is The Mary Wallopers, cannot stop playing them' }],
      },
    ],
    checks: [
      { version: { now: 'Mary Wallopers', was: 'Fontaines' } },
      { answer: "What's Saoirse's favourite band?", expect: 'Mary Wallopers', above: 'Fontaines' },
      { profileHas: 'Mary Wallopers' },
      { profileLacks: 'band is Fontaines' },
    ],
  },
  {
    id: 'dev-upd-sold-the-golf',
    class: 'updates',
    split: 'dev',
    about: 'a car in a note, then a chat: “sold the Golf and bought a Zoe”',
    steps: [
      { do: 'note', content: 'Étienne Moreau drives a grey VW Golf.' },
      {
        do: 'chat',
        conversationId: 'dev-upd-etienne',
        messages: [{ role: 'user', name: 'Étienne', content: 'sold the Golf and bought a Renault Zoe, going electric ⚡' }],
      },
    ],
    checks: [
      { version: { now: 'Zoe', was: 'grey VW Golf' } },
      { answer: 'What car does Étienne drive?', expect: 'Zoe', above: 'grey VW Golf' },
      { profileHas: 'Zoe' },
      { profileLacks: 'grey VW Golf' },
    ],
  },
  {
    id: 'dev-upd-cello-for-harp',
    class: 'updates',
    split: 'dev',
    about: 'a direct memory, then a note: “swapped the cello for the harp”',
    steps: [
      { do: 'remember', memories: [{ content: 'Ye-jin Cho plays the cello in the Seoul Youth Orchestra.' }] },
      { do: 'note', content: 'Ye-jin Cho swapped the cello for the harp this year and still plays in the Seoul Youth Orchestra.' },
    ],
    checks: [
      { version: { now: 'harp', was: 'plays the cello' } },
      { answer: 'What does Ye-jin play?', expect: 'harp', above: 'plays the cello' },
      { profileHas: 'harp' },
      { profileLacks: 'plays the cello' },
    ],
  },
  {
    id: 'dev-upd-dropped-out-enrolled',
    class: 'updates',
    split: 'dev',
    about: 'studies, then “dropped out of … and enrolled at …”',
    steps: [
      { do: 'note', content: 'Mihai Popescu studies law at the University of Bucharest.' },
      { do: 'note', content: 'Mihai Popescu dropped out of law school and enrolled at UNATC, the Bucharest film school, to study cinematography.' },
    ],
    checks: [
      { version: { now: 'cinematography', was: 'studies law' } },
      { answer: 'What does Mihai study?', expect: ['cinematography', 'film'], above: 'studies law' },
      { profileHas: 'cinematography' },
      { profileLacks: 'studies law' },
    ],
  },
  {
    id: 'dev-upd-staff-page-new-office',
    class: 'updates',
    split: 'dev',
    about: 'two uploaded staff pages: a city, then “now works from our new … office”',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/team/goran.html',
        html: htmlPage('Goran Petrović — Adriatic Freight', `<main><h1>Goran Petrović</h1><p>Goran Petrović is our account manager in Belgrade.</p></main>`),
      },
      {
        do: 'page',
        via: 'file',
        path: '/news/zagreb-office.html',
        html: htmlPage(
          'We opened in Zagreb — Adriatic Freight',
          `<main><h1>We opened in Zagreb</h1><p>Goran Petrović now works from our new Zagreb office on Ilica, with two colleagues from sales.</p></main>`,
        ),
      },
    ],
    checks: [
      { version: { now: 'Zagreb', was: 'Belgrade' } },
      { answer: 'Where is Goran based?', expect: 'Zagreb', above: 'Belgrade' },
      { profileHas: 'Zagreb' },
      { profileLacks: 'manager in Belgrade' },
    ],
  },
  {
    id: 'dev-upd-new-pet',
    class: 'updates',
    split: 'dev',
    about: 'two chats: a hamster, later “RIP … we adopted a shiba puppy”',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd-ayumi-1',
        messages: [{ role: 'user', name: 'Ayumi', content: "we have a hamster called Daifuku, he's the boss of the flat 🐹" }],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd-ayumi-2',
        messages: [{ role: 'user', name: 'Ayumi', content: 'RIP Daifuku 😢 we adopted a shiba inu puppy named Kinako last week, she is chaos' }],
      },
    ],
    checks: [
      { version: { now: 'Kinako', was: ['hamster called Daifuku', 'has a hamster', 'have a hamster'] } },
      { answer: 'What pet does Ayumi have?', expect: ['Kinako', 'shiba'], above: ['hamster called Daifuku', 'has a hamster', 'have a hamster'] },
      { profileHas: 'Kinako' },
      { profileLacks: ['hamster called Daifuku', 'has a hamster', 'have a hamster'] },
    ],
  },
  {
    id: 'dev-upd-quit-rugby',
    class: 'updates',
    split: 'dev',
    about: 'a sport in a note, then a direct write: “quit … and took up …”',
    steps: [
      { do: 'note', content: 'Lwazi Ndlovu plays rugby for the Wanderers second XV every Saturday.' },
      { do: 'remember', memories: [{ content: 'Lwazi Ndlovu quit rugby after a knee injury and took up open-water swimming.' }] },
    ],
    checks: [
      { version: { now: 'swim', was: 'plays rugby' } },
      { answer: 'What sport does Lwazi do?', expect: 'swim', above: 'plays rugby' },
      { profileHas: 'swim' },
      { profileLacks: 'plays rugby' },
    ],
  },
  {
    id: 'dev-upd-unnamed-user-moved',
    class: 'updates',
    split: 'dev',
    about: 'an unnamed user: “i live in Leeds”, a later chat “we moved last weekend”, asked in the first person',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-upd-leeds-1',
        messages: [
          { role: 'user', content: 'i live in Leeds and work at the uni library, need a cheap bike for the commute' },
          { role: 'assistant', content: 'Second-hand shops near the campus are a good start.' },
        ],
      },
      {
        do: 'chat',
        conversationId: 'dev-upd-leeds-2',
        messages: [
          { role: 'user', content: 'big news: got the job in Edinburgh and we moved last weekend, we live in Portobello now, right by the beach' },
          { role: 'assistant', content: 'Congratulations on the move!' },
        ],
      },
    ],
    checks: [
      { version: { now: ['Edinburgh', 'Portobello'], was: 'Leeds' } },
      { answer: 'Where do I live?', expect: ['Edinburgh', 'Portobello'], above: 'Leeds' },
      { profileHas: ['Edinburgh', 'Portobello'] },
      { profileLacks: 'live in Leeds' },
    ],
  },
];
