import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Class 4: facts drawn from a document carry no "(as of …)" suffix when the date is not part of
 * the fact, dates that are part of a fact stay, and update/forget by content find the fact by its
 * own words whatever date wording was stored with it.
 */
export const DATE_CASES: TruthCase[] = [
  {
    id: 'dates-note-update-by-content',
    class: 'dates',
    split: 'tune',
    about: 'a plain note; its fact is then updated by its own words',
    steps: [{ do: 'note', content: 'Farah Haddad teaches chemistry at Al-Ahliyya School in Amman.' }],
    checks: [
      { noSuffix: true },
      {
        updateByContent: {
          content: 'Farah Haddad teaches chemistry at Al-Ahliyya School in Amman',
          newContent: 'Farah Haddad teaches biology at Al-Ahliyya School in Amman',
        },
      },
      { live: ['biology'] },
      { absent: ['chemistry'] },
      { answer: 'What subject does Farah teach?', expect: 'biology', above: 'chemistry' },
    ],
  },
  {
    id: 'dates-dated-note-forget',
    class: 'dates',
    split: 'report',
    about: 'a note with a document date; one of its facts is forgotten by its words',
    steps: [
      {
        do: 'note',
        documentDate: '2026-03-02',
        content: 'Kenji Watanabe runs a ramen stall near Nakasu in Fukuoka. His brother Daichi is a firefighter.',
      },
    ],
    checks: [
      { noSuffix: true },
      { forgetByContent: 'Kenji Watanabe runs a ramen stall near Nakasu in Fukuoka' },
      { absent: ['ramen'] },
      { live: ['Daichi', 'firefighter'] },
    ],
  },
  {
    id: 'dates-web-page',
    class: 'dates',
    split: 'tune',
    about: 'a profile page by URL: no suffix on its facts, and one updated by content',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/speakers/olusegun',
        html: htmlPage(
          'Olusegun Bello — speaker',
          `<main><h1>Olusegun Bello</h1>
<p>Olusegun Bello is a structural engineer at Arup in London.</p>
<p>Olusegun Bello designs footbridges out of timber.</p></main>`,
        ),
      },
    ],
    checks: [
      { noSuffix: true },
      {
        updateByContent: {
          content: 'Olusegun Bello is a structural engineer at Arup in London',
          newContent: 'Olusegun Bello is a structural engineer at Buro Happold in Bath',
        },
      },
      { live: ['Buro Happold'] },
      { absent: ['Arup'] },
      { live: ['footbridges'] },
    ],
  },
  {
    id: 'dates-pdf-forget',
    class: 'dates',
    split: 'report',
    about: 'a PDF handout; no suffixes, and one fact forgotten by content',
    steps: [
      {
        do: 'pdf',
        file: 'volunteer-handout.pdf',
        pdf: {
          pages: [
            [
              { heading: 'Volunteer handout' },
              { text: 'Marisol Vega coordinates the food bank on Calle Ocho.' },
              { text: 'Deliveries arrive from the regional warehouse in Doral.' },
            ],
          ],
        },
      },
    ],
    checks: [{ noSuffix: true }, { forgetByContent: 'Marisol Vega coordinates the food bank on Calle Ocho' }, { absent: ['Marisol'] }, { live: ['Doral'] }],
  },
  {
    id: 'dates-real-date-stays',
    class: 'dates',
    split: 'tune',
    about: 'dates that are the fact itself stay; a timeless fact gets no suffix',
    steps: [
      {
        do: 'note',
        content: 'Our lease on the flat in Leith ends on 30 June 2027. The landlord, Mrs Campbell, prefers to be contacted by text.',
      },
    ],
    checks: [
      { noSuffix: true },
      { live: ['lease', ['30 June 2027', 'June 30, 2027', '2027-06-30']] },
      { answer: 'When do we have to move out of the Leith flat?', expect: ['30 June 2027', 'June 30, 2027', '2027-06-30'] },
      { live: ['Campbell', 'text'] },
    ],
  },
  {
    id: 'dates-chat-no-suffix',
    class: 'dates',
    split: 'report',
    about: 'a chat with timeless facts: no date suffixes on what it yields',
    steps: [
      {
        do: 'chat',
        conversationId: 'dates-chat-1',
        messages: [
          { role: 'user', name: 'Beatriz', content: 'I’m a midwife at the maternity hospital in Coimbra, mostly night shifts.' },
          { role: 'assistant', content: 'That sounds demanding. How do you unwind?' },
          { role: 'user', name: 'Beatriz', content: 'I sing in a fado group with my sister Leonor.' },
        ],
      },
    ],
    checks: [{ noSuffix: true }, { live: ['midwife'] }, { live: ['fado'] }, { answer: 'What does Beatriz do for fun?', expect: 'fado' }],
  },
  {
    id: 'dates-markdown-list-update',
    class: 'dates',
    split: 'tune',
    about: 'a markdown list of facts; one bullet updated by content',
    steps: [
      {
        do: 'note',
        content:
          '## Grandma Wei\n\n- Grandma Wei lives in Chengdu.\n- Grandma Wei takes tai chi classes in People’s Park.\n- Grandma Wei’s favourite dish is mapo tofu.',
      },
    ],
    checks: [
      { noSuffix: true },
      { updateByContent: { content: 'Grandma Wei lives in Chengdu', newContent: 'Grandma Wei lives in Chongqing with her son' } },
      { live: ['Chongqing'] },
      { absent: ['lives in Chengdu'] },
      { live: ['tai chi'] },
      { live: ['mapo tofu'] },
    ],
  },
  {
    id: 'dates-explicit-date-forget',
    class: 'dates',
    split: 'report',
    about: 'a note dated last year; its fact forgotten by its words (with the full stop a user would copy)',
    steps: [
      { do: 'note', documentDate: '2025-09-14', content: 'Ahmed Siddiqui volunteers at the mosque library on Fridays. He is fluent in Urdu and Pashto.' },
    ],
    checks: [
      { noSuffix: true },
      { forgetByContent: 'Ahmed Siddiqui volunteers at the mosque library on Fridays.' },
      { absent: ['library'] },
      { live: [['Urdu', 'Pashto']] },
    ],
  },
  {
    id: 'dates-relative-time',
    class: 'dates',
    split: 'tune',
    about: 'relative times resolve against the document; timeless facts beside them get no suffix',
    steps: [
      {
        do: 'note',
        documentDate: '2026-10-05',
        content: 'Mateus Lima started at Nubank last week as a data engineer. Mateus Lima supports Flamengo.',
      },
    ],
    checks: [
      { noSuffix: true },
      { live: ['Nubank'] },
      { live: ['Flamengo'] },
      { updateByContent: { content: 'Mateus Lima supports Flamengo', newContent: 'Mateus Lima supports Botafogo' } },
      { absent: ['Flamengo'] },
      { live: ['Botafogo'] },
    ],
  },
  {
    id: 'dates-update-then-ask',
    class: 'dates',
    split: 'report',
    about: 'a fact updated by its words; the new value answers the question',
    steps: [{ do: 'note', content: 'Rania Aziz drives a red Kia Picanto to work.' }],
    checks: [
      { noSuffix: true },
      { updateByContent: { content: 'Rania Aziz drives a red Kia Picanto to work', newContent: 'Rania Aziz cycles to work on an e-bike' } },
      { absent: ['Picanto'] },
      { answer: 'How does Rania get to work?', expect: ['e-bike', 'cycles'], above: 'Picanto' },
    ],
  },
  {
    id: 'dates-several-forgotten',
    class: 'dates',
    split: 'tune',
    about: 'three facts of one note; two forgotten by content, one stays',
    steps: [
      {
        do: 'note',
        content:
          'Things to remember about Bui Thi Lan:\n\n1. Bui Thi Lan is a nurse in Da Nang.\n2. Bui Thi Lan does not drink coffee.\n3. Bui Thi Lan has twin boys called Minh and Khoa.',
      },
    ],
    checks: [
      { noSuffix: true },
      { forgetByContent: 'Bui Thi Lan does not drink coffee' },
      { forgetByContent: 'Bui Thi Lan is a nurse in Da Nang' },
      { absent: ['coffee'] },
      { absent: ['nurse'] },
      { live: ['Minh', 'Khoa'] },
    ],
  },
  {
    id: 'dates-uploaded-html',
    class: 'dates',
    split: 'report',
    about: 'an uploaded HTML page dated by its own text; timeless facts, no suffix, update by content',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/staff/emilia-nowak.html',
        html: htmlPage(
          'Emilia Nowak',
          `<main><h1>Emilia Nowak</h1><p>Updated 2 February 2026.</p>
<p>Emilia Nowak is the head librarian at the Wrocław public library.</p>
<p>Emilia Nowak collects vintage typewriters.</p></main>`,
        ),
      },
    ],
    checks: [
      { noSuffix: true },
      { updateByContent: { content: 'Emilia Nowak collects vintage typewriters', newContent: 'Emilia Nowak collects vintage film cameras' } },
      { live: ['film cameras'] },
      { absent: ['typewriters'] },
      { live: ['librarian'] },
    ],
  },
  {
    id: 'dates-event-date-kept',
    class: 'dates',
    split: 'tune',
    about: 'an event with its own date keeps it; the standing facts beside it get none, and one is forgotten',
    steps: [
      {
        do: 'note',
        content: 'Sunita and Rohan’s wedding is on 14 February 2027 in Jaipur. Sunita Rao is a cardiologist. Rohan Mehra teaches yoga.',
      },
    ],
    checks: [
      { noSuffix: true },
      { live: ['wedding', ['14 February 2027', 'February 14, 2027', '2027-02-14']] },
      { forgetByContent: 'Rohan Mehra teaches yoga' },
      { absent: ['yoga'] },
      { live: ['cardiologist'] },
    ],
  },
];
