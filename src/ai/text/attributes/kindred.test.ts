import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../embeddings/embedder.js';
import { LocalEmbedder } from '../../embeddings/local-embedder.js';
import { KindredValueReader, namesHeldValue, phrasesOf } from './kindred.js';
import { statedAttributes } from './statements.js';

describe('KindredValueReader (the new value a change gives, read by meaning)', () => {
  let embedder: LocalEmbedder;
  let reader: KindredValueReader;

  beforeAll(async () => {
    embedder = new LocalEmbedder({ threads: 1 });
    await embedder.ready();
    reader = KindredValueReader.for(embedder)!;
  });
  afterAll(async () => embedder?.close());

  const read = (held: string, change: string, subject: string) => reader.read(change, subject, statedAttributes(held));

  it('reads the phrase of the same kind as the value held as its new value', async () => {
    expect(await read('Daniel Price plays the trumpet in the school band', 'Daniel Price moved on to the saxophone this year', 'Daniel Price')).toEqual([
      { subject: 'Daniel Price', attribute: 'instrument', value: 'saxophone' },
    ]);
    expect(await read('Isabel Moreno lives in Seville', "Isabel Moreno's new address is 12 Calle Mayor, Madrid", 'Isabel Moreno')).toEqual([
      { subject: 'Isabel Moreno', attribute: 'residence', value: 'Madrid' },
    ]);
    expect(await read('Julia Novak works as a paralegal', 'Julia Novak passed the bar and now practises as a solicitor', 'Julia Novak')).toEqual([
      { subject: 'Julia Novak', attribute: 'job', value: 'solicitor' },
    ]);
  });

  it('never takes the old value named again for the new one', async () => {
    expect(
      await read('Zoe Adams paints watercolours in her free time', 'Zoe Adams has swapped painting for pottery classes on Thursdays', 'Zoe Adams'),
    ).toEqual([{ subject: 'Zoe Adams', attribute: 'hobby', value: 'pottery' }]);
  });

  it('reads nothing when no phrase is of the kind held, or the value held is of someone else', async () => {
    expect(await read('Henrik Dahl lives in Oslo', 'Henrik Dahl switched to decaf in the mornings', 'Henrik Dahl')).toEqual([]);
    expect(await read('Maria Lopez plays the trumpet', 'Daniel Price switched to the saxophone', 'Daniel Price')).toEqual([]);
  });

  it('reads only a phrase shaped like a value of the attribute: a name, a role, a word of its kind', async () => {
    expect(await read('Jolene works as a designer', 'Jolene is experiencing a new level of joy and happiness now', 'Jolene')).toEqual([]);
    expect(await read("Jolene's partner is Tom", 'Jolene and others now play the console with her partner', 'Jolene')).toEqual([]);
    expect(await read('John plays basketball', 'John now cooks new recipes every weekend', 'John')).toEqual([]);
    expect(await read('Samuel is an auditor at Deloitte', "Samuel's first day at EY was yesterday", 'Samuel')).toEqual([
      { subject: 'Samuel', attribute: 'employer', value: 'EY' },
    ]);
  });

  it('reads no phrase from the subject, function words or words of change and time', () => {
    expect(phrasesOf('Hana Kim moved from payments to the fraud team last week', 'Hana Kim')).toEqual(['payments', 'fraud', 'fraud team', 'team']);
  });

  it('has no reader for a model it is not calibrated for', () => {
    const other: Embedder = { model: 'some-other-model', dimension: 3, embed: async () => [], close: async () => {} };
    expect(KindredValueReader.for(other)).toBeNull();
  });

  it('reads what a statement says came after the value held, "from <value> to <successor>", however far the two embed', async () => {
    expect(
      await read(
        'Priscilla Tan works on the Atlas migration',
        "Priscilla Tan's focus has shifted from the Atlas migration to the Orion launch",
        'Priscilla Tan',
      ),
    ).toEqual([{ subject: 'Priscilla Tan', attribute: 'project', value: 'Orion launch' }]);
    expect(await read('Sam Reed lives in Leeds', 'Sam Reed moved from Leeds to March last year', 'Sam Reed')).toEqual([]);
  });

  it('reads the thing after the value held in "off <value> and onto", "gave up <value> for", "left <value> for", never a time or a reason', async () => {
    expect(await read('Rhea Bose works on the Falcon rebuild', 'Rhea Bose rolled off the Falcon rebuild and onto the Kestrel pilot', 'Rhea Bose')).toEqual([
      { subject: 'Rhea Bose', attribute: 'project', value: 'Kestrel pilot' },
    ]);
    expect(await read('Rhea Bose plays chess', 'Rhea Bose gave up chess for bridge', 'Rhea Bose')).toEqual([
      { subject: 'Rhea Bose', attribute: 'hobby', value: 'bridge' },
    ]);
    expect(await read('Rhea Bose lives in Pune', 'Rhea Bose left Pune for Goa', 'Rhea Bose')).toEqual([
      { subject: 'Rhea Bose', attribute: 'residence', value: 'Goa' },
    ]);
    expect(await read('Rhea Bose plays chess', 'Rhea Bose gave up chess for health reasons', 'Rhea Bose')).toEqual([]);
    // The kit both share is not the thing after: "swapped her tennis racket for a padel racket" is padel.
    expect(await read('Rhea Bose plays tennis', 'Rhea Bose swapped her tennis racket for a squash racket', 'Rhea Bose')).toEqual([
      { subject: 'Rhea Bose', attribute: 'sport', value: 'squash' },
    ]);
    expect(await read('Rhea Bose works at Infosys', 'Rhea Bose quit Infosys for good', 'Rhea Bose')).toEqual([]);
  });

  it('takes a statement naming a value held beside another for a change, unless it tells of a trip or an outing', () => {
    const held = statedAttributes('Lars Eriksen is an accountant at KPMG');
    expect(namesHeldValue('Lars Eriksen does the books for Hopworks after leaving KPMG', 'Lars Eriksen', held)).toBe(true);
    expect(namesHeldValue('Lars Eriksen had lunch with a recruiter from Deloitte', 'Lars Eriksen', held)).toBe(false);
    expect(namesHeldValue('Lars Eriksen flew from KPMG London to a client in Oslo', 'Lars Eriksen', held)).toBe(false);
    expect(namesHeldValue('Mia Fischer does the books for KPMG', 'Mia Fischer', held)).toBe(false);
  });
});
