import type { TruthCase } from '../types.js';

/**
 * Class 6: plain questions — where someone works or lives, what they eat, do or study, who their
 * partner is — and their paraphrases find the stored answer among the first three results at the
 * default threshold, in memories and hybrid mode. Most answers share no word with the question
 * but the name.
 */
export const QUESTION_CASES: TruthCase[] = [
  {
    id: 'q-work-landed-job',
    class: 'questions',
    split: 'tune',
    about: 'a job told as “landed a position at”',
    steps: [
      { do: 'note', content: 'Dmitri Volkov landed a position at Spotify in Stockholm after two years of freelancing.' },
      { do: 'note', content: 'Dmitri Volkov is learning to sail on Lake Mälaren.' },
    ],
    checks: [
      { answer: 'Where does Dmitri work?', expect: 'Spotify' },
      { answer: 'Who employs Dmitri?', expect: 'Spotify' },
      { answer: 'Which company is Dmitri with?', expect: 'Spotify' },
    ],
  },
  {
    id: 'q-home-rents-flat',
    class: 'questions',
    split: 'report',
    about: 'a home told as “rents a flat in”',
    steps: [
      { do: 'note', content: 'Ravi Shankar rents a two-bedroom flat in Koramangala, Bengaluru, with his college friend Arjun.' },
      { do: 'note', content: 'Ravi Shankar writes firmware for electric scooters at Ather Energy.' },
    ],
    checks: [
      { answer: 'Which city is Ravi based in?', expect: 'Bengaluru' },
      { answer: 'Where does Ravi live?', expect: ['Koramangala', 'Bengaluru'] },
      { answer: 'What does Ravi do for a living?', expect: 'firmware' },
    ],
  },
  {
    id: 'q-diet',
    class: 'questions',
    split: 'tune',
    about: 'a diet told without the word “eat”',
    steps: [
      { do: 'note', content: 'Lena Hoffmann hasn’t touched meat in ten years; halloumi and lentil curry are her staples.' },
      { do: 'note', content: 'Lena Hoffmann coaches a girls’ handball team in Kiel.' },
    ],
    checks: [
      { answer: 'What does Lena eat?', expect: ['halloumi', 'lentil', 'meat'] },
      { answer: 'Is Lena vegetarian?', expect: ['meat', 'halloumi'] },
      { answer: 'What sport does Lena coach?', expect: 'handball' },
    ],
  },
  {
    id: 'q-partner-wife',
    class: 'questions',
    split: 'report',
    about: 'a partner told as “his wife”',
    steps: [
      { do: 'note', content: 'Omar Farouk’s wife, Yasmin, is a pharmacist at the Al Noor hospital.' },
      { do: 'note', content: 'Omar Farouk repairs vintage motorbikes in his garage in Alexandria.' },
    ],
    checks: [
      { answer: 'Who is Omar’s partner?', expect: 'Yasmin' },
      { answer: 'Who is Omar married to?', expect: 'Yasmin' },
      { answer: 'What does Yasmin do?', expect: 'pharmacist' },
      { answer: 'What is Omar’s hobby?', expect: 'motorbikes' },
    ],
  },
  {
    id: 'q-study-masters',
    class: 'questions',
    split: 'tune',
    about: 'studies told as “doing a master’s in”',
    steps: [{ do: 'note', content: 'Sofia Andersen is doing a master’s in marine biology at the University of Bergen, focusing on cod larvae.' }],
    checks: [
      { answer: 'What does Sofia study?', expect: 'marine biology' },
      { answer: 'Which university does Sofia attend?', expect: 'Bergen' },
      { answer: 'What is Sofia’s research about?', expect: 'cod' },
    ],
  },
  {
    id: 'q-job-trucker',
    class: 'questions',
    split: 'report',
    about: 'a job told by what the person does all week',
    steps: [
      { do: 'note', content: 'Mehmet Yılmaz spends his weeks hauling refrigerated freight between Izmir and Munich in an 18-wheeler.' },
      { do: 'note', content: 'Mehmet Yılmaz’s kids, Elif and Can, go to a German school in Izmir.' },
    ],
    checks: [
      { answer: 'What’s Mehmet’s job?', expect: ['hauling', 'freight', '18-wheeler'] },
      { answer: 'What does Mehmet do for a living?', expect: ['hauling', 'freight', '18-wheeler'] },
      { answer: 'What are the names of Mehmet’s children?', expect: ['Elif', 'Can'] },
    ],
  },
  {
    id: 'q-several-people',
    class: 'questions',
    split: 'tune',
    about: 'four colleagues in one tag: each question must find its own person',
    steps: [
      {
        do: 'note',
        content:
          'Team notes:\n\n- Aisha Bello just joined Deloitte’s Lagos office as an auditor.\n- Pedro Alves commutes from Sintra and is a backend developer.\n- Hye-jin Park is on parental leave until March; her husband Sung-min is a chef.\n- Tomás Varga plays bass in a jazz trio on Friday nights.',
      },
    ],
    checks: [
      { answer: 'Where does Aisha work?', expect: 'Deloitte' },
      { answer: 'Where does Pedro live?', expect: 'Sintra' },
      { answer: 'Who is Hye-jin’s husband?', expect: 'Sung-min' },
      { answer: 'What instrument does Tomás play?', expect: 'bass' },
      { answer: 'What does Pedro do?', expect: 'backend' },
    ],
  },
  {
    id: 'q-chat-casual',
    class: 'questions',
    split: 'report',
    about: 'a casual chat with slang and emoji',
    steps: [
      {
        do: 'chat',
        conversationId: 'q-chat-1',
        messages: [
          { role: 'user', name: 'Min-jun', content: "lol so I'm gonna be at the Kakao office in Pangyo starting monday 😅 new job!!" },
          { role: 'assistant', content: 'Congrats! What will you be doing there?' },
          { role: 'user', name: 'Min-jun', content: "backend stuff for KakaoPay. my gf Ji-woo is a dentist btw, she's the one who pushed me to apply" },
        ],
      },
    ],
    checks: [
      { answer: 'Where does Min-jun work?', expect: 'Kakao' },
      { answer: 'Who is Min-jun’s girlfriend?', expect: 'Ji-woo' },
      { answer: 'What does Ji-woo do?', expect: 'dentist' },
    ],
  },
  {
    id: 'q-weekends',
    class: 'questions',
    split: 'tune',
    about: 'a pastime asked about as “what does X do on weekends”',
    steps: [
      { do: 'note', content: 'Tomasz Nowicki is at the bouldering gym in Kraków every Saturday and Sunday morning.' },
      { do: 'note', content: 'Tomasz Nowicki works as a translator of Japanese manga.' },
    ],
    checks: [
      { answer: 'What does Tomasz do on weekends?', expect: 'boulder' },
      { answer: 'What sport does Tomasz do?', expect: 'boulder' },
      { answer: 'What is Tomasz’s job?', expect: 'translator' },
    ],
  },
  {
    id: 'q-pet',
    class: 'questions',
    split: 'report',
    about: 'a pet told as “adopted a greyhound”',
    steps: [
      { do: 'note', content: 'Fiona MacLeod adopted a three-legged greyhound called Pepper from the rescue centre in Inverness.' },
      { do: 'note', content: 'Fiona MacLeod is a midwife on the island of Skye.' },
    ],
    checks: [
      { answer: 'What pet does Fiona have?', expect: 'greyhound' },
      { answer: 'What’s the name of Fiona’s dog?', expect: 'Pepper' },
      { answer: 'Where does Fiona work?', expect: 'Skye' },
    ],
  },
  {
    id: 'q-third-person-friend',
    class: 'questions',
    split: 'tune',
    about: 'notes about a friend’s new partner, in the third person',
    steps: [
      { do: 'note', content: 'Met Kenji’s new girlfriend, Aiko, at dinner — she designs train stations for a firm in Yokohama.' },
      { do: 'note', content: 'Kenji Mori is saving for a motorbike trip around Hokkaido.' },
    ],
    checks: [
      { answer: 'Who is Kenji dating?', expect: 'Aiko' },
      { answer: 'What does Aiko do for work?', expect: 'train stations' },
      { answer: 'What is Kenji saving for?', expect: 'Hokkaido' },
    ],
  },
  {
    id: 'q-origin-and-home',
    class: 'questions',
    split: 'report',
    about: 'where someone is from versus where they live now',
    steps: [
      { do: 'note', content: 'Zanele Dlamini grew up in Soweto. These days Zanele Dlamini has a place in Cape Town near Sea Point.' },
      { do: 'note', content: 'Zanele Dlamini produces a podcast about South African jazz.' },
    ],
    checks: [
      { answer: 'Where is Zanele from?', expect: 'Soweto' },
      { answer: 'Where does Zanele live?', expect: ['Cape Town', 'Sea Point'] },
      { answer: 'What does Zanele make?', expect: 'podcast' },
    ],
  },
  {
    id: 'q-habits-language',
    class: 'questions',
    split: 'tune',
    about: 'a morning habit and a language being learned',
    steps: [
      { do: 'note', content: 'Every morning Alejandro Ruiz has a cortado at the café below his office.' },
      { do: 'note', content: 'Alejandro Ruiz has been doing Portuguese on Duolingo for a trip to Brazil.' },
    ],
    checks: [
      { answer: 'What does Alejandro drink in the morning?', expect: 'cortado' },
      { answer: 'What language is Alejandro learning?', expect: 'Portuguese' },
      { answer: 'Where is Alejandro travelling?', expect: 'Brazil' },
    ],
  },
  {
    id: 'q-markdown-profile',
    class: 'questions',
    split: 'report',
    about: 'a markdown profile with labelled fields',
    steps: [
      {
        do: 'note',
        content:
          '# Kai Nakoa\n\n**Employer:** Hawaiian Airlines (maintenance)\n**Home:** Kailua, Oʻahu\n**Partner:** Malia\n**Diet:** pescatarian\n**Studying:** evening classes in aviation electronics',
      },
    ],
    checks: [
      { answer: 'Where does Kai work?', expect: 'Hawaiian Airlines' },
      { answer: 'Where does Kai live?', expect: 'Kailua' },
      { answer: 'Who is Kai’s partner?', expect: 'Malia' },
      { answer: 'What does Kai eat?', expect: 'pescatarian' },
      { answer: 'What is Kai studying?', expect: 'aviation electronics' },
    ],
  },
];
