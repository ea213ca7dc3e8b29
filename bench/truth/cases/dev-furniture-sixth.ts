import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3, sixth batch, written at the end of the tenth round and measured before any work
 * on it (2026-11-28, 28 of 31 checks), worked on in the eleventh round: a company's about page (breadcrumbs, a demo button, a
 * newsletter box; "It builds …"), a forum thread (reply and quote links, a poster line, a phone
 * signature), parish council minutes as a PDF (present, apologies, item numbers, AOB), a shop's
 * product page (basket, delivery, star ratings, "customers also bought"), a personal blog's about page
 * told in the first person (archives, categories, follow links), an events listing (filters, "load
 * more", calendar links, "sold out").
 */
export const SIXTH_DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-furn6-company-about',
    class: 'furniture',
    split: 'dev',
    about: 'a company about page by URL: breadcrumbs, "Book a demo", cookie banner, newsletter box; "It builds …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/about',
        html: htmlPage(
          'About us — Lumen Robotics',
          `<div class="cookies">We use cookies to improve your experience. <button>Accept all</button> <button>Manage preferences</button></div>
<header><a href="/">Lumen Robotics</a><nav><a href="/product">Product</a> <a href="/customers">Customers</a> <a href="/demo">Book a demo</a></nav></header>
<p class="crumbs"><a href="/">Home</a> › About</p>
<main>
<h1>Our story</h1>
<p>Lumen Robotics was founded in 2019 by Ayo Bello in Lagos. It builds warehouse robots that pick and pack parcels.</p>
<p>The company employs 85 people.</p>
</main>
<aside><h3>Stay in the loop</h3><p>Subscribe to our newsletter for product news.</p><form><input placeholder="Your email"><button>Subscribe</button></form></aside>
<footer>© 2026 Lumen Robotics Ltd · <a href="/careers">Careers</a> · <a href="/privacy">Privacy</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['We use cookies', 'Accept all', 'Book a demo', 'Home › About', 'Our story', 'Stay in the loop', 'Subscribe']] },
      { absent: [['It builds']] },
      { live: ['Ayo Bello', 'Lumen'] },
      { live: ['warehouse robots'] },
      { answer: 'Who founded Lumen Robotics?', expect: 'Ayo Bello' },
    ],
  },
  {
    id: 'dev-furn6-forum-thread',
    class: 'furniture',
    split: 'dev',
    about: 'a forum thread saved as a file: reply and quote links, "Posted by", "Report post", a phone signature',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: 'allotment-thread.html',
        html: htmlPage(
          'When do we meet? — Edinburgh Growers Forum',
          `<header><a href="/">Edinburgh Growers Forum</a> › <a href="/f/societies">Societies</a></header>
<div class="post">
<p class="meta">Posted by greenfingers_88 · 12 Mar 2026 · 3 replies</p>
<p>The Leith Allotment Society meets on the first Sunday of every month at the Water of Leith Centre.</p>
<p>New members pay a joining fee of £15.</p>
<p class="sig">Sent from my iPhone</p>
<p class="actions"><a href="#">Reply</a> <a href="#">Quote</a> <a href="#">Report post</a></p>
</div>
<footer>Powered by phpBB · <a href="/rules">Forum rules</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Posted by', 'greenfingers', 'Sent from my iPhone', 'Report post', 'Quote', 'Powered by', 'Forum rules']] },
      { live: ['Leith Allotment Society', 'first Sunday'] },
      { live: ['joining fee', '15'] },
      { answer: 'When does the Leith Allotment Society meet?', expect: 'first Sunday' },
    ],
  },
  {
    id: 'dev-furn6-council-minutes',
    class: 'furniture',
    split: 'dev',
    about: 'parish council minutes as a PDF: running header, "Present", "Apologies", item numbers, "AOB", page numbers',
    steps: [
      {
        do: 'pdf',
        file: 'ashby-parish-minutes-march-2026.pdf',
        pdf: {
          header: 'Ashby Parish Council — Minutes of the meeting of 9 March 2026',
          footer: 'Signed as a true record',
          pages: [
            [
              { title: 'Minutes' },
              { small: 'Present: Cllrs Ames, Patel, Hughes (Chair). Apologies: Cllr Dunn.' },
              { heading: 'Item 1. Defibrillator' },
              { text: 'The council agreed to install a defibrillator at the village hall. Councillor Ruth Ames will obtain three quotes by April.' },
              { heading: 'Item 2. AOB' },
              { text: 'The spring litter pick will take place on 18 April 2026.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Present:', 'Apologies', 'Item 1', 'AOB', 'Signed as a true record', 'Page 1 of']] },
      { live: ['defibrillator', 'village hall'] },
      { live: ['Ruth Ames', 'quotes'] },
      { answer: 'Who will get quotes for the defibrillator?', expect: 'Ruth Ames' },
    ],
  },
  {
    id: 'dev-furn6-product-page',
    class: 'furniture',
    split: 'dev',
    about: 'a shop product page by URL: price, "Add to basket", delivery note, star rating, "Customers also bought"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/shop/kestrel-daypack',
        html: htmlPage(
          'Kestrel Daypack 22L — Tideline',
          `<header><a href="/">Tideline</a><nav><a href="/shop">Shop</a> <a href="/basket">Basket (0)</a></nav></header>
<main>
<h1>Kestrel Daypack 22L</h1>
<p class="price">£24.99</p>
<p class="rating">4.6 out of 5 stars (312 reviews)</p>
<button>Add to basket</button>
<p class="delivery">Free delivery on orders over £40</p>
<p>The Kestrel daypack is made from recycled ocean plastic by Tideline, a company based in Falmouth.</p>
</main>
<aside><h2>Customers also bought</h2><ul><li><a href="#">Petrel bottle</a></li><li><a href="#">Gannet bum bag</a></li></ul></aside>
<footer>© Tideline 2026 · <a href="/returns">Returns</a></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Add to basket', 'Free delivery', 'out of 5 stars', 'Customers also bought', 'Petrel bottle', 'Basket (0)', 'Returns']] },
      { live: ['Tideline', 'Falmouth'] },
      { live: ['recycled ocean plastic'] },
      { answer: 'Where is Tideline based?', expect: 'Falmouth' },
    ],
  },
  {
    id: 'dev-furn6-blog-about-me',
    class: 'furniture',
    split: 'dev',
    about: 'a personal blog about page by URL, told in the first person: archives, categories, follow links, "Powered by WordPress"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/about-me',
        html: htmlPage(
          'About me — Coastline by Bike',
          `<header><a href="/">Coastline by Bike</a></header>
<main>
<h1>About me</h1>
<p>I'm Rosa Lindqvist, a midwife in Uppsala. I write about cycling the Swedish coast, one weekend at a time.</p>
<p>My bike is a steel tourer I built in 2021.</p>
</main>
<aside><h3>Archives</h3><ul><li><a href="#">May 2026</a></li><li><a href="#">April 2026</a></li></ul><h3>Categories</h3><ul><li><a href="#">Routes</a></li><li><a href="#">Gear</a></li></ul><p><a href="#">Follow me on Instagram</a></p></aside>
<footer>Powered by WordPress</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Archives', 'Categories', 'May 2026', 'Follow me on Instagram', 'Powered by WordPress', 'About me']] },
      { live: ['Rosa Lindqvist', 'midwife'] },
      { absent: [["I'm", 'I write']] },
      { answer: 'What does Rosa Lindqvist do for a living?', expect: 'midwife' },
    ],
  },
  {
    id: 'dev-furn6-events-listing',
    class: 'furniture',
    split: 'dev',
    about: 'an events listing by URL: filters, "Load more", "Add to calendar", "Sold out" badges',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/whats-on',
        html: htmlPage(
          "What's on — Orkney Events",
          `<header><a href="/">Orkney Events</a></header>
<form class="filters"><label>Filter by date</label><select><option>This month</option></select><button>Apply</button></form>
<ul class="events">
<li><h3>Harbour Jazz Festival</h3><p>The Harbour Jazz Festival returns to Kirkwall on 14 August 2026. Tickets are sold by the Pickaquoy Centre.</p><a href="#">Add to calendar</a></li>
<li><h3>St Magnus Organ Recital</h3><p class="badge">Sold out</p><a href="#">Add to calendar</a></li>
</ul>
<button>Load more</button>
<footer>© Orkney Events 2026</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Filter by date', 'This month', 'Add to calendar', 'Sold out', 'Load more', "What's on"]] },
      { live: ['Harbour Jazz Festival', 'Kirkwall'] },
      { live: ['Pickaquoy Centre'] },
      { answer: 'Where is the Harbour Jazz Festival held?', expect: 'Kirkwall' },
    ],
  },
];
