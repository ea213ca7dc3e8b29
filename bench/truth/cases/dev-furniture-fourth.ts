import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3, fourth batch, written after the seventh round's fixes and measured before any
 * work on it (2026-11-28), every case only reported: a podcast episode page's players and episode
 * labels, a shop's contact page with opening hours and a map link, a parish newsletter PDF's running
 * header and diary dates, a project page's badges, install steps and licence — around real facts,
 * some told with a pronoun only.
 */
export const FOURTH_DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-furn4-podcast-episode',
    class: 'furniture',
    split: 'dev',
    about: 'a podcast episode page by URL: "Listen on", episode number, "Subscribe", show-notes label; "She has studied …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/episodes/42-sleep',
        html: htmlPage(
          'Episode 42: Why we cannot sleep — The Night Shift podcast',
          `<header><a href="/">The Night Shift</a><nav><a href="/episodes">Episodes</a> <a href="/about">About</a></nav></header>
<main>
<p class="ep">Episode 42 · 48 min</p>
<h1>Why we cannot sleep</h1>
<p class="listen"><a href="#">Listen on Spotify</a> · <a href="#">Apple Podcasts</a> · <a href="#">RSS</a></p>
<h2>Show notes</h2>
<p>Dr Lena Okafor runs the sleep clinic at St Mary's Hospital in Leeds. She has studied insomnia for fifteen years.</p>
<p><a href="/subscribe">Subscribe for new episodes every Tuesday</a></p>
</main>
<footer>© The Night Shift</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Listen on', 'Apple Podcasts', 'Episode 42', '48 min', 'Subscribe', 'Show notes']] },
      { absent: [['She has studied']] },
      { live: ['Lena', 'sleep clinic'] },
      { live: ['Lena', 'insomnia'] },
      { answer: 'Where does Lena Okafor work?', expect: ["St Mary's", 'sleep clinic'] },
    ],
  },
  {
    id: 'dev-furn4-shop-contact',
    class: 'furniture',
    split: 'dev',
    about: 'a shop contact page uploaded as a file: address block, phone, opening hours, "View larger map"; "He took over …"',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/contact-harbour-books.html',
        html: htmlPage(
          'Contact — Harbour Books',
          `<header><a href="/">Harbour Books</a><nav><a href="/events">Events</a> <a href="/contact">Contact</a></nav></header>
<main>
<h1>Visit us</h1>
<p>Harbour Books is an independent bookshop in Whitby, owned by Tom Reyes. He took over the shop from his aunt in 2012.</p>
<address>14 Church Street<br>Whitby YO22 4AE<br>Tel: 01947 600 123</address>
<p class="hours">Opening hours: Mon–Sat 9:00–17:30, Sun 11:00–16:00</p>
<p><a href="#map">View larger map</a></p>
</main>
<footer>Harbour Books Ltd · Registered in England No. 0812345</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Opening hours', 'Mon–Sat', 'Tel:', 'View larger map', 'Registered in England', 'Visit us']] },
      { absent: [['He took over']] },
      { live: ['Harbour Books', 'Whitby'] },
      { live: ['Tom Reyes', '2012'] },
      { answer: 'Who owns Harbour Books?', expect: 'Tom Reyes' },
    ],
  },
  {
    id: 'dev-furn4-parish-newsletter',
    class: 'furniture',
    split: 'dev',
    about: 'a parish newsletter PDF: running header, "Dates for your diary", "From the vicar\'s desk", page numbers; "She also chairs …"',
    steps: [
      {
        do: 'pdf',
        file: 'parish-news-march.pdf',
        pdf: {
          header: 'Parish News — March 2026',
          footer: 'St Oswald’s Church, Grasmere',
          pages: [
            [
              { title: 'Parish News' },
              { heading: 'From the vicar’s desk' },
              { text: 'Reverend Anne Pike has led St Oswald’s Church since 2019. She also chairs the Grasmere food bank.' },
            ],
            [
              { heading: 'Dates for your diary' },
              { small: 'Sun 8 March: Mothering Sunday service, 10:30 · Sat 21 March: Spring fair, 11:00' },
              { text: 'The church hall roof was repaired in January with a grant of £18,000 from the diocese.' },
            ],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Parish News', 'Dates for your diary', 'Mothering Sunday service, 10:30', "vicar's desk", 'Page 1 of']] },
      { absent: [['She also chairs']] },
      { live: ['Anne Pike', 'St Oswald'] },
      { live: ['Anne Pike', 'food bank'] },
      { answer: "Who leads St Oswald's Church?", expect: 'Anne Pike' },
    ],
  },
  {
    id: 'dev-furn4-project-readme',
    class: 'furniture',
    split: 'dev',
    about: 'a project page by URL: build badges, "Table of contents", install command, licence and contributing lines; "It stores …"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/projects/kereru',
        html: htmlPage(
          'kereru — a time-series database',
          `<main>
<p><img src="/badge/build.svg" alt="build passing"> <img src="/badge/license.svg" alt="license MIT"> <img src="/badge/version.svg" alt="v2.4.1"></p>
<h1>Kererū</h1>
<h2>Table of contents</h2>
<ul><li><a href="#about">About</a></li><li><a href="#install">Installation</a></li><li><a href="#license">License</a></li></ul>
<h2 id="about">About</h2>
<p>Kererū is a time-series database written in Rust by Aroha Tane. It stores measurements in compressed columnar files.</p>
<h2 id="install">Installation</h2>
<pre><code>cargo install kereru</code></pre>
<h2 id="license">License</h2>
<p>Licensed under the MIT License. Contributions welcome — see CONTRIBUTING.md.</p>
</main>`,
        ),
      },
    ],
    checks: [
      { absent: [['build passing', 'Table of contents', 'cargo install', 'Licensed under', 'Contributions welcome', 'CONTRIBUTING']] },
      { absent: [['It stores']] },
      { live: ['Kererū', 'Rust'] },
      { live: ['Kererū', 'columnar'] },
      { answer: 'Who wrote Kererū?', expect: 'Aroha Tane' },
    ],
  },
];
