import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';
import type { MemoryEntry as Entry } from '../helpers/memories.js';

const FIRST = [
  'Maria',
  'John',
  'Aiko',
  'Omar',
  'Lena',
  'Ravi',
  'Chloe',
  'Diego',
  'Hana',
  'Ivan',
  'Nora',
  'Tariq',
  'Elena',
  'Kofi',
  'Sofia',
  'Mateo',
  'Yara',
  'Felix',
  'Ines',
  'Jonas',
];
const LAST = ['Lopez', 'Smith', 'Tanaka', 'Haddad', 'Berg', 'Patel', 'Martin', 'Rossi', 'Kim', 'Petrov'];
const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const PHRASINGS = [
  (n: number, lead: string, due: string) => `Project ${n} is led by ${lead} and is due on ${due}.`,
  (n: number, lead: string, due: string) => `${lead} leads project ${n}, which ships on ${due}.`,
  (n: number, lead: string, due: string) => `Project ${n}, run by ${lead}, has its deadline on ${due}.`,
  (n: number, lead: string, due: string) => `On ${due}, ${lead} will hand over project ${n}.`,
];

/** Alike sentences that differ only in the project number, its lead and its date. */
function projectNote(n: number): string {
  const lead = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
  return PHRASINGS[n % PHRASINGS.length](n, lead, day.format(new Date(Date.UTC(2025, 0, 1 + n))));
}

describe('memories: facts that differ in a number, date or name are never merged', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  });
  afterAll(async () => server?.close());

  async function memoriesOf(tag: string): Promise<Entry[]> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag], limit: 1100 } });
    expect(res.status).toBe(200);
    return res.body.memoryEntries;
  }

  async function addDocument(containerTag: string, content: string): Promise<string> {
    const res = await server.request('POST', '/v3/documents', { body: { content, containerTag } });
    expect((await waitForDocument(server, res.body.id)).status).toBe('done');
    return res.body.id;
  }

  it('makes a new apartment number the latest version, the old one its history', async () => {
    const first = await addDocument('alice', "Alice's apartment number is 1234.");
    const second = await addDocument('alice', "Alice's apartment number is 9876.");

    const entries = await memoriesOf('alice');
    expect(entries).toHaveLength(1);
    const [latest] = entries;
    // A document's date is kept beside its memories, never stamped on their text.
    const dated = (fact: string) => fact;
    expect(latest).toMatchObject({ memory: dated("Alice's apartment number is 9876"), version: 2, documentIds: [first, second] });
    expect(latest.history).toEqual([expect.objectContaining({ memory: dated("Alice's apartment number is 1234"), version: 1 })]);
    expect(latest.memoryRelations).toEqual({ [latest.history[0].id]: 'updates' });

    // Each document is the source of its own number only.
    const memoriesOfDocument = async (id: string) =>
      (await server.request('GET', `/v3/documents/${id}`)).body.memories.map((m: { memory: string }) => m.memory);
    expect(await memoriesOfDocument(first)).toEqual([dated("Alice's apartment number is 1234")]);
    expect(await memoriesOfDocument(second)).toEqual([dated("Alice's apartment number is 9876")]);
  });

  it('keeps 200 alike notes about different projects as 200 memories, each from its own document', async () => {
    const notes = Array.from({ length: 200 }, (_, n) => projectNote(n + 1));
    expect(new Set(notes).size).toBe(200);
    const batch = await server.request('POST', '/v3/documents/batch', { body: { containerTag: 'projects', documents: notes } });
    expect(batch.body).toMatchObject({ success: 200, failed: 0 });
    await waitFor(
      async () => ((await server.request('GET', '/v3/documents/processing?containerTags=projects')).body.totalCount === 0 ? true : undefined),
      240_000,
      'the 200 project notes to be processed',
    );
    const listed = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['projects'], limit: 1100 } });
    expect(listed.body.results.filter((d: { status: string }) => d.status !== 'done')).toEqual([]);

    const entries = await memoriesOf('projects');
    expect(entries.length).toBeGreaterThanOrEqual(200);
    expect(entries.filter((e) => e.documentIds.length !== 1).map((e) => `${e.memory}: ${e.documentIds.length} documents`)).toEqual([]);
    expect(entries.filter((e) => e.version !== 1).map((e) => e.memory)).toEqual([]);
  }, 300_000);
});
