import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/** Class 2: after a delete (one, bulk, a connection's) or a move, the memories drawn only from it go with it. */
export const DELETE_CASES: TruthCase[] = [
  {
    id: 'del-one-of-two-notes',
    class: 'deletes',
    split: 'tune',
    about: 'two notes about one person; the one about his music is deleted, the one about his home stays',
    steps: [
      { do: 'note', as: 'music', content: 'Hamid Karimi plays the oud in a small ensemble that rehearses on Thursday evenings.' },
      { do: 'note', as: 'home', content: 'Hamid Karimi lives in Mashhad with his two brothers and their elderly mother.' },
      { do: 'delete', target: 'music' },
    ],
    checks: [
      { absent: ['oud'] },
      { absent: ['ensemble'] },
      { unfound: 'What instrument does Hamid play?', text: 'oud' },
      { live: ['Mashhad'] },
      { answer: 'Which city is Hamid based in?', expect: 'Mashhad' },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'del-only-note-empties-tag',
    class: 'deletes',
    split: 'report',
    about: 'the only note of a tag is deleted: nothing is left to find',
    steps: [
      {
        do: 'note',
        as: 'n',
        content:
          '# Packing list for Iceland\n\nGuðrún lent us her 4-season tent. We pick up the camper van in Keflavík on 3 July and drive the Ring Road counter-clockwise.',
      },
      { do: 'delete', target: 'n' },
    ],
    checks: [
      { count: { documents: 0, memories: 0 } },
      { unfound: 'Who lent us a tent?', text: ['Guðrún', 'tent'] },
      { unfound: 'Where do we pick up the camper van?', text: 'Keflavík' },
      { profileLacks: ['tent', 'camper'] },
    ],
  },
  {
    id: 'del-bulk-by-ids',
    class: 'deletes',
    split: 'tune',
    about: 'three meeting notes, two removed in one bulk delete by id',
    steps: [
      {
        do: 'note',
        as: 'mon',
        content: 'Standup, Monday: Bogdan is blocked on the Stripe webhook retries and will pair with Elif on it.',
      },
      {
        do: 'note',
        as: 'tue',
        content: 'Standup, Tuesday: the staging database was moved to the Frankfurt region; Bogdan rotated the credentials.',
      },
      {
        do: 'note',
        as: 'wed',
        content: 'Standup, Wednesday: Elif shipped the CSV export for the accounting team and is on support rotation this week.',
      },
      { do: 'bulkDelete', targets: ['mon', 'tue'] },
    ],
    checks: [
      { absent: ['webhook'] },
      { absent: ['Frankfurt'] },
      { unfound: 'Where is the staging database hosted?', text: 'Frankfurt' },
      { live: ['CSV export'] },
      { answer: 'What did Elif ship?', expect: 'CSV export' },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'del-bulk-by-tag',
    class: 'deletes',
    split: 'report',
    about: 'a tag emptied with a bulk delete by container tag',
    steps: [
      { do: 'note', content: 'Noa Ben-David is training as a sommelier and works weekends at a wine bar in Jaffa.' },
      { do: 'note', content: 'Noa Ben-David is saving up for a trip to Georgia to visit the vineyards of Kakheti.' },
      { do: 'bulkDelete', tags: ['.'] },
    ],
    checks: [
      { count: { documents: 0, memories: 0 } },
      { unfound: 'What is Noa training to become?', text: 'sommelier' },
      { unfound: 'Where is Noa planning to travel?', text: 'Kakheti' },
      { profileLacks: ['sommelier', 'Kakheti'] },
    ],
  },
  {
    id: 'del-shared-fact-stays',
    class: 'deletes',
    split: 'tune',
    about: 'two notes state the same job; deleting one keeps the job but drops what only it said',
    steps: [
      {
        do: 'note',
        as: 'a',
        content: 'Ingrid Solberg is a paediatric nurse. She is running the Oslo marathon in September.',
      },
      {
        do: 'note',
        as: 'b',
        content: 'Ingrid Solberg is a paediatric nurse. She grows tomatoes in a community garden in Grünerløkka.',
      },
      { do: 'delete', target: 'a' },
    ],
    checks: [
      { live: ['nurse'] },
      { answer: "What's Ingrid's job?", expect: 'nurse' },
      { absent: ['marathon'] },
      { unfound: 'What race is Ingrid running?', text: 'marathon' },
      { live: ['tomatoes'] },
      { count: { documents: 1, memories: { min: 2 } } },
    ],
  },
  {
    id: 'del-crawler-connection',
    class: 'deletes',
    split: 'report',
    about: 'a crawled site is removed with its connection; a note that says one of its facts keeps that fact',
    steps: [
      {
        do: 'crawl',
        as: 'site',
        start: '/',
        pages: {
          '/': htmlPage(
            'Fernhill Climbing Club',
            `<header><nav><a href="/">Home</a> <a href="/schedule">Schedule</a></nav></header>
<main><h1>Fernhill Climbing Club</h1>
<p>The club meets at the Castle Wall bouldering centre in Bristol. Membership costs £60 a year.</p>
<p>Our president is Rhiannon Price, who has climbed in the Peak District for twenty years.</p>
<p><a href="/schedule">See the schedule</a></p></main>`,
          ),
          '/schedule': htmlPage(
            'Schedule — Fernhill Climbing Club',
            `<header><nav><a href="/">Home</a> <a href="/schedule">Schedule</a></nav></header>
<main><h1>Schedule</h1>
<p>Beginners' nights are on Wednesdays from 7 pm, led by Callum Reid.</p>
<p>The annual trip goes to Fontainebleau in April.</p></main>`,
          ),
        },
      },
      { do: 'note', content: 'Rhiannon Price is the president of the Fernhill Climbing Club.' },
      { do: 'deleteConnection', target: 'site' },
    ],
    checks: [
      { absent: ['Fontainebleau'] },
      { absent: ['£60'] },
      { absent: ['Callum'] },
      { unfound: 'Where does the club go on its yearly trip?', text: 'Fontainebleau' },
      { unfound: 'Who runs the beginners nights?', text: 'Callum' },
      { live: ['Rhiannon', 'president'] },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'move-note-to-other-tag',
    class: 'deletes',
    split: 'tune',
    about: 'a note filed under the wrong person is moved to the right tag',
    steps: [
      { do: 'note', content: 'Chidi Okeke is a secondary-school maths teacher in Enugu.' },
      { do: 'note', as: 'wrong', content: 'Obiageli Nwosu works as a software engineer at Flutterwave and lives in Lagos.' },
      { do: 'edit', target: 'wrong', moveTo: 'obiageli' },
    ],
    checks: [
      { absent: ['Flutterwave'] },
      { unfound: 'Where does Obiageli work?', text: 'Flutterwave' },
      { live: ['Flutterwave'], tag: 'obiageli' },
      { answer: 'Who employs Obiageli?', expect: 'Flutterwave', tag: 'obiageli' },
      { live: ['maths'] },
      { count: { documents: 1 } },
      { count: { documents: 1, memories: { min: 1 } }, tag: 'obiageli' },
    ],
  },
  {
    id: 'move-conversation',
    class: 'deletes',
    split: 'report',
    about: 'a chat saved in a shared tag is moved to the personal tag of the one who spoke',
    steps: [
      {
        do: 'chat',
        as: 'chat',
        conversationId: 'mv-chat-1',
        messages: [
          { role: 'user', name: 'Matteo', content: "hey so I finally signed up for the pottery course at the community centre, it's on tuesdays" },
          { role: 'assistant', content: 'Nice! Is it wheel throwing or hand building?' },
          { role: 'user', name: 'Matteo', content: 'wheel throwing. my partner Giada got me a voucher for it for my birthday' },
        ],
      },
      { do: 'edit', target: 'chat', moveTo: 'matteo' },
    ],
    checks: [
      { absent: ['pottery'] },
      { unfound: 'What course did Matteo sign up for?', text: 'pottery' },
      { live: ['pottery'], tag: 'matteo' },
      { answer: 'What class is Matteo taking?', expect: ['pottery', 'wheel throwing'], tag: 'matteo' },
      { count: { documents: 0, memories: 0 } },
    ],
  },
  {
    id: 'del-conversation',
    class: 'deletes',
    split: 'tune',
    about: 'a conversation deleted as a document: what was said in it goes',
    steps: [
      {
        do: 'chat',
        as: 'chat',
        conversationId: 'del-chat-1',
        messages: [
          { role: 'user', name: 'Aroha', content: "I'm flying to Wellington on the 12th for my cousin's wedding" },
          { role: 'assistant', content: 'Congratulations to your cousin! Do you need a hotel?' },
          { role: 'user', name: 'Aroha', content: "nah I'm staying with my aunt Mere in Karori" },
        ],
      },
      { do: 'note', content: 'Aroha Ngata works night shifts as a radiographer at Auckland City Hospital.' },
      { do: 'delete', target: 'chat' },
    ],
    checks: [
      { absent: ['Karori'] },
      { absent: ['wedding'] },
      { unfound: 'Where is Aroha staying in Wellington?', text: 'Karori' },
      { live: ['radiographer'] },
      { answer: 'What does Aroha do for work?', expect: 'radiographer' },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'del-web-page',
    class: 'deletes',
    split: 'report',
    about: 'a web page added by URL and deleted',
    steps: [
      {
        do: 'page',
        as: 'p',
        via: 'url',
        path: '/people/sandor-kovacs',
        html: htmlPage(
          'Sándor Kovács — Speaker',
          `<nav><a href="/">Budapest Data Days</a> · <a href="/speakers">Speakers</a></nav>
<main><h1>Sándor Kovács</h1>
<p>Sándor Kovács is a principal engineer at Prezi and maintains an open-source time-series database called Lepke.</p>
<p>His talk covers compressing sensor data from Hungarian railway lines.</p></main>`,
        ),
      },
      { do: 'note', content: 'Sándor Kovács and I are meeting for coffee at Szimpla on Friday.' },
      { do: 'delete', target: 'p' },
    ],
    checks: [
      { absent: ['Lepke'] },
      { absent: ['Prezi'] },
      { unfound: 'Where does Sándor work?', text: 'Prezi' },
      { live: ['Szimpla'] },
      { count: { documents: 1 } },
    ],
  },
  {
    id: 'del-pdf',
    class: 'deletes',
    split: 'tune',
    about: 'an uploaded PDF is deleted; a direct memory on the same subject stays',
    steps: [
      {
        do: 'pdf',
        as: 'pdf',
        file: 'tenancy-summary.pdf',
        pdf: {
          pages: [
            [
              { title: 'Tenancy summary' },
              { text: 'Tenant: Wanjiru Kamau. The flat is at 17 Ngong Road, Nairobi, and the monthly rent is 45,000 shillings.' },
              { text: 'The landlord, Mr. Otieno, requires two months of deposit. Pets are not allowed.' },
            ],
          ],
        },
      },
      { do: 'remember', memories: [{ content: 'Wanjiru Kamau has a cat named Zuri.' }] },
      { do: 'delete', target: 'pdf' },
    ],
    checks: [
      { absent: ['Ngong'] },
      { absent: ['45,000'] },
      { unfound: "How much is Wanjiru's rent?", text: '45,000' },
      { live: ['Zuri'] },
      { answer: 'What is the name of Wanjiru’s cat?', expect: 'Zuri' },
    ],
  },
  {
    id: 'move-one-of-two',
    class: 'deletes',
    split: 'report',
    about: 'of two documents in a tag, one moves to another tag; each tag keeps only its own',
    steps: [
      { do: 'note', content: 'Project Kestrel: the mobile redesign is owned by Astrid Berg and ships in the spring release.' },
      { do: 'note', as: 'ops', content: 'Project Heron: the data-centre migration to Dublin is run by Finn Byrne.' },
      { do: 'edit', target: 'ops', moveTo: 'heron' },
    ],
    checks: [
      { absent: ['Finn'] },
      { unfound: 'Who runs the data-centre migration?', text: 'Finn' },
      { live: ['Astrid'] },
      { live: ['Finn'], tag: 'heron' },
      { answer: 'Where is the data centre moving to?', expect: 'Dublin', tag: 'heron' },
      { absent: ['Astrid'], tag: 'heron' },
      { count: { documents: 1 } },
    ],
  },
  {
    id: 'del-readded-customid',
    class: 'deletes',
    split: 'tune',
    about: 'a note re-added under its customId, then deleted by that customId: neither version remains',
    steps: [
      { do: 'note', as: 'card', customId: 'contact-esperanza', content: 'Esperanza Ruiz teaches flamenco guitar in Seville.' },
      { do: 'note', as: 'card', customId: 'contact-esperanza', content: 'Esperanza Ruiz teaches flamenco guitar in Seville and Córdoba.' },
      { do: 'delete', target: 'card' },
    ],
    checks: [{ absent: ['flamenco'] }, { unfound: 'What does Esperanza teach?', text: 'flamenco' }, { count: { documents: 0, memories: 0 } }],
  },
  {
    id: 'del-bulk-mixed-sources',
    class: 'deletes',
    split: 'report',
    about: 'a note and an uploaded page deleted together in bulk; a third note stays',
    steps: [
      { do: 'note', as: 'n1', content: 'Tamar Levi is the treasurer of the Haifa rowing club.' },
      {
        do: 'page',
        as: 'p1',
        via: 'file',
        path: '/club/regatta.html',
        html: htmlPage(
          'Spring regatta',
          `<main><h1>Spring regatta</h1><p>The spring regatta on Lake Kinneret starts at 8 am. Boats launch from the Ein Gev jetty.</p></main>`,
        ),
      },
      { do: 'note', content: 'Yossi Amar coaches the junior rowers on Sunday mornings.' },
      { do: 'bulkDelete', targets: ['n1', 'p1'] },
    ],
    checks: [
      { absent: ['treasurer'] },
      { absent: ['Ein Gev'] },
      { unfound: 'Who is the treasurer of the rowing club?', text: 'Tamar' },
      { unfound: 'Where does the regatta start?', text: 'Ein Gev' },
      { live: ['Yossi'] },
      { count: { documents: 1 } },
    ],
  },
];
