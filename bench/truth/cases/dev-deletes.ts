import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 2: after a delete (one document, bulk by ids or by tag, a crawler connection)
 * or a move, the memories drawn only from what went are gone from the tag it left; what other
 * documents say stays.
 */
export const DEV_DELETE_CASES: TruthCase[] = [
  {
    id: 'dev-del-middle-of-three',
    class: 'deletes',
    split: 'dev',
    about: 'three notes about one person; the one about his job is deleted',
    steps: [
      { do: 'note', as: 'music', content: 'Kalani Akana plays slack-key guitar at a bar in Kapahulu on Friday nights.' },
      { do: 'note', as: 'job', content: 'Kalani Akana works as a lifeguard at Hanauma Bay.' },
      { do: 'note', as: 'family', content: 'Kalani Akana’s daughter Maile is starting kindergarten in the autumn.' },
      { do: 'delete', target: 'job' },
    ],
    checks: [
      { absent: ['lifeguard'] },
      { unfound: "What's Kalani's job?", text: ['lifeguard', 'Hanauma'] },
      { live: ['slack-key'] },
      { answer: "What's the name of Kalani's daughter?", expect: 'Maile' },
      { count: { documents: 2, memories: { min: 2 } } },
    ],
  },
  {
    id: 'dev-del-bulk-one-tag-of-two',
    class: 'deletes',
    split: 'dev',
    about: 'work notes in one tag and personal notes in another; the work tag is bulk-deleted',
    steps: [
      { do: 'note', tag: 'work', content: 'Sprint review: Rizal Hakim demoed the new tax calculator for Tokopedia sellers.' },
      { do: 'note', tag: 'work', content: 'Rizal Hakim is on call for the payments gateway until Sunday.' },
      { do: 'note', content: 'Rizal Hakim is learning gamelan at a studio in Yogyakarta.' },
      { do: 'bulkDelete', tags: ['work'] },
    ],
    checks: [
      { count: { documents: 0, memories: 0 }, tag: 'work' },
      { unfound: 'What did Rizal demo?', text: 'tax calculator', tag: 'work' },
      { absent: ['on call'], tag: 'work' },
      { live: ['gamelan'] },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'dev-move-chat-to-person',
    class: 'deletes',
    split: 'dev',
    about: 'a chat saved in a family tag is moved to the speaker’s own tag; a note stays behind',
    steps: [
      { do: 'note', content: 'The Diallo family dinner is at Grandma Mariama’s house on the first Sunday of each month.' },
      {
        do: 'chat',
        as: 'chat',
        conversationId: 'dev-mv-aminata',
        messages: [
          { role: 'user', name: 'Aminata', content: "so I've signed up for the Lyon half marathon in October, first one ever 😬" },
          { role: 'assistant', content: 'Exciting! Do you have a training plan?' },
          { role: 'user', name: 'Aminata', content: 'my coworker Théo is lending me his plan, he did Paris last year' },
        ],
      },
      { do: 'edit', target: 'chat', moveTo: 'aminata' },
    ],
    checks: [
      { absent: ['marathon'] },
      { unfound: 'What race is Aminata running?', text: 'marathon' },
      { live: ['marathon'], tag: 'aminata' },
      { answer: 'What race has Aminata signed up for?', expect: ['Lyon', 'half marathon'], tag: 'aminata' },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'dev-del-bulk-pdf-and-page',
    class: 'deletes',
    split: 'dev',
    about: 'an uploaded PDF and an uploaded page deleted together by id; a note stays',
    steps: [
      {
        do: 'pdf',
        as: 'pdf',
        file: 'gym-membership.pdf',
        pdf: {
          pages: [
            [
              { title: 'Membership confirmation' },
              { text: 'Member: Gulnara Saidova. Plan: off-peak, 2,900 roubles a month, at the Kazan Riviera sports centre.' },
            ],
          ],
        },
      },
      {
        do: 'page',
        as: 'page',
        via: 'file',
        path: '/classes/aqua-aerobics.html',
        html: htmlPage(
          'Aqua aerobics',
          `<main><h1>Aqua aerobics</h1><p>Aqua aerobics with coach Timur Valiev runs on Tuesday and Thursday mornings in the 25-metre pool.</p></main>`,
        ),
      },
      { do: 'note', content: 'Gulnara Saidova swims before work to help her bad back.' },
      { do: 'bulkDelete', targets: ['pdf', 'page'] },
    ],
    checks: [
      { absent: ['2,900'] },
      { absent: ['Timur'] },
      { unfound: 'Who teaches aqua aerobics?', text: 'Timur' },
      { live: ['Gulnara', 'swim'] },
      { count: { documents: 1 } },
    ],
  },
  {
    id: 'dev-del-crawl-shared-fact',
    class: 'deletes',
    split: 'dev',
    about: 'a crawled restaurant site removed with its connection; a note that repeats the chef keeps him',
    steps: [
      {
        do: 'crawl',
        as: 'site',
        start: '/',
        pages: {
          '/': htmlPage(
            'Teranga Kitchen',
            `<header><nav><a href="/">Home</a> <a href="/menu">Menu</a></nav></header>
<main><h1>Teranga Kitchen</h1>
<p>Teranga Kitchen is a Senegalese restaurant on Rue Myrha in Paris. Chef Ousmane Sow cooks there.</p>
<p>We are closed on Mondays. <a href="/menu">See the menu</a></p></main>`,
          ),
          '/menu': htmlPage(
            'Menu — Teranga Kitchen',
            `<header><nav><a href="/">Home</a> <a href="/menu">Menu</a></nav></header>
<main><h1>Menu</h1>
<p>The house speciality is thieboudienne, served on Fridays only.</p>
<p>Bissap juice is made fresh every morning by Fatou Ndiaye.</p></main>`,
          ),
        },
      },
      { do: 'note', content: 'Ousmane Sow is the chef at Teranga Kitchen in Paris.' },
      { do: 'deleteConnection', target: 'site' },
    ],
    checks: [
      { absent: ['thieboudienne'] },
      { absent: ['Fatou'] },
      { unfound: 'Who makes the bissap juice?', text: 'Fatou' },
      { live: ['Ousmane', 'chef'] },
      { count: { documents: 1, memories: { min: 1 } } },
    ],
  },
  {
    id: 'dev-move-then-delete',
    class: 'deletes',
    split: 'dev',
    about: 'a note moved to an archive tag, then deleted there: neither tag keeps it',
    steps: [
      { do: 'note', content: 'Dariusz Zieliński teaches Polish to refugees at the library in Gdańsk-Wrzeszcz.' },
      { do: 'note', as: 'old', content: 'Dariusz Zieliński is selling his old Škoda Octavia for 18,000 złoty.' },
      { do: 'edit', target: 'old', moveTo: 'archive' },
      { do: 'delete', target: 'old' },
    ],
    checks: [
      { absent: ['Octavia'] },
      { absent: ['Octavia'], tag: 'archive' },
      { unfound: 'What car is Dariusz selling?', text: 'Octavia', tag: 'archive' },
      { count: { documents: 0, memories: 0 }, tag: 'archive' },
      { live: ['Polish'] },
      { count: { documents: 1 } },
    ],
  },
];
