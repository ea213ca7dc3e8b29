import type { TruthCase } from '../types.js';

/**
 * Dev set, class 1: one fact among several changes, by PATCH or by adding the note again under
 * its customId; the old fact must not stay live, in the profile or ranked above the new one, and
 * the facts that did not change stay.
 */
export const DEV_EDIT_CASES: TruthCase[] = [
  {
    id: 'dev-edit-aunt-job-patch',
    class: 'edits',
    split: 'dev',
    about: 'a markdown note on an aunt, one of three bullets changed by PATCH',
    steps: [
      {
        do: 'note',
        as: 'aunt',
        content:
          '## Aunt Wairimu\n\n- Aunt Wairimu works as a safari guide in Amboseli.\n- She lives in Kajiado with Uncle Baraka.\n- She makes the pilau every Christmas.',
      },
      {
        do: 'edit',
        target: 'aunt',
        content:
          '## Aunt Wairimu\n\n- Aunt Wairimu works as a ranger for the Kenya Wildlife Service in Tsavo.\n- She lives in Kajiado with Uncle Baraka.\n- She makes the pilau every Christmas.',
      },
    ],
    checks: [
      { absent: ['safari guide'] },
      { live: ['ranger'] },
      { live: ['pilau'] },
      { answer: "What's Aunt Wairimu's job?", expect: 'ranger', above: 'safari guide' },
      { profileLacks: 'safari guide' },
    ],
  },
  {
    id: 'dev-edit-supplier-customid',
    class: 'edits',
    split: 'dev',
    about: 'a supplier sheet re-added under its customId with new delivery days',
    steps: [
      {
        do: 'note',
        customId: 'supplier-panificio-greco',
        content: 'Supplier sheet — Panificio Greco. Contact: Valentina Greco. They deliver sourdough every Tuesday and Friday. Payment terms: 30 days.',
      },
      {
        do: 'note',
        customId: 'supplier-panificio-greco',
        content: 'Supplier sheet — Panificio Greco. Contact: Valentina Greco. They deliver sourdough every Monday and Thursday. Payment terms: 30 days.',
      },
    ],
    checks: [
      { absent: [['Tuesday', 'Friday']] },
      { live: [['Monday', 'Thursday']] },
      { answer: 'When does Panificio Greco deliver?', expect: ['Monday', 'Thursday'], above: ['Tuesday', 'Friday'] },
      { live: ['30 days'] },
      { count: { documents: 1 } },
    ],
  },
  {
    id: 'dev-edit-house-rota-patch',
    class: 'edits',
    split: 'dev',
    about: 'a flat-share rota edited: the landlord’s name was wrong',
    steps: [
      {
        do: 'note',
        as: 'rota',
        content:
          'Flat 4B house meeting: Giorgi pays the internet bill. Tamuna does the recycling. Nino deals with the landlord, Mr. Kapanadze, about the rent.',
      },
      {
        do: 'edit',
        target: 'rota',
        content: 'Flat 4B house meeting: Giorgi pays the internet bill. Tamuna does the recycling. Nino deals with the landlord, Ms. Lomidze, about the rent.',
      },
    ],
    checks: [
      { absent: ['Kapanadze'] },
      { live: ['Lomidze'] },
      { answer: 'Who is the landlord of flat 4B?', expect: 'Lomidze', above: 'Kapanadze' },
      { live: ['Tamuna', 'recycling'] },
      { profileLacks: 'Kapanadze' },
    ],
  },
  {
    id: 'dev-edit-child-allergy-customid',
    class: 'edits',
    split: 'dev',
    about: 'a child’s school card re-added under its customId with a corrected allergy',
    steps: [
      {
        do: 'note',
        customId: 'child-amaru-quispe',
        content: 'Amaru Quispe, age 7. Class 2B at Colegio San Andrés, Lima. Allergic to sesame. Grandma Rocío picks him up on Wednesdays.',
      },
      {
        do: 'note',
        customId: 'child-amaru-quispe',
        content: 'Amaru Quispe, age 7. Class 2B at Colegio San Andrés, Lima. Allergic to tree nuts. Grandma Rocío picks him up on Wednesdays.',
      },
    ],
    checks: [
      { absent: ['sesame'] },
      { live: ['tree nuts'] },
      { answer: 'What is Amaru allergic to?', expect: 'tree nuts', above: 'sesame' },
      { profileLacks: 'sesame' },
      { live: ['Rocío'] },
    ],
  },
  {
    id: 'dev-edit-employer-prose-patch',
    class: 'edits',
    split: 'dev',
    about: 'a prose note where a pronoun carries the employer, edited by PATCH',
    steps: [
      {
        do: 'note',
        as: 'bio',
        content: 'Björn Sigurðsson coaches the Akureyri handball team. He works as an electrician at Norðurorka and has two daughters.',
      },
      {
        do: 'edit',
        target: 'bio',
        content: 'Björn Sigurðsson coaches the Akureyri handball team. He works as an electrician at RARIK and has two daughters.',
      },
    ],
    checks: [
      { absent: ['Norðurorka'] },
      { live: ['RARIK'] },
      { answer: 'Who does Björn work for?', expect: 'RARIK', above: 'Norðurorka' },
      { live: ['handball'] },
      { profileLacks: 'Norðurorka' },
    ],
  },
  {
    id: 'dev-edit-bookclub-venue-customid',
    class: 'edits',
    split: 'dev',
    about: 'a book-club note re-added under its customId with a new venue',
    steps: [
      {
        do: 'note',
        customId: 'bookclub-march',
        content: "Book club, March: we're reading Half of a Yellow Sun. Meeting at Chinedu's flat in Peckham at 7 pm. Bring snacks!",
      },
      {
        do: 'note',
        customId: 'bookclub-march',
        content: "Book club, March: we're reading Half of a Yellow Sun. Meeting at the Ivy House pub in Nunhead at 7 pm. Bring snacks!",
      },
    ],
    checks: [
      { absent: ['Peckham'] },
      { live: ['Ivy House'] },
      { answer: 'Where is the March book club meeting?', expect: 'Ivy House', above: 'Peckham' },
      { live: ['Yellow Sun'] },
      { count: { documents: 1 } },
    ],
  },
];
