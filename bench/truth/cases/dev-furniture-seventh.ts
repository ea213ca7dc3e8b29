import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 3, seventh batch, written in the eleventh round after the pass on the sixth batch
 * and before measuring either version on it (2026-11-28): 26 of 30 checks before any work, 27 after
 * the sixth batch's pass (a portfolio's "My name is …" carried over), then worked on itself: a
 * freelancer's portfolio told in the first person (a contact form, "Hire me", social links), a
 * harbour notice as a two-page PDF (running header, page numbers, a reference line), a recipe page
 * ("Jump to recipe", "Print", ratings, a comment box), a job advert ("Apply now", "Share this job",
 * "Posted 3 days ago"), a news story (byline, "Advertisement", "Most read"), a swimming club's
 * information page with facts about members and children rather than a named person.
 */
export const SEVENTH_DEV_FURNITURE_CASES: TruthCase[] = [
  {
    id: 'dev-furn7-portfolio',
    class: 'furniture',
    split: 'dev',
    about: 'a freelancer portfolio by URL, first person: "Hire me", a contact form, social links, "Made with Squarespace"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/',
        html: htmlPage(
          'Kwame Asante — Illustration',
          `<header><a href="/">KA</a><nav><a href="/work">Work</a> <a href="/shop">Shop</a> <a href="/contact">Hire me</a></nav></header>
<main>
<h1>Hello!</h1>
<p>My name is Kwame Asante and I illustrate children's books from a small studio in Kumasi.</p>
<p>I have drawn for Puffin and Walker Books since 2018.</p>
<h2>Get in touch</h2>
<form><label>Your name</label><input><label>Message</label><textarea></textarea><button>Send message</button></form>
</main>
<footer><a href="#">Instagram</a> · <a href="#">Behance</a> · Made with Squarespace</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Hire me', 'Get in touch', 'Send message', 'Your name', 'Made with Squarespace', 'Behance']] },
      { live: ['Kwame Asante', ['illustrate', 'illustrates'], 'Kumasi'] },
      { absent: [['My name is', 'I have drawn']] },
      { answer: 'Who has Kwame Asante drawn for?', expect: 'Puffin' },
    ],
  },
  {
    id: 'dev-furn7-harbour-notice',
    class: 'furniture',
    split: 'dev',
    about: 'a harbour notice as a two-page PDF: running header, a reference line, page numbers in the footer',
    steps: [
      {
        do: 'pdf',
        file: 'harbour-notice-14.pdf',
        pdf: {
          header: 'Port of Stromness — Notice to Mariners No. 14 of 2026',
          footer: 'Issued by the Harbour Master',
          pages: [
            [
              { title: 'Pier works' },
              { small: 'Ref: PS/NM/14/2026' },
              { text: 'The north pier will close to all vessels from 1 June 2026 while its fenders are replaced.' },
            ],
            [{ text: 'Fishing boats will berth at the ferry terminal during the works. Captain Isla Rendall is the harbour master.' }],
          ],
        },
      },
    ],
    checks: [
      { absent: [['Notice to Mariners', 'Issued by the Harbour Master', 'Ref:', 'Page 1 of', 'Page 2 of', 'Pier works']] },
      { live: ['north pier', 'fenders'] },
      { live: ['Fishing boats', 'ferry terminal'] },
      { answer: 'Who is the harbour master at Stromness?', expect: 'Isla Rendall' },
    ],
  },
  {
    id: 'dev-furn7-recipe',
    class: 'furniture',
    split: 'dev',
    about: 'a recipe page saved as a file: "Jump to recipe", "Print", star rating, servings, a comment box',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: 'cullen-skink.html',
        html: htmlPage(
          'Cullen Skink — Hearth & Harbour',
          `<header><a href="/">Hearth &amp; Harbour</a></header>
<p><a href="#recipe">Jump to recipe</a> · <a href="#">Print recipe</a></p>
<p class="rating">★★★★☆ 4.2 from 86 votes</p>
<main>
<p>Cullen skink is a thick Scottish soup made with smoked haddock, potatoes and onions.</p>
<p>It takes its name from the village of Cullen on the Moray coast.</p>
<p class="meta">Serves 4 · Prep 15 mins · Cook 30 mins</p>
</main>
<section><h3>Leave a comment</h3><form><textarea placeholder="Your comment"></textarea><button>Post comment</button></form></section>
<footer>© Hearth &amp; Harbour 2026</footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Jump to recipe', 'Print recipe', 'from 86 votes', 'Serves 4', 'Leave a comment', 'Post comment']] },
      { live: ['Cullen skink', 'smoked haddock'] },
      { answer: 'Where does Cullen skink get its name?', expect: ['village of Cullen', 'Cullen on the Moray coast'] },
    ],
  },
  {
    id: 'dev-furn7-job-advert',
    class: 'furniture',
    split: 'dev',
    about: 'a job advert by URL: "Apply now", "Share this job", "Posted 3 days ago", "Similar jobs"',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/jobs/field-ecologist',
        html: htmlPage(
          'Field Ecologist — Moorland Trust Careers',
          `<header><a href="/">Moorland Trust</a> › <a href="/jobs">Jobs</a></header>
<main>
<h1>Field Ecologist</h1>
<p class="meta">Posted 3 days ago · Full time · Hebden Bridge</p>
<p>The Moorland Trust restores peat bogs across the South Pennines.</p>
<p>The field ecologist will survey sphagnum moss on Walshaw Moor and report to Dr Helen Marsh.</p>
<p><a class="button" href="/apply">Apply now</a> <a href="#">Share this job</a> <a href="#">Save</a></p>
</main>
<aside><h2>Similar jobs</h2><ul><li><a href="#">Reserve warden</a></li><li><a href="#">Volunteer coordinator</a></li></ul></aside>`,
        ),
      },
    ],
    checks: [
      { absent: [['Posted 3 days ago', 'Apply now', 'Share this job', 'Similar jobs', 'Reserve warden', 'Full time']] },
      { live: ['Moorland Trust', 'peat bogs'] },
      { live: ['Helen Marsh'] },
      { answer: 'What does the Moorland Trust do?', expect: 'peat bogs' },
    ],
  },
  {
    id: 'dev-furn7-news-story',
    class: 'furniture',
    split: 'dev',
    about: 'a news story by URL: byline with a role, "Advertisement", a "Most read" list, a newsletter prompt',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/news/ferry-contract',
        html: htmlPage(
          'New ferry contract for the Western Isles — Island Courier',
          `<header><a href="/">Island Courier</a><nav><a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
<main>
<h1>New ferry contract for the Western Isles</h1>
<p class="byline">By Morag Campbell, Transport correspondent</p>
<p>Calmac will run the Oban to Barra ferry for another eight years under a contract signed on Tuesday.</p>
<p class="ad">Advertisement</p>
<p>Two new vessels are being built in Gdańsk for the route.</p>
</main>
<aside><h2>Most read</h2><ol><li><a href="#">Storm closes causeway</a></li><li><a href="#">School roll rises</a></li></ol><p>Get the Courier in your inbox every morning.</p></aside>`,
        ),
      },
    ],
    checks: [
      { absent: [['Morag Campbell', 'Advertisement', 'Most read', 'Storm closes causeway', 'in your inbox']] },
      { live: ['Calmac', 'Barra'] },
      { live: ['Gdańsk'] },
      { answer: 'Where are the new ferries being built?', expect: 'Gdańsk' },
    ],
  },
  {
    id: 'dev-furn7-swim-club',
    class: 'furniture',
    split: 'dev',
    about: 'a swimming club information page by URL: facts about members and children, a timetable link, a sponsor strip',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/join',
        html: htmlPage(
          'Join us — Dunoon Otters Swimming Club',
          `<header><a href="/">Dunoon Otters</a><nav><a href="/timetable">Timetable</a> <a href="/join">Join</a></nav></header>
<main>
<h1>Joining the club</h1>
<p>Swimmers train at the Riverside pool on Tuesday and Thursday evenings.</p>
<p>Children under eight swim with a parent in the water.</p>
<p>Annual membership costs £120 and includes the gala entry fees.</p>
<p><a href="/timetable">Download the timetable (PDF)</a></p>
</main>
<footer><p>Proudly sponsored by Cowal Motors</p><p>© Dunoon Otters SC · Registered charity SC012345</p></footer>`,
        ),
      },
    ],
    checks: [
      { absent: [['Download the timetable', 'Proudly sponsored', 'Registered charity', 'Joining the club']] },
      { live: ['Riverside pool', 'Tuesday'] },
      { live: ['Children under eight', 'parent'] },
      { live: ['membership', '120'] },
      { answer: 'When do the Dunoon Otters train?', expect: ['Tuesday', 'Thursday'] },
    ],
  },
];
