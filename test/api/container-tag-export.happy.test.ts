import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical, expectedAfterImport, exportText, importText, parseLines, seedRichTag } from '../helpers/export.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

describe('container tag export and import: round trip', () => {
  let server: TestServer;
  let exported: string;
  const SOURCE = 'export_src';

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    await seedRichTag(server, SOURCE);
    const res = await exportText(server, SOURCE, { embeddings: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    exported = res.body;
  }, 120_000);
  afterAll(async () => server?.close());

  it('starts with a versioned header and ends with the counts of every record kind', () => {
    const lines = parseLines(exported);
    expect(lines[0]).toMatchObject({ kind: 'header', format: 'engram-export', version: 1, containerTag: SOURCE, embeddings: true });
    expect(typeof lines[0].embeddingModel).toBe('string');
    const end = lines[lines.length - 1];
    expect(end).toMatchObject({ kind: 'end', counts: { spaces: 1, documents: 4, profiles: 1 } });
    expect(end.counts.memories).toBeGreaterThanOrEqual(5);
    const memories = lines.filter((l) => l.kind === 'memory');
    expect(memories.find((m) => m.memory === 'Maya drives a red van')).toMatchObject({ version: 2, isLatest: true });
    expect(memories.find((m) => m.memory === 'Maya drives a blue van')).toMatchObject({ version: 1, isLatest: false });
    expect(memories.find((m) => m.memory === 'Maya has a cat named Pix')).toMatchObject({ isForgotten: true, forgetReason: 'the cat moved out' });
    expect(memories.find((m) => m.memory === 'Maya is a musician')).toMatchObject({ isInference: true });
    expect(memories.filter((m) => !m.isInference).every((m) => Array.isArray(m.embedding))).toBe(true);
    const file = lines.find((l) => l.kind === 'document' && l.file)!;
    expect(Buffer.from(file.file.base64, 'base64').toString()).toBe('name,city\nMaya,Lisbon\n');
    expect(lines.find((l) => l.kind === 'space')).toMatchObject({ entityContext: 'Notes about Maya', profileBuckets: [{ key: 'music' }] });
  });

  it('imports into a fresh tag and exports it again equal apart from the documented ids and timestamps', async () => {
    const res = await importText(server, 'export_copy', exported);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ containerTag: 'export_copy', reembedded: false, counts: parseLines(exported).at(-1)!.counts });
    const again = parseLines((await exportText(server, 'export_copy', { embeddings: true })).body);
    expect(canonical(again)).toEqual(await expectedAfterImport(server, parseLines(exported), 'export_copy'));
  });

  it('answers the same searches on both tags', async () => {
    await importText(server, 'export_search', exported);
    for (const q of ['where does Maya live', 'what instrument', 'van']) {
      const search = async (containerTag: string) => {
        const res = await server.request('POST', '/v4/search', { body: { q, containerTag, threshold: 0, searchMode: 'hybrid' } });
        expect(res.status).toBe(200);
        return res.body.results.map((r: any) => [r.memory ?? r.chunk, r.similarity]);
      };
      const original = await search(SOURCE);
      expect(original.length).toBeGreaterThan(0);
      expect(await search('export_search')).toEqual(original);
    }
  });

  it('changes nothing when the same file is imported again', async () => {
    await importText(server, 'export_twice', exported);
    const first = (await exportText(server, 'export_twice', { embeddings: true })).body;
    const again = await importText(server, 'export_twice', exported);
    expect(again.status).toBe(200);
    expect(canonical(parseLines((await exportText(server, 'export_twice', { embeddings: true })).body))).toEqual(canonical(parseLines(first)));
  });

  it('re-embeds an export without vectors, and the copy is searchable', async () => {
    const plain = (await exportText(server, SOURCE)).body;
    expect(parseLines(plain)[0]).toMatchObject({ embeddings: false, embeddingModel: null });
    const res = await importText(server, 'export_plain', plain);
    expect(res.body.reembedded).toBe(true);
    const search = await server.request('POST', '/v4/search', { body: { q: 'red van', containerTag: 'export_plain', threshold: 0 } });
    expect(search.body.results.length).toBeGreaterThan(0);
  });

  it('accepts a gzip body', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await importText(server, 'export_gzip', gzipSync(exported), { headers: { 'content-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.body.counts.documents).toBe(4);
  });

  it('keeps the conversation turn each memory was said in through an export and an import', async () => {
    const messages = [
      { role: 'user', name: 'Noor', content: 'I adopted a grey kitten named Pebble last week.' },
      { role: 'assistant', content: 'Congratulations! How is Pebble settling in?' },
      { role: 'user', name: 'Noor', content: 'I started a pottery class at the community center.' },
    ];
    const posted = await server.request('POST', '/v4/conversations', {
      body: { conversationId: 'turns-1', containerTag: 'turns_src', messages, documentDate: '2024-03-10' },
    });
    expect((await waitForDocument(server, posted.body.id)).status).toBe('done');
    const turnsOf = (text: string) =>
      Object.fromEntries(
        parseLines(text)
          .filter((l) => l.kind === 'memory')
          .map((m) => [m.memory, m.sources.map((s: { turn: number | null }) => s.turn)]),
      );
    const original = turnsOf((await exportText(server, 'turns_src', { embeddings: true })).body);
    const said = Object.values(original).flat();
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(new Set(said)).toEqual(new Set([0, 2]));
    const res = await importText(server, 'turns_copy', (await exportText(server, 'turns_src', { embeddings: true })).body);
    expect(res.status).toBe(200);
    expect(turnsOf((await exportText(server, 'turns_copy', { embeddings: true })).body)).toEqual(original);
  });
});
