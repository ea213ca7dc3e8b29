import type { TruthCase } from '../types.js';

/**
 * Class 1: a note edited (PATCH with new content, or added again under its customId) must not
 * leave the old fact live, in the profile, or ranked above the new one.
 */
export const EDIT_CASES: TruthCase[] = [
  {
    id: 'edit-employer-patch',
    class: 'edits',
    split: 'tune',
    about: 'a profile note corrected: the employer was wrong',
    steps: [
      {
        do: 'note',
        as: 'bio',
        content: '## About Kwame\n\nKwame Mensah is a credit analyst at Ecobank in Accra. He plays five-a-side football on Sundays.',
      },
      {
        do: 'edit',
        target: 'bio',
        content: '## About Kwame\n\nKwame Mensah is a credit analyst at Stanbic Bank in Accra. He plays five-a-side football on Sundays.',
      },
    ],
    checks: [
      { absent: ['Ecobank'] },
      { live: ['Stanbic'] },
      { answer: 'Who employs Kwame?', expect: 'Stanbic', above: 'Ecobank' },
      { profileLacks: 'Ecobank' },
      { live: ['football'] },
    ],
  },
  {
    id: 'edit-customid-city',
    class: 'edits',
    split: 'report',
    about: 'a contact card re-added under the same customId with a new city',
    steps: [
      { do: 'note', customId: 'card-yuki-tanaka', content: 'Yuki Tanaka — illustrator. Lives in Osaka. Prefers email over phone calls.' },
      { do: 'note', customId: 'card-yuki-tanaka', content: 'Yuki Tanaka — illustrator. Lives in Sapporo. Prefers email over phone calls.' },
    ],
    checks: [
      { absent: ['Osaka'] },
      { live: ['Sapporo'] },
      { answer: 'Which city is Yuki based in?', expect: 'Sapporo', above: 'Osaka' },
      { profileLacks: 'Osaka' },
      { count: { documents: 1 } },
    ],
  },
  {
    id: 'edit-meeting-launch-date',
    class: 'edits',
    split: 'tune',
    about: 'meeting minutes edited after the launch date was misheard',
    steps: [
      {
        do: 'note',
        as: 'minutes',
        content:
          'Product sync — attendees: Priya, Jonah, Mei.\n\n- The Atlas mobile app launches on 14 March 2027.\n- Jonah owns the App Store listing.\n- Mei will draft the press release.',
      },
      {
        do: 'edit',
        target: 'minutes',
        content:
          'Product sync — attendees: Priya, Jonah, Mei.\n\n- The Atlas mobile app launches on 2 May 2027.\n- Jonah owns the App Store listing.\n- Mei will draft the press release.',
      },
    ],
    checks: [
      { absent: [['14 March', 'March 14', '2027-03-14']] },
      { live: [['2 May', 'May 2', '2027-05-02']] },
      { answer: 'When is Atlas going live?', expect: ['2 May', 'May 2', '2027-05-02'], above: ['14 March', 'March 14'] },
      { profileLacks: ['14 March', 'March 14', '2027-03-14'] },
    ],
  },
  {
    id: 'edit-diet-patch',
    class: 'edits',
    split: 'report',
    about: 'a note on a friend’s diet rewritten',
    steps: [
      { do: 'note', as: 'n', content: 'Lars Eriksson is strictly vegan and avoids honey too.' },
      { do: 'edit', target: 'n', content: 'Lars Eriksson eats fish but no other meat.' },
    ],
    checks: [
      { absent: ['vegan'] },
      { absent: ['honey'] },
      { live: ['fish'] },
      { answer: 'What does Lars eat?', expect: 'fish', above: 'vegan' },
      { profileLacks: 'vegan' },
    ],
  },
  {
    id: 'edit-allergy-correction',
    class: 'edits',
    split: 'tune',
    about: 'a wrong allergy corrected in place (the kind of edit that matters)',
    steps: [
      { do: 'note', as: 'n', content: 'Meera Pillai is allergic to peanuts. She carries an EpiPen in her bag.' },
      { do: 'edit', target: 'n', content: 'Meera Pillai is allergic to shellfish. She carries an EpiPen in her bag.' },
    ],
    checks: [
      { absent: ['peanut'] },
      { live: ['shellfish'] },
      { answer: 'What can’t Meera eat?', expect: 'shellfish', above: 'peanut' },
      { profileLacks: 'peanut' },
    ],
  },
  {
    id: 'edit-team-lead-customid',
    class: 'edits',
    split: 'report',
    about: 'a markdown team page re-synced under its customId with a new lead',
    steps: [
      {
        do: 'note',
        customId: 'team-payments',
        content:
          '# Payments team\n\n- Aiko Sato leads the team and runs the weekly planning.\n- Rahul Verma looks after the card-processing backend.\n- Lea Fischer designs the checkout screens.',
      },
      {
        do: 'note',
        customId: 'team-payments',
        content:
          '# Payments team\n\n- Tomás Herrera leads the team and runs the weekly planning.\n- Rahul Verma looks after the card-processing backend.\n- Lea Fischer designs the checkout screens.',
      },
    ],
    checks: [{ absent: ['Aiko'] }, { live: ['Tomás'] }, { answer: 'Who heads the payments team?', expect: 'Tomás', above: 'Aiko' }, { profileLacks: 'Aiko' }],
  },
  {
    id: 'edit-wifi-password',
    class: 'edits',
    split: 'tune',
    about: 'a house note with a changed Wi-Fi password',
    steps: [
      { do: 'note', as: 'n', content: 'Cabin at Fjellbu: the Wi-Fi network is "Fjellbu-5G" and the password is granite42. Firewood is in the shed.' },
      { do: 'edit', target: 'n', content: 'Cabin at Fjellbu: the Wi-Fi network is "Fjellbu-5G" and the password is birch-77. Firewood is in the shed.' },
    ],
    checks: [
      { absent: ['granite42'] },
      { live: ['birch-77'] },
      { answer: 'What’s the cabin Wi-Fi password?', expect: 'birch-77', above: 'granite42' },
      { profileLacks: 'granite42' },
    ],
  },
  {
    id: 'edit-dog-name',
    class: 'edits',
    split: 'report',
    about: 'a misremembered pet name fixed',
    steps: [
      { do: 'note', as: 'n', content: 'The Okonjo family’s dog is a beagle called Biscuit.' },
      { do: 'edit', target: 'n', content: 'The Okonjo family’s dog is a beagle called Waffles.' },
    ],
    checks: [
      { absent: ['Biscuit'] },
      { live: ['Waffles'] },
      { answer: 'What is the Okonjos’ beagle named?', expect: 'Waffles', above: 'Biscuit' },
      { profileLacks: 'Biscuit' },
    ],
  },
  {
    id: 'edit-studies',
    class: 'edits',
    split: 'tune',
    about: 'a student’s course changed in her profile note',
    steps: [
      { do: 'note', as: 'n', content: 'Amara Okafor studies mechanical engineering at the University of Lagos.' },
      { do: 'edit', target: 'n', content: 'Amara Okafor studies architecture at Covenant University in Ota.' },
    ],
    checks: [
      { absent: ['mechanical'] },
      { absent: ['University of Lagos'] },
      { live: ['architecture'] },
      { answer: 'What is Amara’s degree in?', expect: 'architecture', above: 'mechanical' },
      { profileLacks: 'mechanical' },
    ],
  },
  {
    id: 'edit-weekend-customid',
    class: 'edits',
    split: 'report',
    about: 'a weekly routine note re-added with its customId',
    steps: [
      { do: 'note', customId: 'sipho-routine', content: '## Saturdays\n\nSipho plays club cricket in Durban North every Saturday afternoon.' },
      { do: 'note', customId: 'sipho-routine', content: '## Saturdays\n\nSipho swims lengths at the Kings Park pool every Saturday afternoon.' },
    ],
    checks: [
      { absent: ['cricket'] },
      { live: [['swim', 'lengths']] },
      { answer: 'How does Sipho spend Saturday afternoons?', expect: ['swim', 'lengths', 'pool'], above: 'cricket' },
      { profileLacks: 'cricket' },
    ],
  },
  {
    id: 'edit-office-address',
    class: 'edits',
    split: 'tune',
    about: 'a company note edited with the new address',
    steps: [
      { do: 'note', as: 'n', content: 'Lumen Studio’s office is at 12 Rue Oberkampf, 75011 Paris. Visitors ring the bell marked “Lumen”.' },
      { do: 'edit', target: 'n', content: 'Lumen Studio’s office is at 48 Rue de Rivoli, 75004 Paris. Visitors ring the bell marked “Lumen”.' },
    ],
    checks: [
      { absent: ['Oberkampf'] },
      { live: ['Rivoli'] },
      { answer: 'Where can I find Lumen Studio?', expect: 'Rivoli', above: 'Oberkampf' },
      { profileLacks: 'Oberkampf' },
    ],
  },
  {
    id: 'edit-twice',
    class: 'edits',
    split: 'report',
    about: 'a note edited twice: only the last version is true',
    steps: [
      { do: 'note', as: 'n', content: 'Sanne de Vries runs the climbing gym in Rotterdam.' },
      { do: 'edit', target: 'n', content: 'Sanne de Vries runs the climbing gym in Utrecht.' },
      { do: 'edit', target: 'n', content: 'Sanne de Vries runs the climbing gym in Eindhoven.' },
    ],
    checks: [
      { absent: ['Rotterdam'] },
      { absent: ['Utrecht'] },
      { live: ['Eindhoven'] },
      { answer: 'Which town is Sanne’s gym in?', expect: 'Eindhoven', above: ['Rotterdam', 'Utrecht'] },
      { profileLacks: ['Rotterdam', 'Utrecht'] },
    ],
  },
  {
    id: 'edit-one-line-of-many',
    class: 'edits',
    split: 'tune',
    about: 'one bullet of a longer note changes; the other bullets stay remembered',
    steps: [
      {
        do: 'note',
        as: 'n',
        content:
          'Notes on my neighbour Gianluca:\n- Gianluca Russo drives a tram on line 9.\n- His daughter Chiara is learning the cello.\n- He makes his own limoncello every summer.',
      },
      {
        do: 'edit',
        target: 'n',
        content:
          'Notes on my neighbour Gianluca:\n- Gianluca Russo drives a bus on the night route N2.\n- His daughter Chiara is learning the cello.\n- He makes his own limoncello every summer.',
      },
    ],
    checks: [
      { absent: ['tram'] },
      { live: ['night route'] },
      { live: ['cello'] },
      { live: ['limoncello'] },
      { answer: 'What does Gianluca drive?', expect: 'bus', above: 'tram' },
      { profileLacks: 'tram' },
    ],
  },
  {
    id: 'edit-plain-to-markdown',
    class: 'edits',
    split: 'report',
    about: 'a plain note rewritten as markdown with a changed phone provider',
    steps: [
      { do: 'note', as: 'n', content: 'Household accounts. Our internet is with Vodafone, the contract renews every January. Electricity comes from Octopus.' },
      {
        do: 'edit',
        target: 'n',
        content: '# Household accounts\n\n- **Internet:** Community Fibre, renews every January\n- **Electricity:** Octopus',
      },
    ],
    checks: [
      { absent: ['Vodafone'] },
      { live: ['Community Fibre'] },
      { answer: 'Who provides our broadband?', expect: 'Community Fibre', above: 'Vodafone' },
      { profileLacks: 'Vodafone' },
      { live: ['Octopus'] },
    ],
  },
];
