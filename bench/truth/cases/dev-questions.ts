import type { TruthCase } from '../types.js';
import { htmlPage } from './html.js';

/**
 * Dev set, class 6: plain questions and their paraphrases — who employs someone, their line of
 * work, which city they are in, who they are married to, what they eat, play or study — against
 * notes, pages, chats and direct memory writes that say it in other words.
 */
export const DEV_QUESTION_CASES: TruthCase[] = [
  {
    id: 'dev-q-offer-starts-monday',
    class: 'questions',
    split: 'dev',
    about: 'a job told as “got an offer from … and starts Monday”',
    steps: [
      { do: 'note', content: 'Babajide Ogunleye got an offer from Andela and starts Monday as a technical recruiter.' },
      { do: 'note', content: 'Babajide Ogunleye keeps racing pigeons on the roof of his house in Abeokuta.' },
    ],
    checks: [
      { answer: 'Who employs Babajide?', expect: 'Andela' },
      { answer: "What's Babajide's line of work?", expect: ['recruiter', 'recruiting'] },
      { answer: 'What does Babajide keep on his roof?', expect: 'pigeons' },
    ],
  },
  {
    id: 'dev-q-decade-with',
    class: 'questions',
    split: 'dev',
    about: 'an employer told as “has been with … for a decade”',
    steps: [
      { do: 'note', content: 'Siobhán Ní Bhriain has been with Aer Lingus for a decade, flying A330s out of Shannon.' },
      { do: 'note', content: 'Siobhán’s younger sister Clodagh runs a surf school in Lahinch.' },
    ],
    checks: [
      { answer: 'Who does Siobhán work for?', expect: 'Aer Lingus' },
      { answer: 'What does Siobhán do for a living?', expect: ['A330', 'flying', 'pilot'] },
      { answer: 'What does Clodagh run?', expect: 'surf school' },
    ],
  },
  {
    id: 'dev-q-splits-time',
    class: 'questions',
    split: 'dev',
    about: 'a home told as “splits her time between Oslo and Bergen”',
    steps: [
      { do: 'note', content: 'Ragnhild Aasen splits her time between Oslo and Bergen, where her two design studios are.' },
      { do: 'note', content: 'All winter Ragnhild Aasen cross-country skis to work along the Akerselva.' },
    ],
    checks: [
      { answer: 'Which city is Ragnhild in these days?', expect: ['Oslo', 'Bergen'] },
      { answer: 'What does Ragnhild run?', expect: 'design studio' },
      { answer: 'How does Ragnhild get to work in winter?', expect: ['ski', 'skis'] },
    ],
  },
  {
    id: 'dev-q-chat-name-in-first-turn',
    class: 'questions',
    split: 'dev',
    about: 'an unnamed user gives her name in the first turn, then several facts in one lowercase message',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-q-dilnoza',
        messages: [
          { role: 'user', content: "hi! i'm Dilnoza btw, just moved here from Tashkent" },
          { role: 'assistant', content: 'Welcome, Dilnoza! How are you settling in?' },
          {
            role: 'user',
            content: 'ok-ish lol. i rent a room in a shared flat in Neukölln and im a sous-chef at a ramen place in Kreuzberg now 🍜 long hours tho',
          },
          { role: 'assistant', content: 'That sounds busy but exciting.' },
        ],
      },
    ],
    checks: [
      { answer: 'Where does Dilnoza live?', expect: 'Neukölln' },
      { answer: "What's Dilnoza's line of work?", expect: ['sous-chef', 'sous chef'] },
      { answer: 'Where is Dilnoza originally from?', expect: 'Tashkent' },
    ],
  },
  {
    id: 'dev-q-chat-never-named',
    class: 'questions',
    split: 'dev',
    about: 'a user who never gives a name: “my other half”, “i dont touch meat”, asked in the first person',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-q-never-named',
        messages: [
          { role: 'user', content: 'ugh my other half Tobias wants to get a dog but we live in a tiny studio in Ghent' },
          { role: 'assistant', content: 'A small dog might work. Do you both cook at home a lot?' },
          { role: 'user', content: "yeah but i dont touch meat so cooking for him is a whole thing 😂 he's a welder, eats like a horse" },
        ],
      },
    ],
    checks: [
      { answer: "Who's my partner?", expect: 'Tobias' },
      { answer: 'Do I eat meat?', expect: ['meat', 'vegetarian', 'vegan'] },
      { answer: 'Which city do I live in?', expect: 'Ghent' },
      { answer: 'What does Tobias do for work?', expect: 'welder' },
    ],
  },
  {
    id: 'dev-q-teaches-year-six',
    class: 'questions',
    split: 'dev',
    about: 'a job told as “teaches year-6 maths at”',
    steps: [
      { do: 'note', content: 'Gwilym Pritchard teaches year-6 maths at Ysgol Bro Morgannwg in Barry.' },
      { do: 'note', content: 'Gwilym Pritchard sings with the Barry male voice choir on Wednesday nights.' },
    ],
    checks: [
      { answer: "What's Gwilym's job?", expect: ['maths', 'teach'] },
      { answer: 'Which school does Gwilym teach at?', expect: 'Bro Morgannwg' },
      { answer: 'Is Gwilym in a choir?', expect: 'choir' },
    ],
  },
  {
    id: 'dev-q-her-husband',
    class: 'questions',
    split: 'dev',
    about: 'a spouse told as “her husband, Karim,” in the sentence after her name',
    steps: [
      {
        do: 'note',
        content: 'Leila Benali is a paediatric dentist in Tunis. Her husband, Karim, restores old fishing boats in La Goulette.',
      },
    ],
    checks: [
      { answer: "Who's Leila married to?", expect: 'Karim' },
      { answer: 'What does Karim do?', expect: ['boats', 'restores'] },
      { answer: "What's Leila's profession?", expect: 'dentist' },
    ],
  },
  {
    id: 'dev-q-together-since',
    class: 'questions',
    split: 'dev',
    about: 'a named speaker: “we’ve been together since high school”, a sport, abbreviations',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-q-ikaika',
        messages: [
          { role: 'user', name: 'Ikaika', content: "me n Lani have been together since high school, 11 yrs now 😅 she's a nurse at Queen's" },
          { role: 'assistant', content: 'Eleven years, that is lovely. What do you two do on weekends?' },
          { role: 'user', name: 'Ikaika', content: 'i paddle outrigger canoe w/ a club in Waimānalo every sat, she sleeps in lol' },
        ],
      },
    ],
    checks: [
      { answer: "Who is Ikaika's partner?", expect: 'Lani' },
      { answer: 'What sport does Ikaika do?', expect: ['outrigger', 'canoe', 'paddle'] },
      { answer: 'Where does Lani work?', expect: "Queen's" },
    ],
  },
  {
    id: 'dev-q-kosher-masters',
    class: 'questions',
    split: 'dev',
    about: 'a diet told as “keeps kosher” and studies as “studying for a master’s in”',
    steps: [
      { do: 'note', content: 'Avital Rosen keeps kosher and won’t eat at restaurants without a hechsher.' },
      { do: 'note', content: 'Avital Rosen is studying for a master’s in urban planning at the Technion in Haifa.' },
    ],
    checks: [
      { answer: 'Does Avital have any dietary rules?', expect: 'kosher' },
      { answer: "What's Avital studying?", expect: 'urban planning' },
      { answer: 'Which university does Avital go to?', expect: 'Technion' },
    ],
  },
  {
    id: 'dev-q-direct-memories',
    class: 'questions',
    split: 'dev',
    about: 'direct memory writes: a band, an employer, an age',
    steps: [
      {
        do: 'remember',
        memories: [
          { content: 'Paulo Tuilagi plays bass in a covers band called The Late Tides.' },
          { content: 'Paulo Tuilagi works as a groundskeeper at Eden Park.' },
          { content: 'Paulo Tuilagi is 34 years old.', isStatic: true },
        ],
      },
    ],
    checks: [
      { answer: 'What does Paulo play?', expect: 'bass' },
      { answer: "What's the name of Paulo's band?", expect: 'Late Tides' },
      { answer: 'How old is Paulo?', expect: '34' },
      { answer: 'Who employs Paulo?', expect: 'Eden Park' },
    ],
  },
  {
    id: 'dev-q-ultramarathons',
    class: 'questions',
    split: 'dev',
    about: 'a sport told as “runs ultramarathons”, a job at a named company',
    steps: [
      { do: 'note', content: 'Aigerim Nurlanovna runs ultramarathons; last spring she finished the 100 km Tian Shan trail race.' },
      { do: 'note', content: 'Aigerim Nurlanovna is a geologist for Kazatomprom and lives in Astana.' },
    ],
    checks: [
      { answer: 'What sport is Aigerim into?', expect: ['ultramarathon', 'trail'] },
      { answer: "What's Aigerim's profession?", expect: 'geologist' },
      { answer: 'Which company does Aigerim work for?', expect: 'Kazatomprom' },
    ],
  },
  {
    id: 'dev-q-page-volunteer',
    class: 'questions',
    split: 'dev',
    about: 'a volunteer profile page by URL: hometown, current city and business',
    steps: [
      {
        do: 'page',
        via: 'url',
        path: '/volunteers/rahel',
        html: htmlPage(
          'Volunteer spotlight: Rahel Tesfaye',
          `<header><a href="/">Danforth Community Kitchen</a> <nav><a href="/volunteer">Volunteer</a> <a href="/donate">Donate</a></nav></header>
<main><h1>Volunteer spotlight: Rahel Tesfaye</h1>
<p>Rahel Tesfaye grew up in Gondar and now lives in Toronto, on the Danforth, where she runs a small coffee roastery called Buna House.</p>
<p>Rahel Tesfaye has cooked the Thursday lunch at the kitchen for three years.</p></main>`,
        ),
      },
    ],
    checks: [
      { answer: "What's Rahel's hometown?", expect: 'Gondar' },
      { answer: 'What business does Rahel run?', expect: ['Buna House', 'roastery'] },
      { answer: 'Which city does Rahel live in now?', expect: 'Toronto' },
    ],
  },
  {
    id: 'dev-q-family-about-page',
    class: 'questions',
    split: 'dev',
    about: 'an uploaded family “about us” page: an instrument, a trade, a dog',
    steps: [
      {
        do: 'page',
        via: 'file',
        path: '/about-us.html',
        html: htmlPage(
          'About us — the Kowalczyks',
          `<main><h1>Hi, we’re the Kowalczyks!</h1>
<p>Marta Kowalczyk plays the cello in the Poznań Philharmonic. Bartosz Kowalczyk builds oak furniture in a workshop behind the house.</p>
<p>The Kowalczyks’ dog is a Vizsla called Rudy who steals socks.</p></main>`,
        ),
      },
    ],
    checks: [
      { answer: 'What instrument does Marta play?', expect: 'cello' },
      { answer: "What's Bartosz's trade?", expect: 'furniture' },
      { answer: 'What kind of dog do the Kowalczyks have?', expect: 'Vizsla' },
    ],
  },
  {
    id: 'dev-q-nephew-quick-facts',
    class: 'questions',
    split: 'dev',
    about: 'one run of quick facts about a child: age, favourite food, school, sport',
    steps: [
      {
        do: 'note',
        content:
          'Quick facts about my nephew Oisín Byrne: he is 8 (turns 9 in May), his favourite food is his nan’s coddle, he goes to Scoil Mhuire in Drumcondra and he plays hurling for Na Fianna.',
      },
    ],
    checks: [
      { answer: 'How old is Oisín?', expect: ['8', 'eight'] },
      { answer: "What's Oisín's favourite dish?", expect: 'coddle' },
      { answer: 'Which school does Oisín attend?', expect: 'Scoil Mhuire' },
      { answer: 'What sport does Oisín play?', expect: 'hurling' },
    ],
  },
  {
    id: 'dev-q-group-chat',
    class: 'questions',
    split: 'dev',
    about: 'a group chat with three named speakers, each telling one thing about themselves',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-q-group',
        messages: [
          { role: 'user', name: 'Valentina', content: "btw I'm the new office manager at Ferrero in Alba!! started last week" },
          { role: 'user', name: 'Nasrin', content: 'congrats!! still at the bakery here but I finally got my own place in Gothenburg 🏠' },
          { role: 'user', name: 'Kaveh', content: "nice one. Nasrin's brother here 👋 I teach piano to kids in Malmö" },
          { role: 'assistant', content: 'Lots of good news in this chat!' },
        ],
      },
    ],
    checks: [
      { answer: 'Who employs Valentina?', expect: 'Ferrero' },
      { answer: 'Which city does Nasrin live in?', expect: 'Gothenburg' },
      { answer: 'What does Kaveh do?', expect: 'piano' },
    ],
  },
  {
    id: 'dev-q-project-lead',
    class: 'questions',
    split: 'dev',
    about: 'a project told as “is leading Project …”, a home told by a commute',
    steps: [
      { do: 'note', content: 'Thuy Nguyen is leading Project Sông, the rewrite of the Vietcombank mobile app in Kotlin.' },
      { do: 'note', content: 'Thuy Nguyen commutes by motorbike from her apartment in District 7.' },
    ],
    checks: [
      { answer: 'What is Thuy working on?', expect: ['Sông', 'mobile app'] },
      { answer: "Which bank is Thuy's project for?", expect: 'Vietcombank' },
      { answer: 'Where does Thuy live?', expect: 'District 7' },
    ],
  },
  {
    id: 'dev-q-markdown-contact',
    class: 'questions',
    split: 'dev',
    about: 'a markdown contact entry written as prose under a heading',
    steps: [
      {
        do: 'note',
        content:
          '## Contacts\n\n### Santiago Ortega\n\nSantiago Ortega works in logistics at Mercado Libre and lives in Montevideo with his wife Camila, who is a vet. He has been vegetarian since 2019.',
      },
    ],
    checks: [
      { answer: "Who's Santiago married to?", expect: 'Camila' },
      { answer: 'What does Camila do for a living?', expect: ['vet', 'veterinar'] },
      { answer: 'Does Santiago eat meat?', expect: 'vegetarian' },
      { answer: 'Which company is Santiago with?', expect: 'Mercado Libre' },
    ],
  },
  {
    id: 'dev-q-chat-typos',
    class: 'questions',
    split: 'dev',
    about: 'a chat with typos: a degree, a university, a part-time job',
    steps: [
      {
        do: 'chat',
        conversationId: 'dev-q-kwabena',
        messages: [
          {
            role: 'user',
            name: 'Kwabena',
            content: 'finaly got into the MSc in data sience at KNUST!! starting in sept. still working part time at the MTN call centre tho',
          },
          { role: 'assistant', content: 'Congratulations! Will you keep the call-centre job during the course?' },
          { role: 'user', name: 'Kwabena', content: 'ya gotta pay rent somehow 🙃' },
        ],
      },
    ],
    checks: [
      { answer: 'What is Kwabena studying?', expect: ['data sience', 'data science'] },
      { answer: 'Where does Kwabena study?', expect: 'KNUST' },
      { answer: 'Where does Kwabena work?', expect: 'MTN' },
    ],
  },
];
