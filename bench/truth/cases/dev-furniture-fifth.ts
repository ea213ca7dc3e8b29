import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3, fifth batch, written at the start of the eighth round and before any work on it
 * (2026-11-28): a news article's byline, share buttons, adverts and related stories; a staff profile's
 * breadcrumbs, office hours and CV link; an annual report PDF's contents and running header; a recipe
 * blog's jump and print links, ratings and sign-up; an encyclopedia page's edit links, infobox, "See
 * also", references and categories; an event page's calendar, tickets and venue lines — around real
 * facts, some told with a pronoun only. `dev-furn5a-*` is to be worked on, `dev-furn5b-*` only
 * reported.
 */
export const FIFTH_DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-furn5a-news-article',
    class: 'furniture',
    split: 'dev',
    about: 'a news article by URL: byline, read time, share buttons, "Advertisement", related stories; "She said …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/news/bristol-libraries',
        html: htmlPage(
          'Bristol to open three new libraries — The Western Courier',
          `<header><a href="/">The Western Courier</a><nav><a href="/news">News</a> <a href="/sport">Sport</a> <a href="/opinion">Opinion</a></nav></header>
<article>
<h1>Bristol to open three new libraries</h1>
<p class="byline">By Sarah Jones, Local Affairs Correspondent</p>
<p class="meta">Published 3 March 2026 · 4 min read</p>
<p class="share"><a href="#">Share on Facebook</a> <a href="#">Share on X</a> <a href="#">Email</a></p>
<p>Mayor Priya Desai announced that Bristol will open three new public libraries by 2028. She said the building work would cost £12 million.</p>
<div class="ad">Advertisement</div>
<p>The first library will open in Lawrence Hill next spring.</p>
</article>
<aside><h2>Related stories</h2><ul><li><a href="#">Council budget approved</a></li><li><a href="#">New bus lanes for Cotham</a></li></ul></aside>
<footer>© The Western Courier 2026 · <a href="/privacy">Privacy</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['By Sarah Jones', '4 min read', 'Share on', 'Advertisement', 'Related stories', 'Council budget approved']] },
      { absent: [['She said']] },
      { live: ['Priya Desai', 'libraries'] },
      { live: ['12 million'] },
      { answer: 'How many new libraries will Bristol open?', expect: 'three' },
    ],
  },
  {
    id: 'dev-furn5a-staff-profile',
    class: 'furniture',
    split: 'dev',
    about: 'a staff profile uploaded as a file: breadcrumbs, "Back to staff directory", email, office hours, "Download CV"; "His research …"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/people/kojo-osei.html',
        html: htmlPage(
          'Professor Kojo Osei — School of Biological Sciences',
          `<nav class="breadcrumbs"><a href="/">Home</a> › <a href="/people">People</a> › Academic staff</nav>
<main>
<p><a href="/people">Back to staff directory</a></p>
<h1>Professor Kojo Osei</h1>
<p class="contact">Email: k.osei@example.ac.uk · Office hours: Tuesdays 2–4pm · Room 3.14</p>
<h2>Biography</h2>
<p>Professor Kojo Osei is a marine biologist at the University of Plymouth. His research focuses on how coral reefs recover after bleaching.</p>
<p><a href="/cv/osei.pdf">Download CV (PDF)</a></p>
</main>
<footer>School of Biological Sciences · Accessibility · Cookies</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Back to staff directory', 'Office hours', 'Room 3.14', 'Download CV', 'Academic staff', 'Biography']] },
      { absent: [['His research']] },
      { live: ['Kojo Osei', 'marine biologist'] },
      { live: ['Osei', 'coral'] },
      { answer: 'Where does Kojo Osei work?', expect: 'Plymouth' },
    ],
  },
  {
    id: 'dev-furn5a-annual-report',
    class: 'furniture',
    split: 'dev',
    about: 'an annual report PDF: running header, contents with dot leaders, section headings, an unaudited note; "Its chair …"',
    steps: [
      {
        do: 'pdf',
        file: 'northwind-annual-report-2025.pdf',
        pdf: {
          header: 'Northwind Cooperative — Annual Report 2025',
          footer: 'northwind.coop',
          pages: [
            [{ title: 'Annual Report 2025' }, { heading: 'Contents' }, { small: "Chair's foreword ........ 2" }, { small: 'Our year in numbers ........ 3' }],
            [
              { heading: "Chair's foreword" },
              { text: 'Northwind Cooperative supplies renewable electricity to 42,000 homes in Cumbria. Its chair, Helen Marsh, joined the board in 2020.' },
              { heading: 'Our year in numbers' },
              { small: 'Figures unaudited. See note 4.' },
              { text: 'The cooperative opened a solar farm near Penrith in 2025.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Annual Report 2025', 'Contents', 'foreword', 'year in numbers', 'Figures unaudited', 'Page 1 of']] },
      { absent: [['Its chair']] },
      { live: ['Northwind', '42,000'] },
      { live: ['Helen Marsh', '2020'] },
      { answer: 'Who chairs Northwind Cooperative?', expect: 'Helen Marsh' },
    ],
  },
  {
    id: 'dev-furn5b-recipe-blog',
    class: 'furniture',
    split: 'dev',
    about: 'a recipe blog post by URL: "Jump to Recipe", "Print Recipe", star votes, "Pin it", prep time, sign-up, comments; "She learned …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/blog/olive-oil-cake',
        html: htmlPage(
          'Olive oil cake from the Little Olive — Crumbs & Co',
          `<header><a href="/">Crumbs &amp; Co</a><nav><a href="/recipes">Recipes</a> <a href="/about">About</a></nav></header>
<main>
<h1>Olive oil cake from the Little Olive</h1>
<p><a href="#recipe">Jump to Recipe</a> · <a href="#print">Print Recipe</a> · <a href="#">Pin it</a></p>
<p class="rating">★★★★★ 4.8 from 120 votes</p>
<p>Maya Lopez runs the Little Olive café in Brighton. She learned to bake from her grandmother in Oaxaca.</p>
<p class="times">Prep time 15 mins · Cook time 45 mins · Serves 8</p>
<form><p>Get new recipes in your inbox</p><input type="email"><button>Sign up</button></form>
<h2>Leave a comment</h2>
</main>
<footer>© Crumbs &amp; Co · As an affiliate we earn from qualifying purchases.</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Jump to Recipe', 'Print Recipe', 'Pin it', 'votes', 'Prep time', 'in your inbox', 'Leave a comment', 'affiliate']] },
      { absent: [['She learned']] },
      { live: ['Maya Lopez', 'Little Olive'] },
      { live: ['Maya Lopez', 'grandmother'] },
      { answer: 'Who runs the Little Olive café?', expect: 'Maya Lopez' },
    ],
  },
  {
    id: 'dev-furn5b-encyclopedia',
    class: 'furniture',
    split: 'dev',
    about: 'an encyclopedia page uploaded as a file: "[edit]" links, an infobox, "See also", references, categories; "It was founded …"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/wiki/harris-academy.html',
        html: htmlPage(
          'Harris Academy — Townpedia',
          `<p class="tagline">From Townpedia, the free local encyclopedia</p>
<p><a href="#content">Jump to navigation</a></p>
<main id="content">
<h1>Harris Academy</h1>
<table class="infobox"><tr><th>Type</th><td>State school</td></tr><tr><th>Established</th><td>1885</td></tr><tr><th>Pupils</th><td>c. 1,200</td></tr></table>
<p>Harris Academy is a secondary school in Dundee, Scotland. It was founded in 1885 and has about 1,200 pupils. Its head teacher is Alan Brodie.</p>
<h2>History <a href="#">[edit]</a></h2>
<p>The school moved to its current building on Perth Road in 2016.</p>
<h2>See also <a href="#">[edit]</a></h2>
<ul><li><a href="#">List of schools in Dundee</a></li></ul>
<h2>References</h2>
<ol><li>"Harris Academy". Dundee City Council. Retrieved 4 May 2025.</li></ol>
<p class="cats">Categories: Secondary schools in Dundee · Educational institutions established in 1885</p>
</main>`,
        ),
      },
    ],
    checks: [
      { absent: [['[edit]', 'Jump to navigation', 'See also', 'List of schools', 'Retrieved', 'Categories:', 'Townpedia']] },
      { absent: [['It was founded']] },
      { live: ['Harris Academy', 'Dundee'] },
      { live: ['Harris Academy', '1885'] },
      { answer: 'Who is the head teacher of Harris Academy?', expect: 'Alan Brodie' },
    ],
  },
  {
    id: 'dev-furn5b-event-page',
    class: 'furniture',
    split: 'dev',
    about: 'an event page by URL: date and time, "Add to calendar", "Get tickets", venue, prices, accessibility link; "They rehearse …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/whats-on/summer-concert',
        html: htmlPage(
          'Summer Concert — Ashford Community Choir',
          `<header><a href="/">Ashford Community Choir</a><nav><a href="/whats-on">What's on</a> <a href="/join">Join us</a></nav></header>
<main>
<h1>Summer Concert</h1>
<p class="when">Sat 14 June 2026, 19:30 – 22:00</p>
<p><a href="#">Add to calendar</a> · <a href="#">Get tickets</a> · <a href="#">Share this event</a></p>
<p class="venue">Venue: The Old Fire Station, Ashford</p>
<p class="price">Tickets £12 / £8 concessions</p>
<p>The Ashford Community Choir is led by the conductor Rosa Klein. The choir was founded in 2009 and has 60 members. They rehearse every Wednesday at Ashford Library.</p>
<p><a href="/access">Accessibility information</a></p>
</main>
<footer>Registered charity no. 1123456</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Add to calendar', 'Get tickets', 'Share this event', 'Venue:', 'concessions', 'Accessibility information', 'Registered charity']] },
      { absent: [['They rehearse']] },
      { live: ['Rosa Klein', 'choir'] },
      { live: ['Ashford Community Choir', '2009'] },
      { answer: 'Who leads the Ashford Community Choir?', expect: 'Rosa Klein' },
    ],
  },
];
