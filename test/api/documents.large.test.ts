import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

const PEOPLE = ['Ana', 'Bruno', 'Chloe', 'Dmitri', 'Esra', 'Farid', 'Grace', 'Hiro'];
const PLACES = ['Lisbon', 'Oslo', 'Nairobi', 'Quito', 'Hanoi', 'Tallinn', 'Perth', 'Accra'];
const THINGS = ['pottery', 'sailing', 'chess', 'beekeeping', 'cycling', 'origami', 'fencing', 'baking'];

/** A markdown handbook of `sections` distinct sections, about 160 bytes each. */
function handbook(sections: number): string {
  const parts = ['# Team handbook'];
  for (let i = 0; i < sections; i++) {
    const who = PEOPLE[i % PEOPLE.length];
    const where = PLACES[Math.floor(i / PEOPLE.length) % PLACES.length];
    const what = THINGS[Math.floor(i / (PEOPLE.length * PLACES.length)) % THINGS.length];
    parts.push(
      `## Note ${i + 1}`,
      `${who} moved to ${where} in spring and now leads the ${what} club of office ${i + 1}. ` +
        `The club meets on Thursdays; newcomers ask ${who} for the room code ${1000 + i}.`,
    );
  }
  return parts.join('\n\n');
}

describe('large documents', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('ingests a document far over 64 KiB end to end, and the queue behind it keeps moving', async () => {
    const content = handbook(700);
    expect(Buffer.byteLength(content)).toBeGreaterThan(100 * 1024);
    const big = await server.request('POST', '/v3/documents', { body: { content, containerTag: 'large_docs' } });
    expect(big.status).toBe(200);
    const small = await server.request('POST', '/v3/documents', { body: { content: 'A short note posted after the handbook.', containerTag: 'large_docs' } });
    expect(small.status).toBe(200);

    const done = await waitFor(
      async () => {
        const res = await server.request('GET', `/v3/documents/${big.body.id}`);
        return res.body.status === 'done' || res.body.status === 'failed' ? res.body : undefined;
      },
      180_000,
      'the large document to finish',
    );
    expect(done.status).toBe('done');
    expect(done.content).toBe(content);
    expect((await waitForDocument(server, small.body.id)).status).toBe('done');

    const chunks = await server.request('GET', `/v3/documents/${big.body.id}/chunks`);
    expect(chunks.status).toBe(200);
    const list = chunks.body.chunks as { content: string; position: number }[];
    expect(list.length).toBeGreaterThan(20);
    expect(list.map((c) => c.position)).toEqual(list.map((_, i) => i));
    // Every section made it into some chunk, the last one included.
    const joined = list.map((c) => c.content).join('\n');
    for (const code of [1000, 1350, 1699]) expect(joined).toContain(`room code ${code}`);

    const search = await server.request('POST', '/v3/search', { body: { q: 'room code 1699', containerTag: 'large_docs', limit: 5 } });
    expect(search.status).toBe(200);
    expect(search.body.results[0].documentId).toBe(big.body.id);
    expect(search.body.results[0].chunks.some((c: { content: string }) => c.content.includes('room code 1699'))).toBe(true);

    const memories = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['large_docs'], limit: 1000 } });
    expect(memories.status).toBe(200);
    expect(memories.body.memoryEntries.length).toBeGreaterThan(100);
  }, 240_000);
});
