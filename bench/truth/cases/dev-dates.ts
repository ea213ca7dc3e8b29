import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 4: no "(as of …)" on timeless facts from notes, chats, pages and PDFs, dates
 * that are the fact itself stay, and update/forget by content find the fact whether the words
 * sent carry the date wording or not.
 */
export const DEV_DATE_CASES: TruthCase[] = [
  {
    id: 'dev-dates-dated-note-update',
    class: 'dates',
    split: 'dev',
    about: 'a note with a document date; one fact updated by its words, without any date',
    steps: [
      {
        do: 'note',
        documentDate: '2026-04-08',
        content: 'Sekou Traoré manages the Bamako branch of Orabank. Sekou Traoré plays the kora at weddings.',
      },
    ],
    checks: [
      { noSuffix: true },
      { updateByContent: { content: 'Sekou Traoré manages the Bamako branch of Orabank', newContent: 'Sekou Traoré manages the Ségou branch of Orabank' } },
      { live: ['Ségou'] },
      { absent: ['Bamako branch'] },
      { live: ['kora'] },
    ],
  },
  {
    id: 'dev-dates-since-forget-with-date',
    class: 'dates',
    split: 'dev',
    about: 'a fact with “since 2019” in it, forgotten by its words with the date wording',
    steps: [
      {
        do: 'note',
        content: 'Since 2019, Fatoumata Diallo has sung with the Kora Collective in Dakar. Fatoumata Diallo works as a radio producer at RFM.',
      },
    ],
    checks: [
      { noSuffix: true },
      { forgetByContent: 'Since 2019, Fatoumata Diallo has sung with the Kora Collective in Dakar' },
      { absent: ['Kora Collective'] },
      { live: ['radio producer'] },
    ],
  },
  {
    id: 'dev-dates-chat-update',
    class: 'dates',
    split: 'dev',
    about: 'a chat of standing facts; one updated by content, no suffixes',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-dates-giorgos',
        messages: [
          { role: 'user', name: 'Giorgos', content: "I'm a ferry engineer on the Piraeus–Chios route, two weeks on, two weeks off" },
          { role: 'assistant', content: 'That is a tough rhythm. What do you do on your weeks off?' },
          { role: 'user', name: 'Giorgos', content: 'I cook for the whole family every Sunday, my mother Despina supervises 😄' },
        ],
      },
    ],
    checks: [
      { noSuffix: true },
      {
        updateByContent: {
          content: 'Giorgos is a ferry engineer on the Piraeus–Chios route',
          newContent: 'Giorgos is a ferry engineer on the Piraeus–Rhodes route',
        },
      },
      { live: ['Rhodes'] },
      { absent: ['Chios'] },
      { answer: 'Which ferry route does Giorgos work on?', expect: 'Rhodes', above: 'Chios' },
    ],
  },
  {
    id: 'dev-dates-pdf-concert',
    class: 'dates',
    split: 'dev',
    about: 'a concert flyer PDF: the concert keeps its date, a standing fact is forgotten by content',
    steps: [
      {
        do: 'pdf',
        file: 'aldeburgh-choir-flyer.pdf',
        pdf: {
          pages: [
            [
              { title: 'Winter Concert' },
              { text: 'The Aldeburgh Community Choir sings its winter concert on 6 December 2026 at St Peter and St Paul’s Church.' },
              { text: 'Eleni Vlachou conducts the Aldeburgh Community Choir.' },
              { text: 'Tickets cost £12 and are sold at the Aldeburgh Bookshop.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { noSuffix: true },
      { live: ['concert', ['6 December 2026', 'December 6, 2026', '2026-12-06']] },
      { live: ['Eleni', 'conducts'] },
      { forgetByContent: 'Eleni Vlachou conducts the Aldeburgh Community Choir' },
      { absent: ['Eleni'] },
      { live: ['£12'] },
    ],
  },
  {
    id: 'dev-dates-relative-update-with-date',
    class: 'dates',
    split: 'dev',
    about: '“yesterday” in a dated note; the fact updated by content that carries the resolved date',
    steps: [
      {
        do: 'note',
        documentDate: '2026-06-15',
        content: 'Yesterday Caio Ferreira signed with Santos FC as their goalkeeping coach. Caio Ferreira lives in Guarujá with his partner Bruna.',
      },
    ],
    checks: [
      { noSuffix: true },
      {
        updateByContent: {
          content: 'Caio Ferreira signed with Santos FC as their goalkeeping coach on 14 June 2026',
          newContent: 'Caio Ferreira signed with Vasco da Gama as their goalkeeping coach on 14 June 2026',
        },
      },
      { live: ['Vasco'] },
      { absent: ['Santos'] },
      { live: ['Bruna'] },
    ],
  },
  {
    id: 'dev-dates-page-forget-pasted-suffix',
    class: 'dates',
    split: 'dev',
    about: 'an uploaded team page dated in its text; a fact forgotten by words pasted with an “(as of …)” suffix',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/equip.html',
        html: htmlPage(
          'Our team — Puig & Serra Arquitectes',
          `<main><h1>Our team</h1><p>Page updated 10 January 2026.</p>
<p>Jordi Puig runs the Girona office.</p>
<p>Montse Serra leads the timber housing projects in the Pyrenees.</p></main>`,
        ),
      },
    ],
    checks: [
      { noSuffix: true },
      { forgetByContent: 'Jordi Puig runs the Girona office (as of 10 January 2026)' },
      { absent: ['Girona'] },
      { live: ['Montse', 'timber'] },
    ],
  },
];
