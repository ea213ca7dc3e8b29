import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';
import type { MemoryEntry as Entry } from '../helpers/memories.js';

const PEOPLE = [
  'Dana Whitfield',
  'Omar Haddad',
  'Lena Berg',
  'Ravi Patel',
  'Chloe Martin',
  'Diego Rossi',
  'Hana Kim',
  'Ivan Petrov',
  'Nora Smith',
  'Tariq Lopez',
  'Elena Tanaka',
  'Kofi Mensah',
  'Ines Duarte',
];
const PLANS = ['the spring release', 'the hiring budget'];
const ROLES = ['Owner', 'Lead', 'Contact', 'Reviewer'];

interface Note {
  /** The thing the note is about, as its search would name it. */
  thing: string;
  person: string;
  text: string;
}

/**
 * Alike notes about different numbered things, each with the person it names: the note numbers
 * repeat, so two notes differ only in which project, room or version they are about.
 */
function notes(): Note[] {
  const projects = [100, 196, 204, 311, 342, 418, 530, 677].map((p, i): Note => {
    const person = PEOPLE[i];
    const plan = PLANS[i % PLANS.length];
    const role = ROLES[i % ROLES.length];
    const text = [
      `Notes number 3 about project ${p}, covering plans for ${plan}.\n${role}: ${person}\n`,
      `Notes number 3 about project ${p} cover plans for ${plan}. ${role}: ${person}.`,
      `# Notes number 3 about project ${p}\n\nCovering plans for ${plan}.\n\n${role}: ${person}`,
    ][i % 3];
    return { thing: `project ${p}`, person, text };
  });
  const rooms = [4, 12, 27].map((r, i): Note => {
    const person = PEOPLE[8 + i];
    return { thing: `Room ${r}`, person, text: `Room ${r} is booked for the quarterly planning session. ${person} organises the session.` };
  });
  const versions = ['2.1', '3.0'].map((v, i): Note => {
    const person = PEOPLE[11 + i];
    return { thing: `version ${v}`, person, text: `The release notes of version ${v} cover the new sync engine. Author: ${person}.` };
  });
  return [...projects, ...rooms, ...versions];
}

describe('memories: facts about different things are never versions of one another', () => {
  let server: TestServer;
  const tag = 'numbered-things';
  const all = notes();
  const documents = new Map<Note, string>();

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    // One at a time: each note is resolved against the ones stored before it.
    for (const note of all) {
      const res = await server.request('POST', '/v3/documents', { body: { content: note.text, containerTag: tag } });
      expect(res.status).toBeLessThan(300);
      documents.set(note, res.body.id);
      await waitFor(
        async () => {
          const doc = await server.request('GET', `/v3/documents/${res.body.id}`);
          return doc.body.status === 'done' || doc.body.status === 'failed' ? doc.body : undefined;
        },
        60_000,
        `the note about ${note.thing} to be processed`,
      );
    }
  }, 240_000);
  afterAll(async () => server?.close());

  async function memories(): Promise<Entry[]> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag], limit: 1000 } });
    expect(res.status).toBe(200);
    return res.body.memoryEntries;
  }

  const naming = (text: string, thing: string) => new RegExp(`\\b${thing.replace('.', '\\.')}\\b`, 'i').test(text);

  it('keeps each thing’s fact a live memory of its own, drawn from its own document only', async () => {
    const entries = await memories();
    for (const note of all) {
      const own = entries.filter((e) => naming(e.memory, note.thing));
      expect(own.length, `a memory about ${note.thing}`).toBeGreaterThan(0);
      for (const entry of own) {
        expect(entry, `${entry.memory}`).toMatchObject({ isLatest: true, isForgotten: false, version: 1, documentIds: [documents.get(note)] });
        expect(entry.history).toEqual([]);
      }
    }
  });

  it('finds each thing’s fact by searching for the thing at the default threshold', async () => {
    for (const note of all) {
      const res = await server.request('POST', '/v4/search', { body: { q: `What are the plans for ${note.thing}?`, containerTag: tag } });
      expect(res.status).toBe(200);
      const texts: string[] = res.body.results.map((r: { memory: string }) => r.memory);
      expect(
        texts.some((t) => naming(t, note.thing)),
        `${note.thing} in ${JSON.stringify(texts)}`,
      ).toBe(true);
    }
  });

  it('remembers the person each note names, with what the note says of them', async () => {
    const entries = await memories();
    for (const note of all) {
      const about = entries.filter((e) => e.memory.includes(note.person) && !/^\w+:/.test(e.memory));
      expect(
        about.map((e) => e.memory),
        `a fact about ${note.person}`,
      ).not.toEqual([]);
      expect(about.every((e) => e.isLatest && !e.isForgotten && e.documentIds.includes(documents.get(note)!))).toBe(true);
    }
  });
});

describe('memories: a word that opens a sentence is never a person', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('infers what Dana keeps doing of Dana, never of "In", "Yesterday" or "Last"', async () => {
    const text = 'In 2019 Dana ran the Berlin marathon. Last spring Dana ran the Paris marathon. Yesterday Dana ran a trail race in the Alps.';
    const res = await server.request('POST', '/v3/documents', { body: { content: text, containerTag: 'dana' } });
    await waitFor(
      async () => ((await server.request('GET', `/v3/documents/${res.body.id}`)).body.status === 'done' ? true : undefined),
      60_000,
      'the note about Dana to be processed',
    );
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['dana'], limit: 100 } });
    const memories: string[] = list.body.memoryEntries.map((e: { memory: string }) => e.memory);
    expect(memories).toContain('Dana has a lasting interest in running');
    expect(memories.filter((m) => /^(?:In|Last|Yesterday|On|After|Since|During|Then) (?:has|is|was)\b/.test(m))).toEqual([]);
  });
});
