import { describe, expect, it } from 'vitest';
import { extractOffline } from './offline.js';
import { isFurniture, withoutFurniture } from './furniture.js';

const page = [
  '[Home](/) | [About us](/about) | [Careers](/careers)',
  '',
  'Falcon Robotics was founded in 2019 by Amara Okafor in Lagos.',
  '',
  '![](team.png)',
  '',
  'Photo: the team at the 2024 offsite',
  '',
  '[Back to home](/)',
  '',
  'See [About us](/about) and [the team](/team).',
  '',
  'Posted in [Europe](/e), [Travel](/t) · 12 comments',
  '',
  '© 2026 Falcon Robotics. All rights reserved.',
].join('\n');

describe('withoutFurniture', () => {
  it('keeps the content and drops navigation, images and captions, calls to action, post meta and legal lines', () => {
    expect(
      withoutFurniture(page)
        .split('\n')
        .filter((l) => l.trim()),
    ).toEqual(['Falcon Robotics was founded in 2019 by Amara Okafor in Lagos.']);
  });

  it('drops running headers and footers repeated on every page of a report, and its title and byline', () => {
    const report = [
      'Quarterly Operations Report 2026',
      'Prepared by Jane Smith, Head of Operations',
      'Falcon shipped 40 robots.',
      'Falcon Robotics — Confidential',
      'Page 1 of 2',
      'Falcon hired 12 engineers.',
      'Falcon Robotics — Confidential',
      'Page 2 of 2',
    ];
    expect(withoutFurniture(report.join('\n')).split('\n')).toEqual(['Falcon shipped 40 robots.', 'Falcon hired 12 engineers.']);
  });

  it("drops a single page's footer or header that carries its page number, and keeps a sentence naming a page", () => {
    const minutes = [
      'The council agreed to install a defibrillator.',
      'Signed as a true record   Page 1 of 1',
      'Annual report 2026 | page 4',
      'Page 3 / 7 Harbour Trust',
      'The fee schedule is on page 3 of 10.',
    ];
    expect(withoutFurniture(minutes.join('\n')).split('\n')).toEqual([
      'The council agreed to install a defibrillator.',
      'The fee schedule is on page 3 of 10.',
    ]);
  });

  it("drops a line of a page's short details set apart by dots or bars, and keeps a sentence with a dot in it", () => {
    const page = [
      'Serves 4 · Prep 15 mins · Cook 30 mins',
      'Posted 3 days ago | Full time | Hebden Bridge',
      'The café · open since 2019 · serves lunch until three every day of the week.',
    ];
    expect(withoutFurniture(page.join('\n')).split('\n')).toEqual(['The café · open since 2019 · serves lunch until three every day of the week.']);
  });

  it('tells a line of links from a sentence with a link in it', () => {
    expect(isFurniture('Read [the announcement](/news) for details')).toBe(true);
    expect(isFurniture('Amara Okafor founded [Falcon Robotics](/about) in Lagos in 2019 after a decade at Siemens.')).toBe(false);
  });

  it('takes a label of when a page was updated or published for furniture, with or without a preposition', () => {
    for (const line of ['Last updated 3 March 2026', 'Updated: 12/05/2026', 'Published on 4 June', 'Last modified Mar 2025'])
      expect(isFurniture(line), line).toBe(true);
    expect(isFurniture('Updated maps show the new ferry route to Hvar.')).toBe(false);
  });
});

