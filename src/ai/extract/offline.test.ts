import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractOffline, OfflineExtractor } from './offline.js';
import type { ConversationTurn, ExtractedMemory } from './types.js';

// Turns quoted from LoCoMo (locomo10.json, conversation conv-26), with their session dates.
const caroline = (content: string): ConversationTurn => ({ role: 'user', name: 'Caroline', content });
const melanie = (content: string): ConversationTurn => ({ role: 'user', name: 'Melanie', content });
const session1 = new Date('2023-05-08T13:56:00Z');

function find(memories: ExtractedMemory[], ...needles: string[]): ExtractedMemory | undefined {
  return memories.find((m) => needles.every((n) => m.content.toLowerCase().includes(n.toLowerCase())));
}

describe('offline extraction of a conversation', () => {
  const memories = extractOffline({
    text: '',
    documentDate: session1,
    turns: [
      caroline('Hey Mel! Good to see you! How have you been?'),
      melanie("Hey Caroline! Good to see you! I'm swamped with the kids & work. What's up with you? Anything new?"),
      caroline('I went to a LGBTQ support group yesterday and it was so powerful.'),
      melanie("Wow, that's cool, Caroline! What happened that was so awesome? Did you hear any inspiring stories?"),
      caroline("I'm keen on counseling or working in mental health - I'd love to support those with similar issues."),
      melanie('You\u2019d be a great counselor! Your empathy and understanding will really help the people you work with.'),
      melanie('Yeah, I painted that lake sunrise last year! It\u2019s special to me.'),
    ],
  });

  it('names the speaker, resolves the date and keeps the turn', () => {
    const m = find(memories, 'Caroline', 'LGBTQ support group');
    expect(m).toMatchObject({
      content: 'Caroline went to a LGBTQ support group on 7 May 2023',
      kind: 'event',
      isStatic: false,
      eventDates: ['2023-05-07'],
      forgetAfter: null,
      speaker: 'Caroline',
      turnIndex: 2,
    });
  });

  it('turns "you" into the other party', () => {
    expect(find(memories, 'Melanie would be a great counselor')).toBeUndefined();
    expect(find(memories, 'Caroline would be a great counselor')).toMatchObject({ speaker: 'Melanie', turnIndex: 5 });
    expect(find(memories, "Caroline's empathy and understanding will really help")).toBeDefined();
  });

  it('keeps informative statements and resolves years', () => {
    expect(find(memories, 'Caroline is keen on counseling or working in mental health')).toBeDefined();
    expect(find(memories, 'Melanie is swamped with the kids & work')).toBeDefined();
    expect(find(memories, 'Melanie painted that lake sunrise in 2022')).toMatchObject({ eventDates: ['2022'] });
  });

  it('skips greetings, questions and reactions', () => {
    expect(memories.some((m) => m.turnIndex === 0 || m.turnIndex === 3)).toBe(false);
    expect(memories.some((m) => /good to see|how have you|special to/i.test(m.content))).toBe(false);
  });

  it('writes every memory in the third person', () => {
    for (const m of memories) expect(m.content).not.toMatch(/\b(?:I|I'm|my|me|you|your)\b/i);
  });
});

describe('offline extraction: dates', () => {
  it('anchors "last Saturday" to the session date (LoCoMo conv-26, session of 25 May 2023)', () => {
    const memories = extractOffline({
      text: '',
      documentDate: new Date('2023-05-25T13:14:00Z'),
      turns: [
        melanie(
          'Hey Caroline, since we last chatted, I\u2019ve had a lot of things happening to me. I ran a charity race for mental health last Saturday \u2013 it was really rewarding.',
        ),
        caroline('That charity race sounds great, Mel!'),
      ],
    });
    expect(find(memories, 'Melanie ran a charity race for mental health the Saturday before 25 May 2023')).toMatchObject({
      eventDates: ['2023-05-20'],
      kind: 'event',
    });
  });

  it('gives time-bound plans a forgetAfter at the end of their period', () => {
    const memories = extractOffline({
      text: '',
      documentDate: new Date('2024-03-04T09:00:00Z'),
      turns: [{ role: 'user', content: 'I have an exam tomorrow. My sister Anna is visiting next week.' }],
    });
    expect(find(memories, 'exam')).toMatchObject({
      content: 'The user has an exam on 5 March 2024',
      kind: 'plan',
      eventDates: ['2024-03-05'],
      forgetAfter: '2024-03-05T23:59:59.999Z',
    });
    expect(find(memories, 'visiting')?.forgetAfter).toBe('2024-03-17T23:59:59.999Z');
    expect(find(memories, 'Anna is the user')).toMatchObject({ content: "Anna is the user's sister", kind: 'relation', isStatic: true, forgetAfter: null });
  });

  it('marks events said to have just happened with the date they were said', () => {
    const memories = extractOffline({
      text: '',
      documentDate: new Date('2023-01-29T10:00:00Z'),
      turns: [{ role: 'user', name: 'Gina', content: 'I just launched an ad campaign for my clothing store!' }],
    });
    expect(memories[0]).toMatchObject({
      content: "Gina just launched an ad campaign for Gina's clothing store (as of 29 January 2023)",
      eventDates: ['2023-01-29'],
    });
  });

  it('dates a time-bound statement without a date of its own by the day it was said, not a lasting one', () => {
    const memories = extractOffline({
      text: '',
      documentDate: new Date('2023-08-23T10:00:00Z'),
      turns: [{ role: 'user', name: 'Caroline', content: 'I applied to adoption agencies! I love painting.' }],
    });
    expect(memories.map((m) => m.content)).toEqual(['Caroline applied to adoption agencies (as of 23 August 2023)', 'Caroline loves painting']);
    // When it happened is not known, only that it had by then.
    expect(memories[0].eventDates).toEqual([]);
  });

  it('dates a month of a past told by a thing or by a past spelt like a present to the month gone by', () => {
    const text = 'The trophy went to Ravi Nair in June. Ravi Nair quit chess in May.';
    const memories = extractOffline({ text, documentDate: new Date('2026-11-27T00:00:00Z') });
    expect(memories.map((m) => [m.content, m.kind])).toEqual([
      ['The trophy went to Ravi Nair in June 2026', 'event'],
      ['Ravi Nair quit chess in May 2026', 'event'],
    ]);
  });
});

describe('offline extraction: kinds', () => {
  const memories = extractOffline({
    text: '',
    turns: [
      { role: 'user', content: 'My name is Sam and I work as a nurse in Leeds. I love hiking in the Dales. My husband Tom is a chef.' },
      { role: 'assistant', content: 'Great to meet you, Sam! As an AI, I hope this helps.' },
    ],
  });

  it('classifies identity, preference and relation facts as static, of the user by the name they gave', () => {
    expect(find(memories, "The user's name is Sam")).toMatchObject({ kind: 'identity', isStatic: true });
    expect(find(memories, 'Sam works as a nurse in Leeds')).toMatchObject({ kind: 'identity', isStatic: true });
    expect(find(memories, 'Sam loves hiking in the Dales')).toMatchObject({ kind: 'preference', isStatic: true });
    expect(find(memories, "Tom is Sam's husband")).toMatchObject({ kind: 'relation', isStatic: true });
  });

  it('ignores unnamed assistant turns', () => {
    expect(memories.every((m) => m.turnIndex === 0)).toBe(true);
  });

  it('reports confidences within 0..1 and no duplicates', () => {
    expect(memories.every((m) => m.confidence > 0 && m.confidence <= 1)).toBe(true);
    expect(new Set(memories.map((m) => m.content)).size).toBe(memories.length);
  });
});

describe('offline extraction of documents', () => {
  it('extracts facts from markdown without inventing a speaker', async () => {
    const memories = await new OfflineExtractor().extract({
      text: '# Team notes\n\nAlex works at Stripe as a PM. He moved to Berlin in March 2021.\n\n- Priya prefers async standups.\n- The offsite is on 12 June 2024.',
      documentDate: new Date('2024-05-01T00:00:00Z'),
    });
    expect(memories.map((m) => m.content)).toEqual([
      'Alex works at Stripe as a PM',
      'Alex moved to Berlin in March 2021',
      'Priya prefers async standups',
      'The offsite is on 12 June 2024',
    ]);
    expect(find(memories, 'Alex')).toMatchObject({ kind: 'identity', isStatic: true, speaker: null, turnIndex: null });
    expect(find(memories, 'offsite')).toMatchObject({ kind: 'plan', eventDates: ['2024-06-12'], forgetAfter: '2024-06-12T23:59:59.999Z' });
  });

  it('tells past events from plans without a document date', () => {
    const memories = extractOffline({ text: 'Alex joined Stripe in March 2021. The offsite is on 12 June 2030.' });
    expect(memories).toMatchObject([
      { content: 'Alex joined Stripe in March 2021', kind: 'event', eventDates: ['2021-03'] },
      { content: 'The offsite is on 12 June 2030', kind: 'plan', eventDates: ['2030-06-12'] },
    ]);
  });

  it('reads a transcript stored as text', () => {
    const memories = extractOffline({
      text: 'Caroline: I just joined a new LGBTQ activist group last Tues.\nMelanie: Wow, congrats! I took my kids to a pottery workshop last Fri.',
      documentDate: new Date('2023-07-20T00:00:00Z'),
    });
    expect(memories.map((m) => m.content)).toEqual([
      'Caroline just joined a new LGBTQ activist group the Tuesday before 20 July 2023 (18 July 2023)',
      "Melanie took Melanie's kids to a pottery workshop the Friday before 20 July 2023 (14 July 2023)",
    ]);
  });

  it('says what a following "it" stands for', () => {
    const memories = extractOffline({
      text: '',
      documentDate: new Date('2023-06-27T10:00:00Z'),
      turns: [
        caroline('This necklace is super special to me. She gave it to me when I was young, and it stands for love, faith and strength.'),
        caroline('The training was intense, but it changed my view on helping others.'),
        caroline('My favorite memory was when my team won. It was an awesome feeling.'),
        caroline('The week was long. It made me tired.'),
      ],
    });
    expect(find(memories, 'the necklace stands for love, faith and strength')).toBeDefined();
    expect(find(memories, "The training changed Caroline's view on helping others")).toBeDefined();
    // "It was …" only judges; resolved it would read as a new value of the favorite memory.
    expect(find(memories, 'favorite memory was an awesome')).toBeUndefined();
    expect(find(memories, 'week made')).toBeUndefined();
  });

  it('returns nothing for empty or filler-only input', () => {
    expect(extractOffline({ text: '' })).toEqual([]);
    expect(extractOffline({ text: 'Hi! Thanks! Bye.' })).toEqual([]);
  });
});

describe('offline extraction robustness', () => {
  it('never throws and always returns well-formed memories', () => {
    const turn = fc.record({
      role: fc.constantFrom('user' as const, 'assistant' as const, 'system' as const, 'tool' as const),
      name: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
      content: fc.string({ maxLength: 300 }),
      date: fc.option(fc.constantFrom('2023-05-08T10:00:00Z', 'not a date'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), fc.option(fc.array(turn, { maxLength: 5 }), { nil: undefined }), (text, turns) => {
        for (const m of extractOffline({ text, turns, documentDate: new Date('2023-05-08T00:00:00Z') })) {
          expect(m.content.trim().length).toBeGreaterThan(0);
          expect(m.confidence).toBeGreaterThanOrEqual(0);
          expect(m.confidence).toBeLessThanOrEqual(1);
          for (const d of m.eventDates) expect(d).toMatch(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('offline extraction: what a new user notices', () => {
  const said = (content: string, date = '2026-11-20T10:00:00Z') =>
    extractOffline({ text: '', turns: [{ role: 'user', content }], documentDate: new Date(date) }).map((m) => m.content);

  it('dates a past event in a month without a year before the conversation, a plan after it', () => {
    expect(said('Alice flew to Lisbon in May.')).toEqual(['According to the user, Alice flew to Lisbon in May 2026']);
    expect(said("I'm flying to Rome in March.")).toEqual(['The user is flying to Rome in March 2027']);
    expect(said('I visited my grandmother in December.', '2026-02-10T10:00:00Z')).toEqual(["The user visited the user's grandmother in December 2025"]);
  });

  it('makes no memories of table, CSV or JSON rows, but keeps a sentence beside them', () => {
    expect(said('| Name | City |\n|---|---|\n| Gina | Oslo |\n| Tom | Rome |')).toEqual([]);
    expect(said('name,team,city\nGina,Sales,Oslo\nTom,Ops,Rome')).toEqual([]);
    expect(said('item\tprice\nCoffee\t3.50')).toEqual([]);
    expect(said('I started a new diet of two ginger snaps a day.\t')).toEqual([
      'The user started a new diet of two ginger snaps a day (as of 20 November 2026)',
    ]);
    expect(said('{\n  "city": "Oslo"\n}')).toEqual([]);
    expect(said('I manage the Oslo office.\n\n| Name | Role |\n|---|---|\n| Gina | Sales |')).toEqual(['The user manages the Oslo office']);
  });

  it('names the user after the name they give, and remembers the name itself', () => {
    const memories = extractOffline({
      text: '',
      turns: [
        { role: 'user', content: 'My favorite food is lasagna.' },
        { role: 'assistant', content: 'Yum.' },
        { role: 'user', content: "Hi, I'm Priya Raman." },
      ],
    }).map((m) => m.content);
    expect(memories).toEqual(["Priya Raman's favorite food is lasagna", "The user's name is Priya Raman"]);
    expect(said("I'm Canadian and I love hockey.")).not.toContain("The user's name is Canadian");
  });

  it('restores the subject a chat line drops before a verb of its own, a gerund with a clause after a comma, or a "first week at"', () => {
    expect(said('unpacking the last boxes in our new flat in Turin, milan feels like ages ago')[0]).toMatch(
      /^The user is unpacking the last boxes in the user's new flat in Turin/,
    );
    expect(said('first week at Riverside Academy done, miss my old friends')[0]).toMatch(/^The user's first week at Riverside Academy/);
    expect(said('Trying local seafood is a must')[0]).not.toMatch(/The user is trying/);
  });

  it('classifies a change of job, home or diet as a lasting identity fact', () => {
    for (const content of ['I just started a new job at Stripe.', 'I relocated to Denver.', 'I went vegan last month.', 'I joined Shopify.']) {
      const [memory] = extractOffline({ text: '', turns: [{ role: 'user', content }], documentDate: new Date('2026-11-20T10:00:00Z') });
      expect(memory, content).toMatchObject({ kind: 'identity', isStatic: true });
    }
  });
});

describe('offline extraction: the people of notes about a numbered thing', () => {
  const contents = (text: string) => extractOffline({ text, documentDate: new Date('2024-05-01T00:00:00Z') }).map((m) => m.content);

  it('says whose role a field names, in what the document is about', () => {
    expect(contents('Notes number 3 about project 100, covering plans for the hiring budget.\nOwner: Dana Whitfield\n')).toContain(
      'Dana Whitfield is the owner of project 100',
    );
    expect(contents('# Notes number 3 about project 196\n\nCovering plans for the spring release.\n\nLead: Omar Haddad')).toContain(
      'Omar Haddad is the lead of project 196',
    );
    expect(contents('Room 4 is booked for the design review. Contact: Maria Lopez.')).toContain('Maria Lopez is the contact of Room 4');
    expect(contents('Release notes of version 3.0\n\nReviewers: Ana Ruiz and Bo Chen (platform)')).toContain(
      'Ana Ruiz and Bo Chen are the reviewers of version 3.0',
    );
    expect(contents('Ticket #212: the login page times out.\nAssigned to: Ivan Petrov')).toContain('Ivan Petrov is the assignee of Ticket #212');
    expect(contents('Weekly sync notes.\nOrganiser: Lena Berg (lena@example.com)')).toContain('Lena Berg is the organiser');
  });

  it('reads lines of roles as fields, not as people speaking', () => {
    const memories = contents('Notes number 7 about project 42\nOwner: Lena Berg\nReviewer: Omar Haddad\nLena Berg works at Globex.');
    expect(memories).toEqual(['Lena Berg is the owner of project 42', 'Omar Haddad is the reviewer of project 42', 'Lena Berg works at Globex']);
  });

  it('does not read a role with no person, or a speaker who says more than a name, as a role', () => {
    expect(contents('Owner: TBD\nReviewer: nobody yet').join(' ')).not.toMatch(/is the (?:owner|reviewer)/);
    const show = extractOffline({ text: 'Host: Welcome back to the show, I moved to Lisbon last year.\nGuest: Thanks! I run a bakery in Porto.' });
    expect(show.map((m) => m.speaker)).toEqual(['Host', 'Guest']);
  });
});

describe('offline extraction: a word that opens a sentence is never a name', () => {
  it('keeps the fact after a phrase of time, about the person it names', () => {
    const contents = extractOffline({
      text: 'Last week Jonas moved to Oslo. Afterwards Dana joined Globex.',
      documentDate: new Date('2024-05-01T00:00:00Z'),
    }).map((m) => m.content);
    expect(contents).toEqual(['The week before 1 May 2024 Jonas moved to Oslo', 'Afterwards Dana joined Globex']);
  });

  it('never takes the opening word for a relative a speaker names', () => {
    const memories = extractOffline({
      text: '',
      turns: [{ role: 'user', name: 'Dana', content: 'Yesterday my sister Anna called. Recently my brother Sam moved to Oslo.' }],
    });
    const relations = memories.map((m) => m.content).filter((c) => / is Dana's /.test(c));
    expect(relations).toEqual(["Anna is Dana's sister", "Sam is Dana's brother"]);
  });
});

describe('offline extraction: a report of what others say', () => {
  it('reads the whole sentence a reporting frame opens, so a couple stays one subject', () => {
    const contents = extractOffline({
      text: 'Friends say Mateo Cruz and Lucia Vega divorced last year and he has remarried, to Ana Soto.',
      documentDate: new Date('2026-11-27T00:00:00Z'),
    }).map((m) => m.content);
    expect(contents).toEqual(['Mateo Cruz and Lucia Vega divorced in 2025', 'Mateo Cruz has remarried, to Ana Soto']);
  });
});

describe('offline extraction: lines a PDF wrapped, and names of any alphabet', () => {
  it('joins a long line that ends mid-sentence to the next, and keeps a heading apart', () => {
    const contents = extractOffline({
      text: "Principal's message\nNgaio Tapsell became principal of Kahurangi School in January. She previously taught at Rotorua\nGirls' High School for twelve years.",
      documentDate: new Date('2026-11-27T00:00:00Z'),
    }).map((m) => m.content);
    expect(contents).toEqual([
      'Ngaio Tapsell became principal of Kahurangi School in January 2026',
      "Ngaio Tapsell previously taught at Rotorua Girls' High School for twelve years",
    ]);
  });

  it('names a relative with an accented name whole', () => {
    const memories = extractOffline({
      text: 'my girlfriend Lucía and I are going to Seville next weekend',
      turns: [{ role: 'user', name: 'Tomás', content: 'my girlfriend Lucía and I are going to Seville next weekend' }],
    }).map((m) => m.content);
    expect(memories).toContain("Lucía is Tomás' girlfriend");
  });
});

describe('offline extraction: a document told in the first person', () => {
  it('reads its "I" as the writer who names themselves, in other lines too', () => {
    const memories = extractOffline({
      text: "# About\n\nHello, I'm Tove Ekdahl, a luthier in Bergen. I repair old fiddles for folk players.\n\nMy workshop is above a bakery.",
    }).map((m) => m.content);
    expect(memories).toEqual([
      'Tove Ekdahl is a luthier in Bergen',
      'Tove Ekdahl repairs old fiddles for folk players',
      "Tove Ekdahl's workshop is above a bakery",
    ]);
  });

  it('keeps a first person nobody is named for, and a name said in a quotation is nobody\'s "I"', () => {
    const memories = extractOffline({
      text: '"My name is Oskar Berg," the caller said.\n\nI parked on level 3 of the Gamla garage.',
    }).map((m) => m.content);
    expect(memories).toContain('I parked on level 3 of the Gamla garage');
    expect(memories.join('\n')).not.toMatch(/Oskar Berg parked/);
  });
});

describe('offline extraction: whom a clause about a thing names by a pronoun', () => {
  it('names the person in a clause that opens with a noun before its verb', () => {
    expect(extractOffline({ text: 'Aiko Sato weaves on a loom most evenings; origami is over for her.' }).map((m) => m.content)).toEqual([
      'Aiko Sato weaves on a loom most evenings',
      'Origami is over for Aiko Sato',
    ]);
    expect(extractOffline({ text: 'Ravi Patel moved to Leeds; the old team carried on without him.' }).map((m) => m.content)).toContain(
      'The old team carried on without Ravi Patel',
    );
  });
});

describe('OfflineExtractor on a text without punctuation', () => {
  const text = 'word '.repeat(40_000);

  it('reads 200 kB in linear time', { timeout: 10_000 }, async () => {
    expect(await new OfflineExtractor().extract({ text })).toEqual([]);
  });

  it('lets the event loop run while it reads, and stops once aborted', { timeout: 10_000 }, async () => {
    const controller = new AbortController();
    const aborting = setTimeout(() => controller.abort(), 1);
    await expect(new OfflineExtractor().extract({ text: text.repeat(5), signal: controller.signal })).rejects.toThrow(/abort/i);
    clearTimeout(aborting);
  });
});
