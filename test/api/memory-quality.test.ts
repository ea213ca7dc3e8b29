import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUALITY_CASES, type QualityCase } from '../fixtures/memory-quality/cases.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';
import type { MemoryEntry as Entry } from '../helpers/memories.js';

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/**
 * The regression set of test/fixtures/memory-quality: each conversation goes through
 * POST /v4/conversations as a user would send it, then its latest memories, version chains,
 * profile and top search results are checked.
 */
describe('memory quality: the regression conversations', () => {
  let server: TestServer;
  const tagOf = (c: QualityCase) => `quality_${c.name.replace(/[^a-z0-9]+/gi, '_')}`;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    // Cases are independent tags: their sessions go in order, a few cases side by side.
    const queue = [...QUALITY_CASES];
    const lane = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) await ingest(c);
    };
    await Promise.all(Array.from({ length: 4 }, lane));
  }, 900_000);
  afterAll(async () => server?.close());

  async function ingest(c: QualityCase): Promise<void> {
    let conversation = 0;
    let messages: QualityCase['sessions'][number]['turns'] = [];
    for (const session of c.sessions) {
      if (!session.continues) {
        conversation++;
        messages = [];
      }
      messages = [...messages, ...session.turns];
      const res = await server.request('POST', '/v4/conversations', {
        body: { conversationId: `${tagOf(c)}_${conversation}`, containerTag: tagOf(c), messages, documentDate: session.date },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Four cases share the worker: a document may wait for the others' (a loaded machine is slow).
      expect((await waitForDocument(server, res.body.id, undefined, 120_000)).status).toBe('done');
    }
  }

  async function latestOf(tag: string): Promise<Entry[]> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag], limit: 200 } });
    expect(res.status).toBe(200);
    return (res.body.memoryEntries as Entry[]).filter((e) => !e.isForgotten);
  }

  it('has at least 40 conversations', () => {
    expect(QUALITY_CASES.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of QUALITY_CASES) {
    it(c.name, async () => {
      const tag = tagOf(c);
      const { expect: want } = c;
      const entries = await latestOf(tag);
      const texts = entries.map((e) => e.memory);
      for (const part of want.latest ?? [])
        expect(
          texts.some((t) => contains(t, part)),
          `a latest memory with "${part}" in ${JSON.stringify(texts)}`,
        ).toBe(true);
      for (const part of want.absent ?? [])
        expect(
          texts.filter((t) => contains(t, part)),
          `no latest memory with "${part}"`,
        ).toEqual([]);

      if (want.chain) {
        const newest = entries.find((e) => contains(e.memory, want.chain!.newer));
        expect(newest, `a latest memory with "${want.chain.newer}" in ${JSON.stringify(texts)}`).toBeDefined();
        expect(newest!.version).toBeGreaterThan(1);
        expect(
          newest!.history.some((h) => contains(h.memory, want.chain!.older)),
          JSON.stringify(newest!.history),
        ).toBe(true);
      }

      if (want.profileStatic || want.notInProfile) {
        const res = await server.request('POST', '/v4/profile', { body: { containerTag: tag } });
        expect(res.status).toBe(200);
        const { static: lasting, dynamic } = res.body.profile as { static: string[]; dynamic: string[] };
        for (const part of want.profileStatic ?? [])
          expect(
            lasting.some((l) => contains(l, part)),
            `static profile with "${part}": ${JSON.stringify(lasting)}`,
          ).toBe(true);
        for (const part of want.notInProfile ?? []) expect([...lasting, ...dynamic].filter((l) => contains(l, part))).toEqual([]);
      }

      if (want.search) {
        const { q, find, top = 3, mode = 'memories' } = want.search;
        const res = await server.request('POST', '/v4/search', { body: { q, containerTag: tag, searchMode: mode } });
        expect(res.status).toBe(200);
        const found = (res.body.results as { memory?: string; chunk?: string }[]).slice(0, top).map((r) => r.memory ?? r.chunk ?? '');
        expect(
          found.some((t) => contains(t, find)),
          `"${q}" → ${JSON.stringify(found)}`,
        ).toBe(true);
      }

      if (want.forget) {
        const { query, forgets, keeps } = want.forget;
        const preview = await server.request('POST', '/v4/memories/forget-matching', { body: { containerTag: tag, query } });
        expect(preview.status).toBe(200);
        expect(preview.body).toMatchObject({ dryRun: true, forgetBatchId: null });
        const previewed = (preview.body.candidates as { memory: string }[]).map((m) => m.memory);
        expect(
          previewed.some((m) => contains(m, forgets)),
          JSON.stringify(previewed),
        ).toBe(true);
        for (const kept of keeps) expect(previewed.filter((m) => contains(m, kept))).toEqual([]);
        expect((await latestOf(tag)).length).toBe(entries.length);

        const applied = await server.request('POST', '/v4/memories/forget-matching', { body: { containerTag: tag, query, dryRun: false } });
        expect(applied.status).toBe(200);
        expect(applied.body.dryRun).toBe(false);
        const left = (await latestOf(tag)).map((e) => e.memory);
        expect(left.filter((m) => contains(m, forgets))).toEqual([]);
        for (const kept of keeps)
          expect(
            left.some((m) => contains(m, kept)),
            JSON.stringify(left),
          ).toBe(true);
      }
    });
  }
});
