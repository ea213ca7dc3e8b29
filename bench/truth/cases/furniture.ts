import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Class 3: from a web page or PDF, navigation, link lists, headers and footers, title lines,
 * bylines and captions must not become memories; a pronoun becomes the entity it stands for.
 */
export const FURNITURE_CASES: TruthCase[] = [
  {
    id: 'page-about-company-nav',
    class: 'furniture',
    split: 'tune',
    about: 'a company About page with a nav bar, back links and a footer',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/about',
        html: htmlPage(
          'About us — Kestrel Robotics',
          `<header class="site-header">
  <a class="logo" href="/">Kestrel Robotics</a>
  <nav><ul><li><a href="/">Home</a></li><li><a href="/products">Products</a></li><li><a href="/about">About us</a></li><li><a href="/careers">Careers</a></li><li><a href="/contact">Contact</a></li></ul></nav>
</header>
<main>
  <p><a href="/">← Back to home</a></p>
  <h1>About Kestrel Robotics</h1>
  <p>Kestrel Robotics builds autonomous inspection drones for offshore wind farms. The company was founded in 2019 in Aarhus by Mette Lund and Jonas Kjær.</p>
  <p>Mette Lund is the chief executive. She previously led the drone research group at DTU.</p>
  <p>See <a href="/team">About us and the team</a> for everyone else.</p>
</main>
<footer>
  <p>© 2026 Kestrel Robotics ApS · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="/cookies">Cookie settings</a></p>
  <p>Follow us on <a href="#">LinkedIn</a> and <a href="#">YouTube</a></p>
</footer>`,
        ),
      },
    ],
    checks: [
      { absent: ['Back to home'] },
      { absent: ['About us and the team'] },
      { absent: ['©'] },
      { absent: [['Cookie settings', 'Privacy · Terms', 'Follow us']] },
      { live: ['Mette', 'DTU'] },
      { answer: 'What does Kestrel Robotics make?', expect: 'drones' },
      { answer: 'Who founded Kestrel?', expect: 'Mette' },
    ],
  },
  {
    id: 'page-blog-byline',
    class: 'furniture',
    split: 'report',
    about: 'an uploaded blog post with byline, reading time, share buttons and related posts',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/blog/heritage-wheat.html',
        html: htmlPage(
          'Why our bakery switched to heritage wheat',
          `<nav><a href="/">The Crumb Journal</a> | <a href="/blog">Blog</a> | <a href="/shop">Shop</a> | <a href="/subscribe">Subscribe</a></nav>
<article>
  <h1>Why our bakery switched to heritage wheat</h1>
  <p class="byline">By Carlos Mendoza · 6 min read · 3 March 2026</p>
  <p>Rosa Delgado runs Panadería La Espiga in Oaxaca. She switched the whole bakery to heritage wheat last year after a trip to a mill in Puebla.</p>
  <p>Her sourdough now ferments for 36 hours, and she sells out of conchas by ten every morning.</p>
  <div class="share">Share this: <a href="#">Facebook</a> <a href="#">X</a> <a href="#">Email</a></div>
</article>
<aside><h2>Related posts</h2><ul><li><a href="#">Ten tips for a lively starter</a></li><li><a href="#">A visit to the Puebla mill</a></li></ul></aside>
<footer>Subscribe to The Crumb Journal for a new story every Friday. © The Crumb Journal</footer>`,
        ),
      },
    ],
    checks: [
      { absent: ['min read'] },
      { absent: ['By Carlos'] },
      { absent: [['Share this', 'Related posts', 'Ten tips']] },
      { absent: ['Subscribe'] },
      { live: ['Rosa', 'heritage wheat'] },
      { answer: 'Where is Rosa’s bakery?', expect: 'Oaxaca' },
    ],
  },
  {
    id: 'pdf-ops-report',
    class: 'furniture',
    split: 'tune',
    about: 'a quarterly report PDF: title line, prepared-by line, running header, figure captions',
    steps: [
      {
        do: 'pdf',
        file: 'nordwind-q3-review.pdf',
        pdf: {
          header: 'Nordwind Logistics — Internal',
          footer: 'Confidential',
          pages: [
            [
              { title: 'Quarterly Operations Review — Q3 2026' },
              { small: 'Prepared by the Finance Office, Nordwind Logistics' },
              { heading: 'Highlights' },
              { text: 'Nordwind opened a new cross-dock warehouse in Gdynia in August, which now handles all Baltic freight.' },
              { text: 'On-time delivery reached 96 percent, up from 91 percent in the second quarter.' },
              { caption: 'Figure 1: Monthly shipments by region, July to September' },
            ],
            [
              { heading: 'People' },
              { text: 'Katarzyna Wójcik became head of the Gdynia site. She previously ran the Kraków depot.' },
              { caption: 'Table 2: Headcount by site at quarter end' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: ['Quarterly Operations Review'] },
      { absent: ['Prepared by'] },
      { absent: ['Figure 1'] },
      { absent: ['Table 2'] },
      { absent: [['Page 1 of', 'Page 2 of']] },
      { absent: ['Internal'] },
      { answer: 'Where did Nordwind open a warehouse?', expect: 'Gdynia' },
      { live: ['Katarzyna', 'Kraków'] },
    ],
  },
  {
    id: 'page-team-pronouns',
    class: 'furniture',
    split: 'report',
    about: 'a team page of cards where each bio goes on with “she” or “he”',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/team',
        html: htmlPage(
          'Our team — Baobab Health',
          `<header><a href="/">Baobab Health</a><nav><a href="/">Home</a> <a href="/team">Team</a> <a href="/jobs">Jobs</a></nav></header>
<main>
<h1>Meet the team</h1>
<section class="card"><h2>Chiamaka Eze</h2><p class="role">Product Designer</p>
<p>She joined Baobab Health in 2021 and works from Abuja. Before that she designed banking apps at Paystack.</p></section>
<section class="card"><h2>Tunde Adebayo</h2><p class="role">Head of Engineering</p>
<p>He has built clinic software for eleven years and works from Ibadan.</p></section>
<p><a href="/jobs">We’re hiring — see open roles</a></p>
</main>
<footer>Baobab Health Ltd · Registered in Nigeria · <a href="/privacy">Privacy policy</a></footer>`,
        ),
      },
    ],
    checks: [
      { live: ['Chiamaka', 'Abuja'] },
      { live: ['Tunde', 'Ibadan'] },
      { absent: [["We're hiring", 'open roles']] },
      { absent: ['Privacy policy'] },
      { answer: 'Where does Chiamaka work from?', expect: 'Abuja' },
      { answer: 'What did Chiamaka do before Baobab?', expect: 'Paystack' },
    ],
  },
  {
    id: 'page-help-centre-sidebar',
    class: 'furniture',
    split: 'tune',
    about: 'a help-centre article with breadcrumbs, a sidebar of links and a feedback widget',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/help/billing/invoices.html',
        html: htmlPage(
          'Invoices and receipts — Tallyho Help Centre',
          `<div class="breadcrumbs"><a href="/">Home</a> › <a href="/help">Help</a> › <a href="/help/billing">Billing</a> › Invoices</div>
<aside class="sidebar"><h3>In this section</h3><ul>
<li><a href="#">Getting started</a></li><li><a href="#">Changing your plan</a></li><li><a href="#">Payment methods</a></li><li><a href="#">Refund policy</a></li></ul></aside>
<article><h1>Invoices and receipts</h1>
<p>Tallyho issues invoices on the first business day of each month. Invoices are emailed to the account owner as PDF attachments.</p>
<p>Annual plans are invoiced once, on the renewal date, with a 15 percent discount.</p>
<p>See also: <a href="#">Pricing</a>, <a href="#">Taxes and VAT</a>, <a href="#">FAQ</a></p></article>
<div class="feedback">Was this article helpful? <button>Yes</button> <button>No</button></div>
<footer>Still need help? Contact support · Status page · © Tallyho</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Getting started', 'Changing your plan', 'Payment methods']] },
      { absent: ['See also'] },
      { absent: [['Was this article helpful', 'Still need help']] },
      { absent: ['Home ›'] },
      { answer: 'When does Tallyho send invoices?', expect: 'first business day' },
      { answer: 'How much do annual plans save?', expect: '15 percent' },
    ],
  },
  {
    id: 'page-school-newsletter',
    class: 'furniture',
    split: 'report',
    about: 'an e-mail newsletter page with view-in-browser and unsubscribe links',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/newsletter/spring',
        html: htmlPage(
          'St Brigid’s Primary — Spring newsletter',
          `<p class="preheader"><a href="#">View this email in your browser</a></p>
<table><tr><td><h1>St Brigid’s Primary — Spring newsletter</h1>
<p>Mr Okonkwo will coach the under-12 football team this term. Training is on Thursdays after school.</p>
<p>The spring fair is on Saturday 18 April 2026; Mrs Doyle is looking for volunteers to run the cake stall.</p>
<p>Follow us on Instagram @stbrigidsprimary</p>
<p>You are receiving this email because you signed up on our website. <a href="#">Unsubscribe</a> | <a href="#">Update your preferences</a></p>
</td></tr></table>`,
        ),
      },
    ],
    checks: [
      { absent: ['View this email'] },
      { absent: ['Unsubscribe'] },
      { absent: [['Follow us', 'receiving this email']] },
      { answer: 'Who is coaching the under-12s?', expect: 'Okonkwo' },
      { answer: 'Who needs help with the cake stall?', expect: 'Doyle' },
    ],
  },
  {
    id: 'pdf-cv',
    class: 'furniture',
    split: 'tune',
    about: 'a CV as PDF: title, name header, section headings, “references on request”',
    steps: [
      {
        do: 'pdf',
        file: 'leilani-kahale-cv.pdf',
        pdf: {
          header: 'Leilani Kahale — Curriculum Vitae',
          pages: [
            [
              { title: 'Curriculum Vitae' },
              { heading: 'Leilani Kahale' },
              { small: 'Hilo, Hawaii · leilani.kahale@example.org' },
              { heading: 'Experience' },
              { text: 'Since 2022 she has led the reef monitoring programme at the Hawaii Institute of Marine Biology.' },
              { text: 'From 2017 to 2022 she worked as a field technician for NOAA in American Samoa.' },
              { heading: 'Education' },
              { text: 'PhD in marine ecology, University of Queensland, 2017.' },
              { small: 'References available on request.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: ['Curriculum Vitae'] },
      { absent: ['References available'] },
      { absent: ['example.org'] },
      { live: ['Leilani', 'reef'] },
      { answer: 'Where did Leilani do her PhD?', expect: 'Queensland' },
      { answer: 'What does Leilani lead?', expect: 'reef monitoring' },
    ],
  },
  {
    id: 'pdf-agm-minutes',
    class: 'furniture',
    split: 'report',
    about: 'minutes of a society’s AGM as PDF with title, prepared-by and attendee lines',
    steps: [
      {
        do: 'pdf',
        file: 'allotment-agm-minutes.pdf',
        pdf: {
          footer: 'Riverside Allotment Society',
          pages: [
            [
              { title: 'Minutes of the Annual General Meeting' },
              { small: 'Prepared by: Gwen Parry, Secretary' },
              { small: 'Present: 23 members. Apologies: 4.' },
              { heading: '1. Officers' },
              { text: 'Dev Patel was elected treasurer. He takes over the accounts from Margaret Hughes, who steps down after nine years.' },
              { heading: '2. Fees' },
              { text: 'The annual plot fee rises to £45 from January. Water charges stay the same.' },
              { caption: 'Photo: the new polytunnel on plot 14' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: ['Minutes of the Annual'] },
      { absent: ['Prepared by'] },
      { absent: [['Present: 23', 'Apologies']] },
      { absent: ['Photo:'] },
      { live: ['Dev Patel', 'treasurer'] },
      { answer: 'Who looks after the allotment society’s money now?', expect: 'Dev Patel' },
      { answer: 'How much is a plot per year?', expect: '£45' },
    ],
  },
  {
    id: 'page-travel-captions',
    class: 'furniture',
    split: 'tune',
    about: 'a travel blog with figure captions and photo credits',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/posts/a-month-in-porto',
        html: htmlPage(
          'A month in Porto',
          `<header><a href="/">slow.travel</a> <nav><a href="/posts">Posts</a> <a href="/about">About</a></nav></header>
<article>
<h1>A month in Porto</h1>
<p class="meta">Posted in <a href="#">Europe</a>, <a href="#">Slow travel</a> · 12 comments</p>
<figure><img src="/img/ribeira.jpg" alt=""><figcaption>The Ribeira waterfront at dawn. Photo: Ana Ribeiro / Unsplash</figcaption></figure>
<p>Joaquim and I rented a flat in the Ribeira district for the whole of June. He worked remotely for his Lisbon agency in the mornings.</p>
<p>We took the train up the Douro valley to Pinhão twice, and Joaquim fell for tawny port.</p>
<figure><img src="/img/douro.jpg" alt=""><figcaption>Terraced vineyards above Pinhão</figcaption></figure>
</article>
<section class="comments"><h2>12 comments</h2><p>Leave a reply</p></section>`,
        ),
      },
    ],
    checks: [
      { absent: ['Unsplash'] },
      { absent: [['at dawn', 'Terraced vineyards above']] },
      { absent: [['Leave a reply', '12 comments', 'Posted in']] },
      { answer: 'Where did Joaquim stay in June?', expect: ['Ribeira', 'Porto'] },
      { live: ['Joaquim', ['Lisbon agency', 'remotely']] },
    ],
  },
  {
    id: 'page-founder-cookie-banner',
    class: 'furniture',
    split: 'report',
    about: 'an uploaded founder story behind a cookie banner and skip link; “he” carries the facts',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/our-story.html',
        html: htmlPage(
          'Our story — Kumo Tea',
          `<a class="skip" href="#main">Skip to main content</a>
<div class="cookie-banner">We use cookies to improve your experience. <button>Accept all</button> <button>Manage preferences</button></div>
<header><a href="/">Kumo Tea</a> <nav><a href="/shop">Shop</a> <a href="/story">Our story</a> <a href="/account">Sign in</a> <a href="/cart">Cart (0)</a></nav></header>
<main id="main">
<h1>Our story</h1>
<p>Our founder, Hiroshi Nakamura, grew up in Kobe. He started Kumo Tea in 2015 after ten years as a food chemist, and he still blends every sencha himself.</p>
<p>The tea comes from two family farms in Shizuoka.</p>
</main>
<footer>Free shipping on orders over $40 · <a href="#">Shipping &amp; returns</a> · © 2026 Kumo Tea</footer>`,
        ),
      },
    ],
    checks: [
      { absent: ['cookies'] },
      { absent: ['Skip to'] },
      { absent: [['Sign in', 'Cart (0)', 'Accept all']] },
      { absent: ['Free shipping'] },
      { live: ['Hiroshi', 'chemist'] },
      { answer: 'Where does Kumo’s tea come from?', expect: 'Shizuoka' },
    ],
  },
  {
    id: 'page-wiki-colleague',
    class: 'furniture',
    split: 'tune',
    about: 'an internal wiki page about a colleague with edit links and a table of contents',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/wiki/ngozi-adeyemi',
        html: htmlPage(
          'Ngozi Adeyemi — Team wiki',
          `<div class="wiki-toolbar"><a href="#">Edit this page</a> · <a href="#">History</a> · <a href="#">Watch</a></div>
<p class="updated">Last edited by Pieter van Dam on 4 November 2026</p>
<h1>Ngozi Adeyemi</h1>
<div class="toc"><strong>On this page</strong><ol><li><a href="#bg">Background</a></li><li><a href="#projects">Projects</a></li></ol></div>
<h2 id="bg">Background</h2>
<p>Ngozi is our regional director for East Africa. She moved to Nairobi in 2023 to set up the office there.</p>
<h2 id="projects">Projects</h2>
<p>She is currently negotiating a distribution deal with Safaricom.</p>
<p class="tags">Tags: people, leadership, east-africa</p>`,
        ),
      },
    ],
    checks: [
      { absent: ['Last edited'] },
      { absent: [['Edit this page', 'On this page']] },
      { absent: ['Tags:'] },
      { live: ['Ngozi', 'Nairobi'] },
      { live: ['Ngozi', 'Safaricom'] },
      { answer: 'Which city is Ngozi based in?', expect: 'Nairobi' },
    ],
  },
  {
    id: 'pdf-cycling-study',
    class: 'furniture',
    split: 'report',
    about: 'a short study as PDF with tables, sources and a prepared-by byline',
    steps: [
      {
        do: 'pdf',
        file: 'malmo-cycling-2026.pdf',
        pdf: {
          header: 'Malmö Cycling Coalition',
          pages: [
            [
              { title: 'Commuting by Bike in Malmö, 2026' },
              { small: 'Prepared by Anders Holm for the Malmö Cycling Coalition' },
              { text: 'The share of Malmö commuters who cycle to work rose to 41 percent in 2026.' },
              { caption: 'Table 2: Participant demographics by district' },
              { small: 'Source: Coalition commuter survey, n = 1,204' },
              { text: 'The new Bulltofta bike bridge cut the average ride from Husie to the city centre by six minutes.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: ['Commuting by Bike in Malmö, 2026'] },
      { absent: ['Prepared by'] },
      { absent: ['Table 2'] },
      { absent: ['Source:'] },
      { answer: 'What share of people in Malmö ride to work?', expect: '41 percent' },
      { answer: 'What did the Bulltofta bridge change?', expect: 'six minutes' },
    ],
  },
  {
    id: 'page-event-meetup',
    class: 'furniture',
    split: 'tune',
    about: 'an event page with back links, share and calendar buttons; “she” must become the organizer',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/events/lisbon-chapter',
        html: htmlPage(
          'Lisbon chapter — PyLadies',
          `<header><nav><a href="#">Menu</a> <a href="#">Search</a> <a href="#">Donate</a></nav></header>
<p><a href="/events">← Back to all events</a></p>
<h1>Lisbon chapter meetup</h1>
<p>The Lisbon chapter meets every second Tuesday at Café Fábrica in Alfama. Inês Carvalho organizes it; she also edits the chapter’s monthly newsletter.</p>
<p>Newcomers get a free workshop on data analysis with pandas.</p>
<div class="actions"><a href="#">Add to calendar</a> · <a href="#">Share this event</a> · <a href="#">Report</a></div>`,
        ),
      },
    ],
    checks: [
      { absent: ['Back to all events'] },
      { absent: [['Add to calendar', 'Share this event']] },
      { absent: ['Donate'] },
      { live: ['Inês', 'newsletter'] },
      { answer: 'Where does the Lisbon chapter meet?', expect: 'Fábrica' },
      { answer: 'Who runs the Lisbon chapter?', expect: 'Inês' },
    ],
  },
];
