import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocument, editDocument, expectCountsAgree, memoriesOf, memoryWith, profileOf, searchedMemories, type Entry } from '../helpers/lineage.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * PATCH /v3/documents/{id} with another containerTag: the document's memories move with it, so the
 * old tag's keys find none of them and the new tag's keys find them all.
 */
describe('documents: a document moved to another container tag takes its memories along', () => {
  let server: TestServer;
  const FROM = 'move_from_4c1e';
  const TO = 'move_to_b83a';
  let fromKey: string;
  let toKey: string;

  beforeAll(async () => {
    server = await startTestServer();
    fromKey = await server.createKey({ containerTags: [FROM], permission: 'read', name: 'old tag reader' });
    toKey = await server.createKey({ containerTags: [TO], permission: 'read', name: 'new tag reader' });
  });
  afterAll(async () => server?.close());

  const texts = (entries: Entry[]) => entries.map((m) => m.memory).join(' | ');

  it('moves the chains only it supports, copies what it shares, and leaves the old tag nothing of it', async () => {
    const staying = await addDocument(server, { content: 'Ada speaks fluent Finnish. Ada keeps a rowing boat.', containerTag: FROM });
    const resident = await addDocument(server, { content: 'Ada keeps a rowing boat.', containerTag: TO });
    const moving = await addDocument(server, { content: 'Ada lives in Oulu. Ada speaks fluent Finnish. Ada keeps a rowing boat.', containerTag: FROM });
    await editDocument(server, moving, 'Ada lives in Tampere. Ada speaks fluent Finnish. Ada keeps a rowing boat.');
    const tampere = await memoryWith(server, FROM, 'Tampere');
    expect(tampere).toMatchObject({ version: 2, documentIds: [moving] });
    const finnish = await memoryWith(server, FROM, 'Finnish');
    const boat = await memoryWith(server, FROM, 'boat');
    expect(finnish.documentIds.sort()).toEqual([moving, staying].sort());
    const residentBoat = await memoryWith(server, TO, 'boat');

    const res = await server.request('PATCH', `/v3/documents/${moving}`, { body: { containerTag: TO } });
    expect(res.status).toBe(200);

    // The old tag: what another document supports stays, without the moved one's link; nothing else of it.
    const left = await memoriesOf(server, FROM, fromKey);
    expect(left.map((m) => m.id).sort()).toEqual([finnish.id, boat.id].sort());
    for (const m of left) expect(m).toMatchObject({ isLatest: true, isForgotten: false, sourceCount: 1, documentIds: [staying] });
    expect(texts(left)).not.toMatch(/Tampere|Oulu/);
    expect((await searchedMemories(server, FROM, 'Where does Ada live?', fromKey)).join(' ')).not.toMatch(/Tampere|Oulu/);
    expect((await server.request('GET', `/v3/documents/${moving}`, { key: fromKey })).status).toBe(404);
    expect([...(await profileOf(server, FROM)).static].join(' ')).not.toContain('Tampere');

    // The new tag: the chain with its history, a copy of the shared statement, and the statement it already held gains the source.
    const arrived = await memoriesOf(server, TO, toKey);
    expect(arrived).toHaveLength(3);
    const movedChain = arrived.find((m) => m.id === tampere.id)!;
    expect(movedChain).toMatchObject({ containerTag: TO, version: 2, isLatest: true, documentIds: [moving] });
    expect(movedChain.history.map((h) => h.memory).join(' ')).toContain('Oulu');
    const copy = arrived.find((m) => m.memory === finnish.memory)!;
    expect(copy.id).not.toBe(finnish.id);
    expect(copy).toMatchObject({ version: 1, isLatest: true, sourceCount: 1, documentIds: [moving] });
    expect(arrived.find((m) => m.id === residentBoat.id)).toMatchObject({ sourceCount: 2, documentIds: [resident, moving] });
    expect((await searchedMemories(server, TO, 'Where does Ada live?', toKey))[0]).toContain('Tampere');
    expect((await profileOf(server, TO)).static.join(' ')).toContain('Tampere');

    expect(await expectCountsAgree(server, FROM)).toEqual({ documents: 1, memories: 2 });
    expect(await expectCountsAgree(server, TO)).toEqual({ documents: 2, memories: 3 });

    // Deleted in its new tag, the moved document takes what only it supports there, and nothing in the old tag.
    expect((await server.request('DELETE', `/v3/documents/${moving}`)).status).toBe(204);
    expect((await memoriesOf(server, TO)).map((m) => m.id)).toEqual([residentBoat.id]);
    expect((await memoriesOf(server, FROM)).map((m) => m.id).sort()).toEqual([finnish.id, boat.id].sort());
    expect(await expectCountsAgree(server, TO)).toEqual({ documents: 1, memories: 1 });
  });
});
