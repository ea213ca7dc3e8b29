import { describe, expect, it } from 'vitest';
import { Antecedents, entitiesIn, personInTitle } from './coreference.js';

function resolveAll(sentences: string[], titlePerson: string | null = null): (string | null)[] {
  const antecedents = new Antecedents(titlePerson);
  return sentences.map((s) => {
    const resolved = antecedents.resolve(s);
    if (resolved) antecedents.observe(resolved);
    return resolved;
  });
}

describe('Antecedents', () => {
  it('replaces an opening he, she, his, her or it with the entity named before', () => {
    expect(resolveAll(['Tunde Bello leads the hardware group', 'He joined Falcon in 2021', "He's based in Lagos", 'His sister Ada is a pilot'])).toEqual([
      'Tunde Bello leads the hardware group',
      'Tunde Bello joined Falcon in 2021',
      'Tunde Bello is based in Lagos',
      "Tunde Bello's sister Ada is a pilot",
    ]);
    expect(resolveAll(['Falcon Robotics was founded in 2019', 'It employs 40 people'])).toEqual([
      'Falcon Robotics was founded in 2019',
      'Falcon Robotics employs 40 people',
    ]);
    expect(resolveAll(['Kettle River Cooperative has 212 member farms', 'It elected Maren Olsen as board chair'])).toEqual([
      'Kettle River Cooperative has 212 member farms',
      'Kettle River Cooperative elected Maren Olsen as board chair',
    ]);
    expect(resolveAll(['Since 2022 she has led the reef programme'], 'Leilani Kahale')).toEqual(['Since 2022 Leilani Kahale has led the reef programme']);
  });

  it('resolves "its" to the organisation, and "it" to the subject before when it does what organisations do', () => {
    expect(resolveAll(['Fieldnote makes note-taking software for field biologists', 'Its founder is Sindre Haugen'])).toEqual([
      'Fieldnote makes note-taking software for field biologists',
      "Fieldnote's founder is Sindre Haugen",
    ]);
    expect(resolveAll(['Tidewater Ferries carried 1.4 million passengers in 2025', 'It employs 430 crew'])).toEqual([
      'Tidewater Ferries carried 1.4 million passengers in 2025',
      'Tidewater Ferries employs 430 crew',
    ]);
    expect(resolveAll(['Maria Lopez lives in Oslo', 'It rained all day'])).toEqual(['Maria Lopez lives in Oslo', 'It rained all day']);
    expect(resolveAll(['The Lumen Quartet was formed in Porto in 2015', 'Its first violinist is Inês Carvalho'])).toEqual([
      'The Lumen Quartet was formed in Porto in 2015',
      "Lumen Quartet's first violinist is Inês Carvalho",
    ]);
  });

  it('does not take the owner of a possessive or a verb that opens a note for the person', () => {
    expect(resolveAll(["Met Kenji's new girlfriend, Aiko, at dinner", 'She designs train stations'])).toEqual([
      "Met Kenji's new girlfriend, Aiko, at dinner",
      'Aiko designs train stations',
    ]);
  });

  it('never takes a thing the owner has, or a name after "with", for the person a later "he" or "she" stands for', () => {
    expect(resolveAll(['Sophie Turner’s Fiesta was written off in a crash', 'she now drives a Toyota Yaris'])).toEqual([
      'Sophie Turner’s Fiesta was written off in a crash',
      'Sophie Turner now drives a Toyota Yaris',
    ]);
    expect(resolveAll(['Olu Adeyemi’s contract with BP ended in March', 'he signed with Shell'])).toEqual([
      'Olu Adeyemi’s contract with BP ended in March',
      'Olu Adeyemi signed with Shell',
    ]);
    expect(resolveAll(["Dmitri Volkov's Stradivarius was stolen on tour", 'He plays a modern copy now'])).toEqual([
      "Dmitri Volkov's Stradivarius was stolen on tour",
      'Dmitri Volkov plays a modern copy now',
    ]);
  });

  it('takes "he" after a shop owned by someone for the owner, not the shop', () => {
    expect(resolveAll(['Quillstone is a stationery shop in York, owned by Ada Reyes', 'She opened it in 2015'])).toEqual([
      'Quillstone is a stationery shop in York, owned by Ada Reyes',
      'Ada Reyes opened it in 2015',
    ]);
  });

  it('names the organisation a definite description stands for, by its name or by what it was said to be', () => {
    expect(resolveAll(['Harrow Vale Cooperative sells organic vegetables', 'The cooperative opened a farm shop in 2024'])).toEqual([
      'Harrow Vale Cooperative sells organic vegetables',
      'Harrow Vale Cooperative opened a farm shop in 2024',
    ]);
    expect(resolveAll(['Greyfriars Academy is a sixth-form college in Perth', 'The college moved to a new site in 2018'])).toEqual([
      'Greyfriars Academy is a sixth-form college in Perth',
      'Greyfriars Academy moved to a new site in 2018',
    ]);
    expect(resolveAll(['Greyfriars Academy is a college in Perth', 'The weather was fine'])).toEqual([
      'Greyfriars Academy is a college in Perth',
      'The weather was fine',
    ]);
  });

  it('takes the owner named in a clause about their thing for the person, when nobody else is named', () => {
    expect(resolveAll(["A cousin adopted Nora Field's rabbit", 'A kitten now shares her flat'])).toEqual([
      "A cousin adopted Nora Field's rabbit",
      "A kitten now shares Nora Field's flat",
    ]);
  });

  it('resolves a "he" after "these days" or "nowadays"', () => {
    expect(resolveAll(['Kenji Mori quit tennis', 'These days he swims', 'Nowadays she rows'])).toEqual([
      'Kenji Mori quit tennis',
      'These days Kenji Mori swims',
      'Nowadays Kenji Mori rows',
    ]);
  });

  it('names the person a clause about an animal or a thing refers to as "him", "her" or "his"', () => {
    expect(resolveAll(['Rui Costa lost his old cat in May', 'Two kittens now live with him'])).toEqual([
      'Rui Costa lost his old cat in May',
      'Two kittens now live with Rui Costa',
    ]);
    expect(resolveAll(['Rui Costa won the race', 'The trophy went to his sister'])).toEqual([
      'Rui Costa won the race',
      "The trophy went to Rui Costa's sister",
    ]);
    expect(resolveAll(['Rui Costa sold his kayak', 'The canoe is his now', 'The canoe is his favourite boat'])).toEqual([
      'Rui Costa sold his kayak',
      "The canoe is Rui Costa's now",
      "The canoe is Rui Costa's favourite boat",
    ]);
  });

  it('never takes an animal\'s name for the person a later "she" stands for', () => {
    expect(resolveAll(["Freya Lindqvist's rabbit Mossa passed away in October", 'In December she adopted a kitten named Birk'])).toEqual([
      "Freya Lindqvist's rabbit Mossa passed away in October",
      'In December Freya Lindqvist adopted a kitten named Birk',
    ]);
    expect(resolveAll(['Oskar Berg has a dog called Rex', 'He walks him twice a day'])).toEqual([
      'Oskar Berg has a dog called Rex',
      'Oskar Berg walks him twice a day',
    ]);
  });

  it('leaves "it" that names nothing, and answers null for a "he" with nobody named', () => {
    expect(resolveAll(['It was a great year'])).toEqual(['It was a great year']);
    expect(resolveAll(['He joined the board'])).toEqual([null]);
  });
});

