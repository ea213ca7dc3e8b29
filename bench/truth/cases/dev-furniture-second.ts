import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3, second batch: furniture not seen in the first — a skip link and newsletter box,
 * "[edit]" links and an infobox, a press release's boilerplate and media contact, a forum post's
 * signature and pager, an events page's "Add to calendar", photo credits, a slide deck's slide
 * numbers, a draft's watermark and print line — around real facts, some told with a pronoun only.
 * Written before any work on them, in two halves: `dev-furn2a-*` is worked on, `dev-furn2b-*` is
 * only reported.
 */
export const SECOND_DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-furn2a-newsletter-box',
    class: 'furniture',
    split: 'dev',
    about: 'a profile page by URL: skip link, newsletter box, photo credit, "Last updated"; "He studied …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/people/tane-walker',
        html: htmlPage(
          'Tāne Walker, master carver — Aotearoa Makers',
          `<a class="skip" href="#main">Skip to main content</a>
<header><a href="/">Aotearoa Makers</a><nav><a href="/people">People</a> <a href="/workshops">Workshops</a> <a href="/donate">Donate</a></nav></header>
<main id="main">
<h1>Tāne Walker, master carver</h1>
<p class="updated">Last updated 3 March 2026</p>
<figure><img src="/img/tane.jpg" alt="Tāne at work"><figcaption>Photo: Mere Ngata / Aotearoa Makers</figcaption></figure>
<p>Tāne Walker carves pounamu and native timber in a workshop in Rotorua. He studied at the New Zealand Māori Arts and Crafts Institute and now teaches there two days a week.</p>
</main>
<aside class="newsletter"><h2>Get our newsletter</h2><p>Stories from makers across Aotearoa, once a month. No spam.</p><form><input type="email" placeholder="Your email"><button>Sign up</button></form></aside>
<footer>© Aotearoa Makers Trust · <a href="/terms">Terms of use</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Skip to', 'Last updated', 'Photo:', 'newsletter', 'No spam', 'Sign up', 'Terms of use']] },
      { absent: [['He studied', 'He now teaches']] },
      { live: ['Tāne', 'Rotorua'] },
      { live: ['Tāne', 'Institute'] },
      { answer: 'Where does Tāne work?', expect: ['Rotorua', 'Institute'] },
    ],
  },
  {
    id: 'dev-furn2a-press-release',
    class: 'furniture',
    split: 'dev',
    about: 'an uploaded press release: dateline, "About …" boilerplate, media contact, "###"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/press/solara-series-b.html',
        html: htmlPage(
          'Solara raises Series B — Press',
          `<header><a href="/">Solara</a><nav><a href="/press">Press</a> <a href="/careers">Careers</a></nav></header>
<article>
<h1>Solara raises $40 million to bring solar pumps to smallholder farms</h1>
<p><strong>NAIROBI, Kenya — 12 May 2026 —</strong> Solara, which makes solar-powered irrigation pumps, has raised $40 million in a Series B round led by Novastar Ventures. The company has sold 60,000 pumps in Kenya, Uganda and Tanzania.</p>
<p>Solara was founded in 2019 by Wanjiru Kamau. She previously ran operations at M-Kopa.</p>
<p>###</p>
<h2>About Solara</h2>
<p>Solara is a leading provider of innovative, affordable solar solutions for farmers across East Africa. To learn more, visit our website.</p>
<h2>Media contact</h2>
<p>press@solara.example · +254 700 000 000</p>
</article>`,
        ),
      },
    ],
    checks: [
      { absent: [['###', 'Media contact', 'press@', 'To learn more', 'leading provider']] },
      { absent: [['She previously']] },
      { live: ['Solara', '40 million'] },
      { live: ['Wanjiru', 'M-Kopa'] },
      { answer: 'Who founded Solara?', expect: 'Wanjiru' },
    ],
  },
  {
    id: 'dev-furn2a-forum-post',
    class: 'furniture',
    split: 'dev',
    about: 'a forum thread by URL: post counts, "Reply · Quote · Report", signature, pager',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/forum/threads/418',
        html: htmlPage(
          'Moving my bakery to sourdough only — BakersForum',
          `<header><a href="/">BakersForum</a><nav><a href="/forum">Forums</a> <a href="/members">Members</a> <a href="/login">Log in</a></nav></header>
<main>
<h1>Moving my bakery to sourdough only</h1>
<div class="post"><div class="author">crumb_queen · Posts: 1,204 · Joined: 2019</div>
<p>Hi all — I'm Fatou Diallo and I run Levain & Co, a small bakery in Lyon. We stopped selling yeasted bread in January and now bake only sourdough, about 300 loaves a day.</p>
<div class="post-actions">Reply · Quote · Report</div>
<div class="signature">— Fatou | “Flour, water, salt, time.” | Levain & Co since 2017</div></div>
<nav class="pager">Page 1 of 3 · <a href="?page=2">Next »</a></nav>
</main>
<footer>BakersForum © 2026 · <a href="/rules">Forum rules</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Posts: 1,204', 'Reply', 'Quote', 'Report', 'Next »', 'Forum rules', 'Log in']] },
      { absent: [['Flour, water, salt']] },
      { live: ['Fatou', 'Levain'] },
      { live: ['sourdough', ['300 loaves', '300']] },
      { answer: 'Where is Levain & Co?', expect: 'Lyon' },
    ],
  },
  {
    id: 'dev-furn2a-slide-deck',
    class: 'furniture',
    split: 'dev',
    about: 'a slide deck PDF: running title, slide numbers, "Thank you / Questions?", agenda',
    steps: [
      {
        do: 'pdf',
        file: 'kettle-river-board-deck.pdf',
        pdf: {
          header: 'Kettle River Cooperative · Board update Q2 2026',
          footer: 'Internal use only',
          pages: [
            [{ title: 'Board update, Q2 2026' }, { heading: 'Agenda' }, { small: '1. Membership  2. Harvest  3. Next steps' }],
            [
              { heading: 'Membership' },
              { text: 'Kettle River Cooperative has 212 member farms in Minnesota. It elected Maren Olsen as board chair in April.' },
              { heading: 'Harvest' },
              { text: 'The cooperative processed 18,000 tonnes of wild rice and oats in 2025.' },
            ],
            [{ title: 'Thank you' }, { text: 'Questions?' }],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Agenda', 'Next steps', 'Internal use only', 'Thank you', 'Questions?', 'Page 1 of']] },
      { absent: [['It elected']] },
      { live: ['Kettle River', '212'] },
      { live: ['Maren', 'chair'] },
      { answer: 'Who chairs the board of Kettle River Cooperative?', expect: 'Maren' },
    ],
  },
  {
    id: 'dev-furn2b-wiki-infobox',
    class: 'furniture',
    split: 'dev',
    about: 'an encyclopedia page by URL: "[edit]" links, infobox labels, "Jump to navigation", references list',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/wiki/Gunnhild_Berg',
        html: htmlPage(
          'Gunnhild Berg — OpenPedia',
          `<a href="#nav">Jump to navigation</a> <a href="#search">Jump to search</a>
<header><a href="/">OpenPedia</a> <nav><a href="/random">Random article</a> <a href="/help">Help</a></nav></header>
<main>
<h1>Gunnhild Berg</h1>
<table class="infobox"><tr><th>Born</th><td>1974, Tromsø</td></tr><tr><th>Occupation</th><td>Glaciologist</td></tr></table>
<h2>Career <span class="edit">[edit]</span></h2>
<p>Gunnhild Berg is a Norwegian glaciologist at the Norwegian Polar Institute in Tromsø. She led the 2019 survey of the Austfonna ice cap.<sup>[1]</sup></p>
<h2>References <span class="edit">[edit]</span></h2>
<ol><li>“Austfonna survey report”, Polar Science, 2020. Retrieved 4 May 2024.</li></ol>
</main>
<footer>This page was last edited on 2 February 2026. Text is available under a Creative Commons licence.</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Jump to', '[edit]', 'Random article', 'Retrieved', 'last edited', 'Creative Commons']] },
      { absent: [['She led']] },
      { live: ['Gunnhild', 'Polar Institute'] },
      { live: ['Gunnhild', 'Austfonna'] },
      { answer: 'Where does Gunnhild work?', expect: 'Polar Institute' },
    ],
  },
  {
    id: 'dev-furn2b-events-page',
    class: 'furniture',
    split: 'dev',
    about: 'an uploaded events page: "Add to calendar", "Get tickets", "Share", map link; "They will play …"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/events/lumen-quartet.html',
        html: htmlPage(
          'Lumen Quartet in concert — Harbour Hall',
          `<header><a href="/">Harbour Hall</a><nav><a href="/whats-on">What’s on</a> <a href="/visit">Visit</a> <a href="/basket">Basket (0)</a></nav></header>
<main>
<h1>Lumen Quartet in concert</h1>
<p class="when">Fri 9 Oct 2026, 19:30 · <a href="#">Add to calendar</a> · <a href="#">Get tickets</a> · <a href="#">Share</a></p>
<p>The Lumen Quartet was formed in Porto in 2015 by four graduates of the Porto Conservatory. Its first violinist is Inês Carvalho.</p>
<p class="venue"><a href="#">View on map</a> · Step-free access · Bar opens at 18:30</p>
</main>
<footer>Harbour Hall is a registered charity. <a href="/accessibility">Accessibility</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Add to calendar', 'Get tickets', 'Share', 'View on map', 'Basket', 'registered charity', 'Bar opens']] },
      { absent: [['Its first violinist']] },
      { live: ['Lumen Quartet', 'Porto'] },
      { live: ['Inês', 'violin'] },
      { answer: 'Who is the first violinist of the Lumen Quartet?', expect: 'Inês' },
    ],
  },
  {
    id: 'dev-furn2b-draft-memo',
    class: 'furniture',
    split: 'dev',
    about: 'a draft memo PDF: "DRAFT v3", "Printed 14/06/2026", distribution list, signature block',
    steps: [
      {
        do: 'pdf',
        file: 'cedar-clinic-memo.pdf',
        pdf: {
          header: 'DRAFT v3 — not for circulation',
          footer: 'Printed 14/06/2026',
          pages: [
            [
              { title: 'Memo: new clinic lead' },
              { small: 'To: All staff · Cc: Board · From: Operations' },
              { text: 'Dr Aroha Ngata will lead the Cedar Street Clinic from 1 July. She replaces Dr Paul Hart, who retires after 22 years.' },
              { text: 'The Cedar Street Clinic serves 9,000 registered patients in Hamilton.' },
              { small: 'Kind regards, Operations team' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['DRAFT', 'not for circulation', 'Printed 14', 'To: All staff', 'Kind regards']] },
      { absent: [['She replaces']] },
      { live: ['Aroha', 'Cedar Street'] },
      { live: ['Cedar Street', '9,000'] },
      { answer: 'Who will lead the Cedar Street Clinic?', expect: 'Aroha' },
    ],
  },
  {
    id: 'dev-furn2b-team-page',
    class: 'furniture',
    split: 'dev',
    about: 'a team page by URL: social icons, "Read bio →", cookie bar, back-to-top; "He oversees …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/team',
        html: htmlPage(
          'Our team — Brightwater Studio',
          `<div class="cookie-bar">We use cookies to improve your experience. <button>OK</button></div>
<header><a href="/">Brightwater Studio</a><nav><a href="/work">Work</a> <a href="/team">Team</a> <a href="/contact">Contact</a></nav></header>
<main>
<h1>Our team</h1>
<section class="person"><h2>Kwame Mensah</h2><p>Kwame Mensah is the creative director of Brightwater Studio in Accra. He oversees the studio's branding and animation work.</p><p><a href="#">Read bio →</a> · <a href="#">LinkedIn</a> · <a href="#">Instagram</a></p></section>
<section class="person"><h2>Efua Owusu</h2><p>Efua Owusu is Brightwater's lead illustrator. She joined in 2021 from a children's book publisher.</p><p><a href="#">Read bio →</a> · <a href="#">Behance</a></p></section>
</main>
<a href="#top" class="back-to-top">Back to top ↑</a>
<footer>© 2026 Brightwater Studio Ltd · Made in Accra</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['cookies', 'Read bio', 'LinkedIn', 'Instagram', 'Behance', 'Back to top', 'Made in Accra']] },
      { absent: [['He oversees', 'She joined']] },
      { live: ['Kwame', 'creative director'] },
      { live: ['Efua', 'illustrator'] },
      { answer: 'Who is the creative director of Brightwater Studio?', expect: 'Kwame' },
    ],
  },
];
