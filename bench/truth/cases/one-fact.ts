import type { TruthCase } from '../types.js';

/**
 * Class 5: two facts must not end up in one memory when the sentence boundary between them is
 * unusual (a sentence ending in a one-letter word, an abbreviation, an initial, a version number,
 * no space after the full stop, an emoji, a semicolon, an ellipsis), and each fact stays whole.
 */
export const ONE_FACT_CASES: TruthCase[] = [
  {
    id: 'onefact-letter-r',
    class: 'oneFact',
    split: 'tune',
    about: 'a sentence ending in the language R',
    steps: [{ do: 'note', content: 'Lucía Fernández codes in Python rather than R. She keeps two beehives on her balcony in Valencia.' }],
    checks: [
      { oneFact: ['Python', 'beehives'] },
      { live: ['Python', ['than R', 'over R', 'to R']] },
      { live: ['Lucía', 'beehives'] },
      { answer: 'What does Lucía keep on her balcony?', expect: 'beehives' },
    ],
  },
  {
    id: 'onefact-vitamin-d',
    class: 'oneFact',
    split: 'report',
    about: 'a sentence ending in “vitamin D” after a title abbreviation',
    steps: [
      {
        do: 'note',
        content: 'Dr. Mehta told Aryan Kapoor to take vitamin D. Aryan Kapoor is training for the Mumbai half marathon in January.',
      },
    ],
    checks: [
      { oneFact: ['vitamin D', 'marathon'] },
      { live: ['vitamin D'] },
      { live: ['Aryan', 'marathon'] },
      { answer: 'What race is Aryan training for?', expect: 'half marathon' },
    ],
  },
  {
    id: 'onefact-plan-b',
    class: 'oneFact',
    split: 'tune',
    about: 'a sentence ending in “plan B”',
    steps: [
      { do: 'note', content: 'If the Canadian visa falls through, Noor will go with plan B. Noor’s brother Idris lives in Toronto and works as a paramedic.' },
    ],
    checks: [{ oneFact: ['plan B', 'paramedic'] }, { live: ['Idris', 'paramedic'] }, { answer: 'What is Idris’s job?', expect: 'paramedic' }],
  },
  {
    id: 'onefact-grade-a',
    class: 'oneFact',
    split: 'report',
    about: 'a sentence ending in a grade letter',
    steps: [{ do: 'note', content: 'In the chemistry exam Emeka Nwankwo got an A. His sister Adaeze is moving to Leeds to study law.' }],
    checks: [{ oneFact: ['chemistry', 'Leeds'] }, { live: ['Adaeze', 'Leeds'] }, { answer: 'Where is Adaeze moving?', expect: 'Leeds' }],
  },
  {
    id: 'onefact-platform-x',
    class: 'oneFact',
    split: 'tune',
    about: 'a sentence ending in the platform X',
    steps: [{ do: 'note', content: 'Camille Laurent posts her ink sketches on X. Her studio is above a bakery in Lyon’s Croix-Rousse.' }],
    checks: [{ oneFact: ['sketches', 'studio'] }, { live: ['studio', 'Croix-Rousse'] }, { answer: 'Where is Camille’s studio?', expect: 'Croix-Rousse' }],
  },
  {
    id: 'onefact-street-abbrev',
    class: 'oneFact',
    split: 'report',
    about: 'a sentence ending in “St.”',
    steps: [{ do: 'note', content: 'Olu and I had dinner at the Thai place on Baker St. Olu’s birthday is on 9 October and he wants a turntable.' }],
    checks: [{ oneFact: ['Thai', 'turntable'] }, { live: ['Olu', 'turntable'] }, { answer: 'What does Olu want for his birthday?', expect: 'turntable' }],
  },
  {
    id: 'onefact-no-space',
    class: 'oneFact',
    split: 'tune',
    about: 'no space after the full stop between two facts',
    steps: [{ do: 'note', content: 'Priyanka Joshi moved to Pune last year.She tests mobile apps for Infosys.' }],
    checks: [{ oneFact: ['Pune', 'Infosys'] }, { live: ['Priyanka', 'Infosys'] }, { answer: 'Who does Priyanka work for?', expect: 'Infosys' }],
  },
  {
    id: 'onefact-chat-emoji',
    class: 'oneFact',
    split: 'report',
    about: 'a chat message with two pieces of news and no full stops, only an emoji',
    steps: [
      {
        do: 'chat',
        conversationId: 'onefact-chat-1',
        messages: [
          { role: 'user', name: 'Zeynep', content: 'omg I finally adopted a cat 🐱 her name is Mochi!! also I start at Shopify on monday' },
          { role: 'assistant', content: 'Two big pieces of news! Congratulations.' },
        ],
      },
    ],
    checks: [{ oneFact: ['Mochi', 'Shopify'] }, { live: ['Mochi'] }, { live: ['Shopify'] }, { answer: 'What is Zeynep’s cat called?', expect: 'Mochi' }],
  },
  {
    id: 'onefact-semicolon',
    class: 'oneFact',
    split: 'tune',
    about: 'two facts about two people joined by a semicolon',
    steps: [{ do: 'note', content: 'Rafael Costa is allergic to penicillin; his daughter Sofia plays the violin in the youth orchestra.' }],
    checks: [
      { oneFact: ['penicillin', 'violin'] },
      { live: ['Rafael', 'penicillin'] },
      { live: ['Sofia', 'violin'] },
      { answer: 'What instrument does Sofia play?', expect: 'violin' },
    ],
  },
  {
    id: 'onefact-initials',
    class: 'oneFact',
    split: 'report',
    about: 'an author’s initials, then a new fact',
    steps: [
      { do: 'note', content: 'Thandi Nkosi’s favourite author is J. M. Coetzee. Thandi Nkosi is flying to Durban on Friday for her niece’s graduation.' },
    ],
    checks: [
      { oneFact: ['Coetzee', 'Durban'] },
      { live: ['J. M. Coetzee'] },
      { live: ['Thandi', 'Durban'] },
      { answer: 'Who is Thandi’s favourite writer?', expect: 'Coetzee' },
    ],
  },
  {
    id: 'onefact-version-number',
    class: 'oneFact',
    split: 'tune',
    about: 'a sentence ending in a version number',
    steps: [{ do: 'note', content: 'Release notes: the public API was migrated to version 3.2. Wei Chen now owns the billing service.' }],
    checks: [
      { oneFact: ['3.2', 'Wei Chen'] },
      { live: ['version 3.2'] },
      { live: ['Wei Chen', 'billing'] },
      { answer: 'Who is responsible for billing?', expect: 'Wei Chen' },
    ],
  },
  {
    id: 'onefact-lowercase-chat',
    class: 'oneFact',
    split: 'report',
    about: 'a casual lowercase chat: a sentence ending in “C.”, then news about a sister',
    steps: [
      {
        do: 'chat',
        conversationId: 'onefact-chat-2',
        messages: [
          { role: 'user', name: 'Daniel', content: 'tbh this semester im mostly learning C. my sister hana just got engaged to leo, wedding is next summer' },
          { role: 'assistant', content: 'Congrats to Hana and Leo!' },
        ],
      },
    ],
    checks: [{ oneFact: ['learning C', ['engaged', 'Leo']] }, { live: [['Hana', 'hana'], 'engaged'] }, { answer: 'Who is Hana engaged to?', expect: 'Leo' }],
  },
  {
    id: 'onefact-ellipsis',
    class: 'oneFact',
    split: 'tune',
    about: 'an ellipsis between a thought and a fact',
    steps: [{ do: 'note', content: 'Ayesha Khan is still thinking about the job offer in Berlin... Ayesha Khan’s cat is called Simba and hates the vet.' }],
    checks: [{ oneFact: ['Berlin', 'Simba'] }, { live: ['Simba'] }, { live: ['Berlin'] }, { answer: 'What is the name of Ayesha’s cat?', expect: 'Simba' }],
  },
];