describe('entitiesIn and personInTitle', () => {
  it('tells people from organisations and places', () => {
    expect(entitiesIn('Amara Okafor founded Falcon Robotics in Lagos')).toEqual({
      subject: { name: 'Amara Okafor', kind: 'person' },
      named: [
        { name: 'Amara Okafor', kind: 'person' },
        { name: 'Falcon Robotics', kind: 'organisation' },
      ],
    });
  });

  it('takes a shop or a thing said to be owned by someone for an organisation, and a workshop leader for a person', () => {
    expect(entitiesIn('Quillstone is a family-run stationery shop in York, owned by Ada Reyes').subject).toEqual({ name: 'Quillstone', kind: 'organisation' });
    expect(entitiesIn('Mossgiel is an organic bakeryshop in Ayr').subject?.kind).toBe('organisation');
    expect(entitiesIn('Tarn is a graph database written in Zig').subject?.kind).toBe('organisation');
    expect(entitiesIn('Omar Haddad is a workshop leader in Leeds').subject).toEqual({ name: 'Omar Haddad', kind: 'person' });
  });

  it('finds the person a CV or bio is titled after, not the kind of document', () => {
    expect(personInTitle('Leilani Kahale — Curriculum Vitae\n\nCurriculum Vitae')).toBe('Leilani Kahale');
    expect(personInTitle('# Quarterly Operations Report\n\nFalcon shipped 40 robots.')).toBeNull();
  });
});

describe('entitiesIn: a word that opens a sentence is never a name', () => {
  it.each([
    'In 2019 Dana ran the Berlin marathon',
    'Yesterday Dana ran the Berlin marathon',
    'Afterwards Dana ran the Berlin marathon',
    'Meanwhile Dana ran the Berlin marathon',
    'Later Dana ran the Berlin marathon',
  ])('%s', (sentence) => {
    expect(entitiesIn(sentence).subject).toEqual({ name: 'Dana', kind: 'person' });
  });

  it('resolves a later "she" to the person, not the opening word', () => {
    expect(resolveAll(['Afterwards Dana ran the Berlin marathon', 'She finished in four hours'])).toEqual([
      'Afterwards Dana ran the Berlin marathon',
      'Dana finished in four hours',
    ]);
  });
});

describe('entitiesIn: a determiner opens a noun phrase, not a phrase of time', () => {
  it('does not take "Our CTO" for the subject person', () => {
    expect(resolveAll(['Our CTO is Jelena Kovač', 'She joined from Siemens Healthineers in 2022'])).toEqual([
      'Our CTO is Jelena Kovač',
      'Jelena Kovač joined from Siemens Healthineers in 2022',
    ]);
  });
});

describe('an animal named with its owner, and the family it joined', () => {
  it('takes the owner, not the animal, for the person a later "the family" belongs to', () => {
    expect(resolveAll(["Pepper, Iris Keller's dog, was run over in May", 'A tabby kitten named Fig joined the family in June'])).toEqual([
      "Pepper, Iris Keller's dog, was run over in May",
      "A tabby kitten named Fig joined Iris Keller's family in June",
    ]);
  });
});

describe('a name with an apostrophe', () => {
  it('keeps "Niamh O\'Connor" as the person a later "she" stands for', () => {
    expect(resolveAll(["Niamh O'Connor's Fiesta failed its test", 'She bought a Mazda 2'])).toEqual([
      "Niamh O'Connor's Fiesta failed its test",
      "Niamh O'Connor bought a Mazda 2",
    ]);
  });
});