describe('what readers and customers write under a page, and social proof', () => {
  it('drops a comments or reviews section, a line ending in a reply link, a credited testimonial and press logos', () => {
    const page = [
      'Rosa Lamanna runs the trattoria Da Rosa in Bari.',
      '★★★★★ 4.8 from 312 votes',
      '> “Fieldnote saved our season.” — a happy customer',
      'As featured in TechCrunch · Wired · The Verge',
      'Giulia: Loved it! [Reply](#reply)',
      '## Comments',
      'Giulia: Made this on Sunday, delicious!',
      'Casa Puglia: Thanks Giulia, so glad you liked it!',
      '## Her story',
      'She opened it in 1978.',
    ];
    expect(withoutFurniture(page.join('\n')).split('\n')).toEqual(['Rosa Lamanna runs the trattoria Da Rosa in Bari.', 'She opened it in 1978.']);
  });

  it("drops a reference's access date and the escaped footnote marks of an encyclopedia page", () => {
    expect(
      withoutFurniture(
        'Gunnhild Berg led the 2019 survey of the Austfonna ice cap.\\[1\\]\nRetrieved on 4 May 2024\n1. “Austfonna survey report”, Polar Science, 2020. Retrieved 4 May 2024.',
      ).split('\n'),
    ).toEqual(['Gunnhild Berg led the 2019 survey of the Austfonna ice cap.']);
  });

  it('drops the entries of a contents page, and keeps a quotation someone is said to have said', () => {
    expect(withoutFurniture('1. Our year .... 2 2. Fleet .... 3\nAna Lima said “we will grow” at the launch.').split('\n')).toEqual([
      'Ana Lima said “we will grow” at the launch.',
    ]);
  });
});

describe('licences, editorial notes and who spoke', () => {
  it('drops licence and contribution lines, notes on figures and cross-references, and keeps a sentence about releasing something', () => {
    for (const line of [
      'Released under the Apache 2.0 licence.',
      'Distributed under the terms of the GPL.',
      'Pull requests welcome!',
      'All figures are provisional.',
      'Amounts in thousands of pounds.',
      'See appendix B.',
      'Terms and conditions apply.',
    ]) {
      expect(isFurniture(line), line).toBe(true);
    }
    expect(isFurniture('Maria Lopez released her album under a new label.')).toBe(false);
  });

  it('takes whom a report names as speaking for the person a later "she" stands for', () => {
    const text = 'Councillor Amira Yusuf announced that Leeds will plant 5,000 trees. She said the work would start in March.';
    expect(extractOffline({ text, documentDate: new Date('2026-11-27T00:00:00Z') }).map((m) => m.content)).toEqual([
      'Leeds will plant 5,000 trees',
      'Councillor Amira Yusuf said the work would start in March 2027',
    ]);
  });
});

describe('offline extraction of a page', () => {
  it('makes memories of its facts only, each naming its subject', () => {
    const text = `${page}\n\nTunde Bello leads the hardware group. He joined Falcon in 2021 and works from Lagos.`;
    expect(extractOffline({ text, documentDate: new Date('2026-11-27T00:00:00Z') }).map((m) => m.content)).toEqual([
      'Falcon Robotics was founded in 2019 by Amara Okafor in Lagos',
      'Tunde Bello leads the hardware group',
      'Tunde Bello joined Falcon in 2021',
      'Tunde Bello works from Lagos',
    ]);
  });

  it('resolves a CV\'s "she" to the person its title names, and drops a pronoun nobody was named for', () => {
    const cv = '# Leilani Kahale\n\nSince 2022 she has led the reef monitoring programme at the Hawaii Institute of Marine Biology.';
    expect(extractOffline({ text: cv }).map((m) => m.content)).toEqual([
      'Since 2022 Leilani Kahale has led the reef monitoring programme at the Hawaii Institute of Marine Biology',
    ]);
    expect(extractOffline({ text: 'He joined the board in 2021.' })).toEqual([]);
  });
});

describe('offline extraction of a card of fields', () => {
  it('says each field of the person the card names, and takes no field for a speaker', () => {
    const card = '# Kai Tanaka\n\n**Employer:** Hawaiian Airlines\n**Lives in:** Hilo\n**Diet:** vegetarian';
    expect(extractOffline({ text: card }).map((m) => m.content)).toEqual([
      'Kai Tanaka works at Hawaiian Airlines',
      'Kai Tanaka lives in Hilo',
      'Kai Tanaka is vegetarian',
    ]);
    expect(extractOffline({ text: 'Name: Ana Souza\nCompany: Nubank\nCity: São Paulo' }).map((m) => m.content)).toEqual([
      'Ana Souza works at Nubank',
      'Ana Souza lives in São Paulo',
    ]);
  });
});
