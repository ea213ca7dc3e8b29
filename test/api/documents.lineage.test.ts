import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDocument,
  DOCUMENT_DATE,
  editDocument,
  expectCountsAgree,
  liveMemoriesOf,
  memoriesOf,
  memoryWith,
  profileOf,
  searchedMemories,
} from '../helpers/lineage.js';
import { selectRows } from '../helpers/seed-memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

/**
 * Lineage through routes/documents.ts: an edited document's memories say what it says now, and a
 * deleted document's memories go with it unless something else still supports them.
 */
describe('documents: memories stay true to the documents they were drawn from', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  /** The statement extraction draws from `content`, as it is worded (learned in a scratch tag). */
  async function statementOf(content: string): Promise<string> {
    const tag = `scratch_${Math.random().toString(36).slice(2, 8)}`;
    await addDocument(server, { content, containerTag: tag });
    const [memory] = await memoriesOf(server, tag);
    return memory.memory;
  }

  it('an edit through PATCH supersedes the fact it changed: a new version that updates it, the old one kept as history', async () => {
    const tag = 'lineage_patch';
    const id = await addDocument(server, { content: 'Maria is training for the Lisbon marathon in April 2027.', containerTag: tag });
    const lisbon = await memoryWith(server, tag, 'Lisbon');

    await editDocument(server, id, 'Maria is training for the Porto marathon in May 2027.');
    const entries = await memoriesOf(server, tag);
    expect(entries).toHaveLength(1);
    const [porto] = entries;
    expect(porto.memory).toContain('Porto marathon in May 2027');
    expect(porto).toMatchObject({ version: 2, isLatest: true, isForgotten: false, parentMemoryId: lisbon.id, rootMemoryId: lisbon.id, documentIds: [id] });
    expect(porto.memoryRelations).toEqual({ [lisbon.id]: 'updates' });
    expect(porto.history).toEqual([expect.objectContaining({ id: lisbon.id, version: 1, memory: lisbon.memory })]);

    const profile = await profileOf(server, tag);
    expect(profile.dynamic.join(' ')).toContain('Porto');
    expect([...profile.static, ...profile.dynamic].join(' ')).not.toContain('Lisbon');
    const found = await searchedMemories(server, tag, 'Which marathon is Maria training for?');
    expect(found[0]).toContain('Porto');
    expect(found.join(' ')).not.toContain('Lisbon');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 1, memories: 1 });
  });

  it('a re-add with the same customId: a restated fact stays as it is, a dropped one is forgotten with the reason, a shared one keeps its other source', async () => {
    const tag = 'lineage_readd';
    const other = await addDocument(server, { content: 'Tomas keeps bees in his garden.', containerTag: tag });
    const note = await addDocument(server, {
      content: 'Tomas works at Globex. Tomas keeps bees in his garden. Tomas collects vintage maps.',
      containerTag: tag,
      customId: 'tomas-note',
    });
    const globex = await memoryWith(server, tag, 'Globex');
    const bees = await memoryWith(server, tag, 'bees');
    expect(bees).toMatchObject({ sourceCount: 2, documentIds: [other, note] });

    const res = await server.request('POST', '/v3/documents', {
      body: { content: 'Tomas works at Globex.', containerTag: tag, customId: 'tomas-note', documentDate: DOCUMENT_DATE },
    });
    expect(res.body.id).toBe(note);
    await waitForDocument(server, note);

    const entries = await memoriesOf(server, tag);
    expect(entries).toHaveLength(3);
    expect(entries.find((m) => m.id === globex.id)).toMatchObject({ version: 1, isLatest: true, isForgotten: false, sourceCount: 1, documentIds: [note] });
    expect(entries.find((m) => m.id === bees.id)).toMatchObject({ isForgotten: false, sourceCount: 1, documentIds: [other] });
    const maps = entries.find((m) => m.memory.includes('maps'))!;
    expect(maps).toMatchObject({ isForgotten: true, forgetReason: 'no longer stated by its source document', documentIds: [note] });

    const profile = await profileOf(server, tag);
    expect([...profile.static, ...profile.dynamic].join(' ')).not.toContain('maps');
    expect((await searchedMemories(server, tag, 'What does Tomas collect?')).join(' ')).not.toContain('maps');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 2, memories: 2 });
  });

  it('deleting a document deletes the memories drawn only from it; one another document or a direct write supports stays', async () => {
    const tag = 'lineage_delete';
    const tractor = await statementOf('Omar drives a red tractor.');
    const written = await server.request('POST', '/v4/memories', { body: { containerTag: tag, memories: [{ content: tractor }] } });
    expect(written.status).toBe(201);
    const other = await addDocument(server, { content: 'Omar grows barley on the hill farm.', containerTag: tag });
    const doomed = await addDocument(server, {
      content: 'Omar drives a red tractor. Omar grows barley on the hill farm. Omar collects old coins.',
      containerTag: tag,
    });
    expect(await memoryWith(server, tag, 'tractor')).toMatchObject({ sourceCount: 2, documentIds: [written.body.documentId, doomed] });
    expect(await memoryWith(server, tag, 'coins')).toMatchObject({ documentIds: [doomed] });
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 3, memories: 3 });

    expect((await server.request('DELETE', `/v3/documents/${doomed}`)).status).toBe(204);
    const entries = await memoriesOf(server, tag);
    expect(entries.map((m) => m.memory).join(' ')).not.toContain('coins');
    expect(entries).toHaveLength(2);
    expect(entries.find((m) => m.memory.includes('tractor'))).toMatchObject({ sourceCount: 1, documentIds: [written.body.documentId] });
    expect(entries.find((m) => m.memory.includes('barley'))).toMatchObject({ sourceCount: 1, documentIds: [other] });
    expect((await searchedMemories(server, tag, 'What does Omar collect?')).join(' ')).not.toContain('coins');
    expect((await profileOf(server, tag)).dynamic.join(' ')).not.toContain('coins');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 2, memories: 2 });
  });

  it('when the document that updated a fact goes, the version it replaced is the latest again', async () => {
    const tag = 'lineage_restore';
    await addDocument(server, { content: 'Lena lives in Lisbon.', containerTag: tag });
    const lisbon = await memoryWith(server, tag, 'Lisbon');
    const mover = await addDocument(server, { content: 'Lena lives in Porto.', containerTag: tag });
    expect(await memoriesOf(server, tag)).toEqual([
      expect.objectContaining({ version: 2, parentMemoryId: lisbon.id, documentIds: expect.arrayContaining([mover]) }),
    ]);

    expect((await server.request('DELETE', `/v3/documents/${mover}`)).status).toBe(204);
    const entries = await memoriesOf(server, tag);
    expect(entries).toEqual([expect.objectContaining({ id: lisbon.id, version: 1, isLatest: true, isForgotten: false, history: [] })]);
    const profile = await profileOf(server, tag);
    expect(profile.static.join(' ')).toContain('Lisbon');
    expect([...profile.static, ...profile.dynamic].join(' ')).not.toContain('Porto');
    expect((await searchedMemories(server, tag, 'Where does Lena live?'))[0]).toContain('Lisbon');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 1, memories: 1 });
  });

  it("when the document of a fact's first version goes, the version that updated it stands on its own", async () => {
    const tag = 'lineage_reroot';
    const first = await addDocument(server, { content: 'Sven lives in Malmo.', containerTag: tag });
    const update = await addDocument(server, { content: 'Sven lives in Lund.', containerTag: tag });
    const lund = await memoryWith(server, tag, 'Lund');
    expect(lund).toMatchObject({ version: 2, parentMemoryId: expect.any(String) });

    expect((await server.request('DELETE', `/v3/documents/${first}`)).status).toBe(204);
    expect(await memoriesOf(server, tag)).toEqual([
      expect.objectContaining({ id: lund.id, version: 2, isLatest: true, parentMemoryId: null, rootMemoryId: null, history: [], documentIds: [update] }),
    ]);
    // No version names a parent or root that is gone.
    const dangling = await selectRows(
      server,
      sql`select m.id from memories m where m.container_tag = ${tag} and (
            (m.parent_memory_id is not null and not exists (select 1 from memories p where p.id = m.parent_memory_id))
            or (m.root_memory_id is not null and not exists (select 1 from memories r where r.id = m.root_memory_id)))`,
    );
    expect(dangling).toEqual([]);
    expect((await profileOf(server, tag)).static.join(' ')).toContain('Lund');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 1, memories: 1 });
  });

  it('an inference goes with the memories it was drawn from', async () => {
    const tag = 'lineage_inference';
    const id = await addDocument(server, { content: 'Priya went hiking in the Alps. Priya went hiking in Patagonia last spring.', containerTag: tag });
    const inference = await memoryWith(server, tag, 'lasting interest in hiking');
    expect(inference.isInference).toBe(true);

    expect((await server.request('DELETE', `/v3/documents/${id}`)).status).toBe(204);
    expect(await memoriesOf(server, tag)).toEqual([]);
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 0, memories: 0 });
  });

  it('a bulk delete by ids or by container tags settles the memories the same way', async () => {
    const byIds = 'lineage_bulk_ids';
    const first = await addDocument(server, { content: 'Ines plays the violin. Ines bakes sourdough bread.', containerTag: byIds });
    const second = await addDocument(server, { content: 'Ines restores old bicycles.', containerTag: byIds });
    const keeper = await addDocument(server, { content: 'Ines bakes sourdough bread.', containerTag: byIds });
    const bulk = await server.request('DELETE', '/v3/documents/bulk', { body: { ids: [first, second] } });
    expect(bulk.body.deletedCount).toBe(2);
    const left = await memoriesOf(server, byIds);
    expect(left).toEqual([expect.objectContaining({ sourceCount: 1, documentIds: [keeper] })]);
    expect(left[0].memory).toContain('sourdough');
    expect(await expectCountsAgree(server, byIds)).toEqual({ documents: 1, memories: 1 });

    const byTags = 'lineage_bulk_tags';
    const bystander = 'lineage_bulk_bystander';
    await addDocument(server, { content: 'Jonas repairs fishing nets.', containerTag: byTags });
    await addDocument(server, { content: 'Jonas sails a small yawl.', containerTag: byTags });
    await addDocument(server, { content: 'Jonas repairs fishing nets.', containerTag: bystander });
    const tagged = await server.request('DELETE', '/v3/documents/bulk', { body: { containerTags: [byTags] } });
    expect(tagged.body.deletedCount).toBe(2);
    expect(await memoriesOf(server, byTags)).toEqual([]);
    expect(await liveMemoriesOf(server, bystander)).toHaveLength(1);
    expect(await expectCountsAgree(server, byTags)).toEqual({ documents: 0, memories: 0 });
    expect(await expectCountsAgree(server, bystander)).toEqual({ documents: 1, memories: 1 });
  });
});
