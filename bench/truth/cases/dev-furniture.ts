import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3: pages and PDFs with breadcrumbs, cookie banners, share links, author boxes,
 * related posts, tag clouds, tables of contents, footnotes, running headers, page numbers,
 * "Confidential" lines, captions and pull quotes, around real facts — some told with only
 * "She", "He", "It" or "They" after the name. The furniture must not become memories, and a
 * pronoun-only sentence must come out with the entity named.
 */
export const DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-page-founder-story',
    class: 'furniture',
    split: 'dev',
    about: 'a founder story by URL: breadcrumbs, byline, pull quote, share links, author box, related posts, tags',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/blog/founders/mahlet-tesfaye',
        html: htmlPage(
          'How Mahlet Tesfaye built Gojo Homes — The Highland Ledger',
          `<header><a class="logo" href="/">The Highland Ledger</a><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/founders">Founders</a> <a href="/podcast">Podcast</a> <a href="/subscribe">Subscribe</a></nav></header>
<nav class="breadcrumb"><a href="/">Home</a> › <a href="/blog">Blog</a> › <a href="/blog/founders">Founders</a> › Mahlet Tesfaye</nav>
<article>
  <h1>How Mahlet Tesfaye built Gojo Homes</h1>
  <p class="meta">By Yonas Girma · 8 min read</p>
  <p>Mahlet Tesfaye founded Gojo Homes in Addis Ababa in 2018 to build low-cost prefabricated houses. She trained as a civil engineer at Addis Ababa University.</p>
  <p>Gojo Homes has its workshop in the Bole district. It employs 40 people and finished its 500th house in June.</p>
  <blockquote class="pull-quote">“A house should not cost a lifetime.”</blockquote>
  <div class="share">Share on X · Share on LinkedIn · Copy link</div>
</article>
<aside class="author-box"><p><strong>About the author</strong> Yonas Girma covers housing and construction for The Highland Ledger.</p></aside>
<aside class="related"><h2>Related posts</h2><ul><li><a href="#">Five builders to watch in 2026</a></li><li><a href="#">Inside Kenya’s mortgage boom</a></li></ul></aside>
<div class="tag-cloud">Tags: <a href="#">housing</a> <a href="#">startups</a> <a href="#">Ethiopia</a> <a href="#">construction</a></div>
<footer>© 2026 The Highland Ledger · <a href="/privacy">Privacy</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Home ›', 'Blog ›', 'Share on', 'Copy link', 'min read']] },
      { absent: [['About the author', 'covers housing', 'Related posts', 'builders to watch', 'mortgage boom', 'Tags:']] },
      { absent: ['should not cost a lifetime'] },
      { absent: [['She trained', 'It employs']] },
      { live: ['Mahlet', 'civil engineer'] },
      { live: ['Gojo', ['40 people', '40 employees', 'forty']] },
      { answer: 'How many people work at Gojo Homes?', expect: ['40 people', '40 employees', 'forty'] },
    ],
  },
  {
    id: 'dev-pdf-confidential-review',
    class: 'furniture',
    split: 'dev',
    about: 'an investor review PDF: “Confidential — do not distribute”, contents page, footnote, figure caption',
    steps: [
      {
        do: 'pdf',
        file: 'harbourview-portfolio-review.pdf',
        pdf: {
          header: 'Confidential — do not distribute',
          footer: 'Harbourview Capital',
          pages: [
            [
              { title: 'Portfolio Company Review 2026' },
              { heading: 'Contents' },
              { small: '1. Overview .......... 2' },
              { small: '2. Management .......... 2' },
            ],
            [
              { heading: '1. Overview' },
              { text: 'Tavita Foods makes coconut-based snacks in Apia, Samoa. It employs 85 people and exports to New Zealand and Australia.' },
              { caption: 'Figure 3: Revenue by export market, 2024–2026' },
              { heading: '2. Management' },
              { text: 'Sione Leota is the chief executive of Tavita Foods. He took over from his mother, Mele Leota, in 2021.¹' },
              { small: '¹ Samoa company registry filing, March 2021.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Confidential', 'do not distribute']] },
      { absent: [['Contents', '..........', 'Portfolio Company Review']] },
      { absent: [['registry filing', 'Figure 3', 'Page 1 of', 'Page 2 of']] },
      { absent: [['It employs', 'He took over']] },
      { live: ['Tavita', ['85 people', '85 employees', 'eighty-five']] },
      { answer: 'Who runs Tavita Foods?', expect: 'Sione' },
    ],
  },
  {
    id: 'dev-page-careers-cookie-wall',
    class: 'furniture',
    split: 'dev',
    about: 'an uploaded careers page behind a consent wall; “They are based in …”, “She joined …”',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/careers.html',
        html: htmlPage(
          'Careers — Vesna Labs',
          `<div id="consent" role="dialog"><p>This website uses cookies and similar technologies to analyse traffic and personalise content. See our <a href="/cookies">cookie policy</a>.</p><button>Accept</button> <button>Reject</button> <button>Customise</button></div>
<header><a href="/">Vesna Labs</a><nav><a href="/product">Product</a> <a href="/careers">Careers</a> <a href="/press">Press</a> <a href="/login">Log in</a></nav></header>
<main>
<h1>Work with us</h1>
<p>Vesna Labs designs hearing aids that pair with any phone. They are based in Ljubljana and have a second office in Graz.</p>
<p>Our CTO is Jelena Kovač. She joined from Siemens Healthineers in 2022 and leads a team of fourteen engineers.</p>
<h2>Open positions</h2><ul><li><a href="#">Embedded engineer (m/f/d)</a></li><li><a href="#">Audiologist</a></li></ul>
</main>
<footer>Vesna Labs d.o.o. · <a href="/imprint">Imprint</a> · <a href="/privacy">Privacy</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['cookies', 'cookie policy', 'Accept', 'Customise']] },
      { absent: [['Imprint', 'Log in', 'Open positions']] },
      { absent: [['They are based', 'She joined']] },
      { live: ['Vesna', 'Ljubljana'] },
      { live: ['Jelena', 'Siemens'] },
      { answer: 'Where is Vesna Labs based?', expect: 'Ljubljana' },
    ],
  },
  {
    id: 'dev-page-recipe-blog',
    class: 'furniture',
    split: 'dev',
    about: 'a recipe blog by URL: jump/print/pin buttons, star ratings, comments; “She taught me …”',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/recipes/mole-poblano',
        html: htmlPage(
          'Abuela Xochitl’s mole poblano — Cocina de Itzel',
          `<header><a href="/">Cocina de Itzel</a> <nav><a href="/recipes">Recipes</a> <a href="/about">About</a> <a href="/shop">Shop</a></nav></header>
<div class="recipe-actions"><a href="#recipe">Jump to recipe</a> · <a href="#">Print recipe</a> · <a href="#">Pin it</a></div>
<article>
<h1>Abuela Xochitl’s mole poblano</h1>
<p class="rating">★★★★★ 4.8 from 212 reviews</p>
<p>Itzel Ramírez’s grandmother, Xochitl Ramírez, ran a fonda in Puebla for forty years. She taught Itzel to make mole poblano with 26 ingredients, toasted one at a time.</p>
<p>The chiles come from a market stall in Cholula that the family has used since the 1980s.</p>
</article>
<section class="comments"><h2>47 comments</h2><p><strong>Guadalupe</strong> — Made this for Christmas, amazing!</p><p><a href="#">Load more comments</a></p></section>
<footer>As an Amazon Associate I earn from qualifying purchases. © Cocina de Itzel</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Jump to recipe', 'Print recipe', 'Pin it']] },
      { absent: [['reviews', '4.8', 'comments', 'Amazon Associate']] },
      { absent: ['She taught'] },
      { live: ['Xochitl', 'fonda'] },
      { answer: 'How many ingredients go into the mole?', expect: ['26', 'twenty-six'] },
    ],
  },
  {
    id: 'dev-pdf-school-annual-report',
    class: 'furniture',
    split: 'dev',
    about: 'a school annual report PDF: running header, footer URL, footnote, photo caption; “She previously taught …”',
    steps: [
      {
        do: 'pdf',
        file: 'kahurangi-annual-report-2026.pdf',
        pdf: {
          header: 'Kahurangi School — Annual Report 2026',
          footer: 'kahurangi.school.nz',
          pages: [
            [
              { title: 'Annual Report 2026' },
              { heading: 'Principal’s message' },
              { text: 'Ngaio Tapsell became principal of Kahurangi School in January. She previously taught at Rotorua Girls’ High School for twelve years.' },
              { text: 'The school opened a new kapa haka room in term 2, funded by the Te Arawa trust.²' },
              { caption: 'Photo: students rehearsing in the new room' },
            ],
            [
              { heading: 'Roll' },
              { text: 'Kahurangi School has 312 students, up from 288 last year.' },
              { small: '² See the trust’s 2026 grants list for the full amount.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Annual Report 2026', 'kahurangi.school.nz', 'Page 1 of', 'Page 2 of']] },
      { absent: [['Photo:', 'grants list']] },
      { absent: ['She previously taught'] },
      { live: ['Ngaio', 'Rotorua'] },
      { answer: 'Who is the principal of Kahurangi School?', expect: 'Ngaio' },
      { answer: 'How many students does Kahurangi School have?', expect: '312' },
    ],
  },
  {
    id: 'dev-page-news-feature',
    class: 'furniture',
    split: 'dev',
    about: 'a regional news feature by URL: ad slots, “Most read”, newsletter box, photo credit; “He trained …”',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/amhara/tractor-doctor',
        html: htmlPage(
          'The tractor doctor of Lake Tana — Amhara Weekly',
          `<header><a href="/">Amhara Weekly</a> <nav><a href="/news">News</a> <a href="/business">Business</a> <a href="/sport">Sport</a> <a href="/epaper">E-paper</a></nav></header>
<div class="ad">Advertisement</div>
<article>
<h1>The tractor doctor of Lake Tana</h1>
<p class="meta">Updated 14 minutes ago</p>
<figure><img src="/img/dawit.jpg" alt=""><figcaption>Dawit Bekele at his workshop in Bahir Dar. (Photo: Hiwot Alemu)</figcaption></figure>
<p>Dawit Bekele repairs tractors for smallholder farmers around Lake Tana. He trained as a mechanic in Adama and now runs a team of six.</p>
<p>Most of his spare parts are shipped from Djibouti, a trip of four days by truck.</p>
</article>
<aside><h2>Most read</h2><ol><li><a href="#">Teff prices fall for the third month</a></li><li><a href="#">Fasil Kenema sign new striker</a></li></ol></aside>
<aside class="newsletter">Sign up for our morning briefing — <input placeholder="Your email"> <button>Subscribe</button></aside>
<div class="ad">Advertisement</div>`,
        ),
      },
    ],
    checks: [
      { absent: [['Advertisement', 'Updated 14 minutes']] },
      { absent: [['Most read', 'Teff prices', 'Sign up for', 'morning briefing']] },
      { absent: [['Photo:', 'Hiwot']] },
      { absent: ['He trained'] },
      { live: ['Dawit', 'tractor'] },
      { answer: "How big is Dawit's team?", expect: ['six', '6'] },
    ],
  },
  {
    id: 'dev-page-project-docs',
    class: 'furniture',
    split: 'dev',
    about: 'an uploaded docs page: version switcher, “On this page”, edit link, feedback, previous/next; “It stores …”',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/docs/introduction.html',
        html: htmlPage(
          'Introduction — Kererū docs',
          `<header><a href="/">Kererū</a> <select><option>v2.4</option><option>v2.3</option></select> <nav><a href="/docs">Docs</a> <a href="/blog">Blog</a> <a href="https://github.com/">GitHub</a></nav></header>
<aside class="toc"><strong>On this page</strong><ul><li><a href="#what">What is Kererū?</a></li><li><a href="#who">Maintainers</a></li></ul></aside>
<main>
<h1>Introduction</h1>
<h2 id="what">What is Kererū?</h2>
<p>Kererū is an open-source database for bird-survey data. It stores observations in Apache Parquet files and was first released in 2021 at Victoria University of Wellington.</p>
<h2 id="who">Maintainers</h2>
<p>Kererū is maintained by Moana Whaanga and Tāne Parata.</p>
<p><a href="#">Edit this page on GitHub</a></p>
<div class="feedback">Was this page helpful? <button>👍</button> <button>👎</button></div>
<nav class="pager"><a href="/docs">← Overview</a> <a href="/docs/install">Installation →</a></nav>
</main>`,
        ),
      },
    ],
    checks: [
      { absent: [['On this page', 'Edit this page', 'Was this page helpful']] },
      { absent: [['← Overview', 'Installation →', 'v2.3']] },
      { absent: [['It stores', 'It was first released']] },
      { live: [['Kereru', 'Kererū'], 'Parquet'] },
      { answer: 'Who maintains Kererū?', expect: ['Moana', 'Tāne', 'Tane'] },
    ],
  },
  {
    id: 'dev-page-podcast-shownotes',
    class: 'furniture',
    split: 'dev',
    about: 'podcast show notes: listen-on links, chapter timestamps, a sponsor read; “She has spent …”',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/episodes/47',
        html: htmlPage(
          'Ep. 47: Listening to glaciers — Cold Facts',
          `<header><a href="/">Cold Facts</a> <nav><a href="/episodes">Episodes</a> <a href="/support">Support the show</a></nav></header>
<main>
<h1>Ep. 47: Listening to glaciers</h1>
<p class="meta">Episode 47 · 52 min · <a href="#">Listen on Spotify</a> | <a href="#">Apple Podcasts</a> | <a href="#">RSS</a></p>
<p>Our guest, Parisa Ahmadi, is a glaciologist at ETH Zürich. She has spent eleven summers on the Rhône Glacier recording the sound of meltwater.</p>
<h2>Chapters</h2>
<ul><li>00:00 Intro</li><li>03:12 Why glaciers make noise</li><li>41:05 Listener questions</li></ul>
<p class="sponsor">This episode is sponsored by Brightwave — use code ICE20 for 20% off.</p>
<p><a href="#">Read the transcript</a></p>
</main>`,
        ),
      },
    ],
    checks: [
      { absent: [['Listen on', 'Apple Podcasts', 'RSS', '52 min']] },
      { absent: [['sponsored', 'ICE20', '00:00', '03:12', 'Read the transcript']] },
      { absent: ['She has spent'] },
      { live: ['Parisa', 'glaciologist'] },
      { answer: 'Where does Parisa work?', expect: 'ETH' },
    ],
  },
  {
    id: 'dev-page-shop-about-it-they',
    class: 'furniture',
    split: 'dev',
    about: 'a small shop’s About page by URL: promo bars, newsletter pop-up, company number; “It was founded …”, “They build …”',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/om-oss',
        html: htmlPage(
          'About — Fjordline Kayaks',
          `<div class="promo-bar">Free shipping on orders over 2000 NOK · 30-day returns</div>
<header><a href="/">Fjordline Kayaks</a> <nav><a href="/kayaks">Kayaks</a> <a href="/paddles">Paddles</a> <a href="/om-oss">About</a> <a href="/cart">Basket (0)</a></nav></header>
<main>
<h1>About us</h1>
<p>Fjordline Kayaks is a family business in Ålesund. It was founded by Solveig and Eirik Brekke in 1994.</p>
<p>They build sea kayaks by hand from Norwegian spruce. It employs 12 people, most of them from Sunnmøre.</p>
</main>
<div class="popup">Get 10% off your first order — join our newsletter! <button>No thanks</button></div>
<footer>Fjordline Kayaks AS · Org.nr 912 345 678 · <a href="#">Instagram</a> · <a href="#">Facebook</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Free shipping', '10% off', 'No thanks', 'Basket']] },
      { absent: [['Org.nr', '912 345 678']] },
      { absent: [['It was founded', 'They build', 'It employs']] },
      { live: ['Fjordline', ['12 people', '12 employees', 'twelve']] },
      { live: ['Brekke', '1994'] },
      { answer: 'What does Fjordline make?', expect: 'kayak' },
    ],
  },
  {
    id: 'dev-pdf-conference-programme',
    class: 'furniture',
    split: 'dev',
    about: 'a conference programme PDF: running header, session labels, venue map caption, disclaimers; “She leads …”',
    steps: [
      {
        do: 'pdf',
        file: 'nordichci-2026-programme.pdf',
        pdf: {
          header: 'NordicHCI 2026 · Programme',
          pages: [
            [
              { title: 'Programme — Thursday' },
              { small: 'All times are CET. Programme subject to change.' },
              { heading: 'Session 3B · Room Aula' },
              { text: 'Anouk Visser from TU Delft presents her work on haptic handlebars for blind cyclists. She leads the Tactile Lab at TU Delft.' },
              { text: 'Eero Mäkinen of Aalto University shows a sauna thermostat that older people can use without glasses.' },
              { caption: 'Map of the venue, level 2' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Programme subject to change', 'All times are CET', 'NordicHCI 2026 ·']] },
      { absent: [['Map of the venue', 'Session 3B', 'Room Aula']] },
      { absent: ['She leads'] },
      { live: ['Anouk', 'Tactile Lab'] },
      { answer: "What is Anouk's research about?", expect: ['haptic', 'blind cyclists'] },
    ],
  },
  {
    id: 'dev-page-wedding-site',
    class: 'furniture',
    split: 'dev',
    about: 'an uploaded wedding website: RSVP button, countdown, registry nav, photo captions; “He proposed …”, “They live …”',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/linh-and-quang.html',
        html: htmlPage(
          'Linh & Quang',
          `<nav><a href="#story">Our story</a> | <a href="#schedule">Schedule</a> | <a href="#travel">Travel</a> | <a href="#registry">Registry</a> | <a href="#rsvp">RSVP</a></nav>
<header><h1>Linh &amp; Quang</h1><p class="countdown">143 days to go!</p><p><a href="#rsvp">RSVP by 1 June</a></p></header>
<section id="story"><h2>Our story</h2>
<p>Linh Pham and Quang Dinh met at a climbing gym in Hanoi in 2019. He proposed on the night train to Sa Pa.</p>
<p>They live in Da Lat, where Linh is a florist and Quang roasts coffee.</p>
<figure><img src="/img/hoian.jpg" alt=""><figcaption>Us in Hoi An, 2022</figcaption></figure></section>
<section id="schedule"><h2>Schedule</h2><p>The ceremony is at the Ana Mandara resort in Da Lat.</p></section>`,
        ),
      },
    ],
    checks: [
      { absent: [['RSVP', 'days to go', 'Registry']] },
      { absent: ['Us in Hoi An'] },
      { absent: [['He proposed', 'They live']] },
      { live: ['Linh', 'florist'] },
      { answer: 'Where do Linh and Quang live?', expect: 'Da Lat' },
    ],
  },
  {
    id: 'dev-page-academic-profile',
    class: 'furniture',
    split: 'dev',
    about: 'a university staff profile by URL: breadcrumbs, print/back-to-top links, publication count; “Her lab is …”',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/chs/staff/akosua-boateng',
        html: htmlPage(
          'Prof. Akosua Boateng — College of Health Sciences',
          `<header><a href="/">University of Ghana</a> <nav><a href="/study">Study</a> <a href="/research">Research</a> <a href="/staff">Staff directory</a></nav></header>
<nav class="breadcrumbs"><a href="/">University of Ghana</a> › <a href="/chs">College of Health Sciences</a> › <a href="/chs/staff">Staff</a> › Akosua Boateng</nav>
<main>
<p><a href="#">Print this page</a> · Last updated 3 days ago</p>
<h1>Professor Akosua Boateng</h1>
<p>Professor Akosua Boateng heads the Department of Microbiology. She studies antibiotic resistance on poultry farms across the Ashanti Region.</p>
<p>Her lab is funded by the Wellcome Trust and trains eight doctoral students.</p>
<h2>Publications (24)</h2><p><a href="#">Show all publications</a></p>
<p><a href="#top">Back to top ↑</a></p>
</main>`,
        ),
      },
    ],
    checks: [
      { absent: [['Print this page', 'Back to top', 'Last updated', 'Show all publications']] },
      { absent: [['Health Sciences ›', '› Staff', 'Staff directory']] },
      { absent: [['She studies', 'Her lab is']] },
      { live: ['Akosua', 'antibiotic'] },
      { answer: "Who funds Akosua's lab?", expect: 'Wellcome' },
    ],
  },
];
