import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3, third batch, written at the start of the seventh round and before any work on it
 * (2026-11-28): a recipe blog's "Jump to recipe", ratings and comment replies; a news article's share
 * buttons, "Read more" and reporting credits; a report PDF's contents page, figure captions and
 * sources; a university page's breadcrumbs, office hours and "Back to top"; a cookie banner and
 * testimonials; an events listing's tickets and map links — around real facts, some told with a
 * pronoun only. `dev-furn3a-*` is worked on, `dev-furn3b-*` only reported.
 */
export const THIRD_DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-furn3a-recipe-blog',
    class: 'furniture',
    split: 'dev',
    about: 'a recipe blog by URL: "Jump to recipe", "Print recipe", star rating, comment replies; "She opened …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/blog/nonna-rosa-orecchiette',
        html: htmlPage(
          'Nonna Rosa’s orecchiette — Casa Puglia kitchen',
          `<header><a href="/">Casa Puglia</a><nav><a href="/recipes">Recipes</a> <a href="/shop">Shop</a></nav></header>
<main>
<a class="jump" href="#recipe">Jump to recipe</a> · <a href="#print">Print recipe</a>
<h1>Nonna Rosa’s orecchiette with broccoli rabe</h1>
<p class="rating">★★★★★ 4.8 from 312 votes</p>
<p>Rosa Lamanna runs the trattoria Da Rosa in Bari's old town. She opened it in 1978 with her husband Vito and still makes every orecchietta by hand.</p>
<section class="comments"><h2>Comments</h2>
<p><b>Giulia</b>: Made this on Sunday, delicious! <a href="#reply">Reply</a></p>
<p><b>Casa Puglia</b>: Thanks Giulia, so glad you liked it! <a href="#reply">Reply</a></p>
</section>
</main>
<footer>© Casa Puglia · <a href="/privacy">Privacy policy</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Jump to recipe', 'Print recipe', '4.8 from', 'Reply', 'so glad you liked', 'Privacy policy']] },
      { absent: [['She opened']] },
      { live: ['Rosa', 'Da Rosa'] },
      { live: ['1978'] },
      { answer: 'What does Rosa Lamanna run?', expect: ['trattoria', 'Da Rosa'] },
    ],
  },
  {
    id: 'dev-furn3b-news-article',
    class: 'furniture',
    split: 'dev',
    about: 'a news article uploaded as a file: share buttons, "Read more", related stories, reporting credits; "She previously …"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/news/kestrel-drones-cusco.html',
        html: htmlPage(
          'Drone maker Kestrel opens factory in Cusco — Andes Daily',
          `<header><a href="/">Andes Daily</a><nav><a href="/business">Business</a> <a href="/tech">Tech</a> <a href="/subscribe">Subscribe</a></nav></header>
<article>
<h1>Drone maker Kestrel opens factory in Cusco</h1>
<p class="share"><a href="#">Share on Facebook</a> <a href="#">Share on X</a> <a href="#">Copy link</a></p>
<p>Kestrel Dynamics, founded by Amaru Quispe, builds agricultural drones in Cusco. She previously worked as an aerospace engineer at Embraer.</p>
<p>Read more: <a href="/tech/drones-peru">How drones are changing Peruvian farming</a></p>
<p class="credits">Reporting by Lucía Paredes; Editing by Tom Hale</p>
</article>
<aside><h2>Related stories</h2><ul><li><a href="/a">Lima startup raises seed round</a></li><li><a href="/b">Five apps every farmer needs</a></li></ul></aside>
<footer>© 2026 Andes Daily. All rights reserved.</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Share on', 'Copy link', 'Read more', 'Reporting by', 'Editing by', 'Related stories', 'All rights reserved']] },
      { absent: [['She previously']] },
      { live: ['Kestrel', 'Amaru'] },
      { live: ['Amaru', 'Embraer'] },
      { answer: 'Who founded Kestrel Dynamics?', expect: 'Amaru' },
    ],
  },
  {
    id: 'dev-furn3a-report-contents',
    class: 'furniture',
    split: 'dev',
    about: 'an annual report PDF: "Table of contents", figure captions, "Source:", confidential header; "It employs …"',
    steps: [
      {
        do: 'pdf',
        file: 'tidewater-annual-report.pdf',
        pdf: {
          header: 'Confidential — Tidewater Ferries Annual Report 2025',
          footer: 'Tidewater Ferries Ltd',
          pages: [
            [{ title: 'Annual Report 2025' }, { heading: 'Table of contents' }, { small: '1. Our year .... 2   2. Fleet .... 3   3. People .... 4' }],
            [
              { heading: 'Our year' },
              {
                text: 'Tidewater Ferries carried 1.4 million passengers between Portsmouth and the Isle of Wight in 2025. It employs 430 crew and shore staff.',
              },
              { caption: 'Figure 2: Passengers by month, 2024–2025' },
              { small: 'Source: Tidewater ticketing data' },
              { text: 'Tidewater Ferries appointed Helen Marsh as chief executive in September.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Table of contents', 'Figure 2', 'Source:', 'Confidential', 'Page 1 of', 'Our year ....']] },
      { absent: [['It employs']] },
      { live: ['Tidewater', '1.4 million'] },
      { live: ['Tidewater', '430'] },
      { answer: 'Who runs Tidewater Ferries?', expect: 'Helen Marsh' },
    ],
  },
  {
    id: 'dev-furn3b-university-page',
    class: 'furniture',
    split: 'dev',
    about: 'a university staff page by URL: breadcrumbs, office hours, email, "Back to top"; "She joined …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/physics/people/ines-varga',
        html: htmlPage(
          'Prof. Ines Varga — Department of Physics',
          `<header><a href="/">University of Szeged</a></header>
<nav class="breadcrumbs"><a href="/">Home</a> &gt; <a href="/physics">Physics</a> &gt; <a href="/physics/people">People</a> &gt; Ines Varga</nav>
<main>
<h1>Prof. Ines Varga</h1>
<p class="contact">Office hours: Tuesdays 14:00–16:00, Room B-214 · Email: varga@phys.example.hu</p>
<p>Ines Varga studies dark matter detection with cryogenic sensors. She joined the department in 2015 after eight years at CERN.</p>
<p><a href="#top">Back to top</a></p>
</main>
<footer><a href="/accessibility">Accessibility statement</a> · <a href="/sitemap">Sitemap</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Office hours', 'Room B-214', 'Email:', 'Back to top', 'Accessibility statement', 'Sitemap', 'Home >']] },
      { absent: [['She joined']] },
      { live: ['Ines', 'dark matter'] },
      { live: ['Ines', 'CERN'] },
      { answer: 'What does Ines Varga research?', expect: 'dark matter' },
    ],
  },
  {
    id: 'dev-furn3a-cookie-testimonials',
    class: 'furniture',
    split: 'dev',
    about: 'a company page uploaded as a file: cookie banner, testimonials, "Book a demo", awards strip; "He started …"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/about-fieldnote.html',
        html: htmlPage(
          'About us — Fieldnote',
          `<div class="cookies">We use cookies to improve your experience. <button>Accept all</button> <button>Reject non-essential</button> <a href="/cookies">Cookie settings</a></div>
<header><a href="/">Fieldnote</a><nav><a href="/pricing">Pricing</a> <a href="/demo">Book a demo</a></nav></header>
<main>
<h1>About Fieldnote</h1>
<p>Fieldnote makes note-taking software for field biologists and is based in Tromsø. Its founder is Sindre Haugen. He started the company in 2019 after a decade of Arctic fieldwork.</p>
<section class="testimonials"><blockquote>“Fieldnote saved our season.” — a happy customer</blockquote><blockquote>“Five stars, would recommend.”</blockquote></section>
<p class="awards">As featured in TechCrunch · Wired · The Verge</p>
</main>
<footer>© Fieldnote AS · <a href="/careers">We're hiring!</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['use cookies', 'Accept all', 'Cookie settings', 'Book a demo', 'saved our season', 'Five stars', 'As featured', "We're hiring"]] },
      { absent: [['He started']] },
      { live: ['Fieldnote', 'Tromsø'] },
      { live: ['Sindre', '2019'] },
      { answer: 'Who founded Fieldnote?', expect: 'Sindre' },
    ],
  },
  {
    id: 'dev-furn3b-events-listing',
    class: 'furniture',
    split: 'dev',
    about: 'an events listing by URL: "Get tickets", "View on map", "Share this event", sold-out badge; "They formed …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/events/the-marram-grass-live',
        html: htmlPage(
          'The Marram Grass live — Harbour Hall',
          `<header><a href="/">Harbour Hall</a><nav><a href="/events">What's on</a> <a href="/visit">Visit</a></nav></header>
<main>
<h1>The Marram Grass — live</h1>
<p class="meta">Friday 12 June, doors 19:00 · <a href="/tickets">Get tickets</a> · <a href="/map">View on map</a> · <span class="badge">Sold out</span></p>
<p>The Marram Grass are a folk band from Stornoway led by fiddler Eilidh MacLeod. They formed in 2016 and sing mostly in Gaelic.</p>
<p><a href="#share">Share this event</a></p>
</main>
<footer>Harbour Hall · <a href="/newsletter">Join our mailing list</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Get tickets', 'View on map', 'Sold out', 'Share this event', 'mailing list', 'doors 19:00']] },
      { absent: [['They formed']] },
      { live: ['Marram Grass', 'Stornoway'] },
      { live: ['Eilidh', 'fiddle'] },
      { answer: 'Who leads The Marram Grass?', expect: 'Eilidh' },
    ],
  },
];
