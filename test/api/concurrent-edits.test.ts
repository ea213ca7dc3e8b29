import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';
import { queryRows } from '../../src/store/sql.js';

const CLIENTS = 10;
/** Clients of the chain test, each retrying until its edit lands (every attempt embeds its text). */
const EDITORS = 6;

/**
 * Edits racing on one memory or one document. PGlite runs one transaction at a time, so these only
 * race for real in the PostgreSQL project.
 */
describe('concurrent edits of one memory or one document', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  });
  afterAll(async () => server?.close());

  async function latestMemoryId(containerTag: string): Promise<string> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [containerTag] } });
    expect(res.body.memoryEntries).toHaveLength(1);
    return res.body.memoryEntries[0].id;
  }

  it('keeps a memory chain linear when many clients edit the latest version at once', async () => {
    const tag = 'race_memory';
    const written = await server.request('POST', '/v4/memories', { body: { containerTag: tag, memories: [{ content: 'Quinn owns 0 bikes' }] } });
    const rootId: string = written.body.memories[0].id;

    // Every client edits the version it last saw until one of its edits lands; all start on version 1.
    const losers: { status: number; body: unknown }[] = [];
    await Promise.all(
      Array.from({ length: EDITORS }, async (_, client) => {
        let id = rootId;
        for (let attempt = 0; attempt < 100; attempt++) {
          const res = await server.request('PATCH', '/v4/memories', { body: { containerTag: tag, id, newContent: `Quinn owns ${client + 1} bikes` } });
          if (res.status === 200) return;
          losers.push(res);
          expectError(res, 409);
          id = await latestMemoryId(tag);
        }
        throw new Error(`client ${client} never got an edit in`);
      }),
    );
    expect(losers.every((res) => res.status === 409)).toBe(true);

    const chain = await queryRows<{ id: string; version: number; parent_memory_id: string | null; is_latest: boolean }>(
      server.app.database.db,
      sql`select id, version, parent_memory_id, is_latest from memories
          where container_tag = ${tag} and coalesce(root_memory_id, id) = ${rootId} order by version, created_at`,
    );
    expect(chain.map((m) => m.version)).toEqual(Array.from({ length: EDITORS + 1 }, (_, i) => i + 1));
    expect(chain.filter((m) => m.is_latest).map((m) => m.id)).toEqual([chain.at(-1)!.id]);
    chain.forEach((m, i) => expect(m.parent_memory_id).toBe(i === 0 ? null : chain[i - 1].id));

    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag] } });
    expect(listed.body.memoryEntries).toHaveLength(1);
    expect(listed.body.memoryEntries[0]).toMatchObject({ id: chain.at(-1)!.id, version: EDITORS + 1 });
    expect(listed.body.memoryEntries[0].history).toHaveLength(EDITORS);
  });

  it('answers every edit of a version another edit already followed 409, never forking it', async () => {
    const tag = 'race_memory_once';
    const written = await server.request('POST', '/v4/memories', { body: { containerTag: tag, memories: [{ content: 'Rowan drinks tea' }] } });
    const id: string = written.body.memories[0].id;
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        server.request('PATCH', '/v4/memories', { body: { containerTag: tag, id, newContent: `Rowan drinks coffee no. ${i}` } }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) expectError(res, 409);
    const rows = await queryRows<{ version: number; is_latest: boolean }>(
      server.app.database.db,
      sql`select version, is_latest from memories where container_tag = ${tag} order by version`,
    );
    expect(rows).toEqual([
      { version: 1, is_latest: false },
      { version: 2, is_latest: true },
    ]);
  });

  it('applies concurrent content changes of one document one after the other', async () => {
    const add = await server.request('POST', '/v3/documents', { body: { content: 'Revision 0 of the plan.', containerTag: 'race_doc', customId: 'plan' } });
    const id: string = add.body.id;
    await waitForDocument(server, id);
    const revisions = Array.from({ length: CLIENTS }, (_, i) => `Revision ${i + 1} of the plan.`);
    const answers = await Promise.all(
      revisions.map((content, i) => server.request('PATCH', i % 2 ? `/v3/documents/${id}` : '/v3/documents/plan', { body: { content } })),
    );
    expect(answers.map((res) => res.status)).toEqual(revisions.map(() => 200));

    const [doc] = await queryRows<{ generation: number; source: string }>(
      server.app.database.db,
      sql`select generation, source from documents where id = ${id}`,
    );
    expect(doc.generation).toBe(CLIENTS + 1);
    const jobs = await queryRows<{ generation: number }>(
      server.app.database.db,
      sql`select generation from jobs where document_id = ${id} order by generation`,
    );
    expect(jobs.map((j) => j.generation)).toEqual(Array.from({ length: CLIENTS + 1 }, (_, i) => i + 1));

    const done = await waitForDocument(server, id);
    expect(done.status).toBe('done');
    expect(revisions).toContain(done.raw);
    expect(done.raw).toBe(doc.source);
    expect(done.content).toContain(done.raw);
  });

  it('gives one memory with both sources when documents stating one fact are processed side by side', async () => {
    const tags = Array.from({ length: 4 }, (_, i) => `race_fact_${i}`);
    const facts = ['Ines keeps bees on the roof.', 'Tomas plays the cello.', 'Priya grows tomatoes.', 'Oskar sails a small dinghy.'];
    // Two documents a tag, all added at once: the worker runs their memory steps side by side.
    const added = await Promise.all(
      tags.flatMap((tag, i) =>
        ['Notes from Monday.', 'Notes from Tuesday.'].map((day) =>
          server.request('POST', '/v3/documents', { body: { content: `${day} ${facts[i]}`, containerTag: tag } }),
        ),
      ),
    );
    for (const res of added) await waitForDocument(server, res.body.id);
    for (const [i, tag] of tags.entries()) {
      const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag] } });
      const stating = listed.body.memoryEntries.filter((m: { memory: string }) => m.memory.includes(facts[i].split(' ')[1]));
      expect(stating, tag).toHaveLength(1);
      expect(stating[0].documentIds.sort(), tag).toEqual([added[2 * i].body.id, added[2 * i + 1].body.id].sort());
    }
  });
});
