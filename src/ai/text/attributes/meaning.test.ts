import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../embeddings/embedder.js';
import { LocalEmbedder } from '../../embeddings/local-embedder.js';
import { AttributeReader } from './meaning.js';

describe('AttributeReader (attributes read by meaning with the local embedder)', () => {
  let embedder: LocalEmbedder;
  let reader: AttributeReader;

  beforeAll(async () => {
    embedder = new LocalEmbedder({ threads: 1 });
    await embedder.ready();
    reader = AttributeReader.for(embedder)!;
  });
  afterAll(async () => embedder?.close());

  it('reads the attribute a statement sets without a cue, with the first name it gives as the value', async () => {
    const [car, employer, partner] = await reader.read([
      "Lars picked up Lars' Tesla Model Y today, the dealer took the Volvo as part of the deal",
      'Samuel was promoted at Siemens last month.',
      'Luca proposed to Giulia on Sunday and they are engaged.',
    ]);
    expect(car).toEqual([{ subject: 'Lars', attribute: 'car', value: 'Tesla Model Y' }]);
    expect(employer).toEqual([{ subject: 'Samuel', attribute: 'employer', value: 'Siemens' }]);
    expect(partner).toEqual([{ subject: 'Luca', attribute: 'partner', value: 'Giulia' }]);
  });

  it('reads nothing from everyday happenings that name a company, a city or a brand', async () => {
    const read = await reader.read([
      'Ana had lunch with her manager at Google.',
      'Tom bought a new laptop from Apple.',
      'Ben went to a concert in Berlin.',
      'Max read the contract from Deloitte.',
      'Sara watched the new Dune film on Saturday.',
      'Kim rented a Toyota for the trip to Cork.',
      'Jin visited the Tesla showroom with his brother.',
      'Omar sent his CV to Microsoft.',
      // Tried or looked at, not taken.
      'Nils test-drove a Volvo EX30 but decided to keep his car.',
      'Pia looked at a Kia Niro at the dealer.',
    ]);
    expect(read).toEqual([[], [], [], [], [], [], [], [], [], []]);
  });

  it('reads nothing from a plan, a wish, a negation, a question or a past that ended', async () => {
    const read = await reader.read([
      'Lars wants to buy a Tesla Model Y.',
      'Priya might join Klarna next year.',
      'Samuel never worked at EY.',
      'Did Samuel start at EY?',
      'Samuel used to work at EY.',
    ]);
    expect(read).toEqual([[], [], [], [], []]);
  });

  it('reads nothing without a subject or a named value', async () => {
    expect(await reader.read(['picked up the new car today', 'Lars picked up the new car today'])).toEqual([[], []]);
  });

  it('has no reader for a model it is not calibrated for', () => {
    const other: Embedder = { model: 'some-other-model', dimension: 3, embed: async () => [], close: async () => {} };
    expect(AttributeReader.for(other)).toBeNull();
  });
});
