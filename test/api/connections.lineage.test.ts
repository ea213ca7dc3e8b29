import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeMeetings } from '../fakes/meetings/index.js';
import { waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { addDocument, expectCountsAgree, liveMemoriesOf, memoriesOf, searchedMemories } from '../helpers/lineage.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Lineage through routes/connections.ts and a connector's sync: documents a connection imported
 * take the memories drawn only from them when the connection is deleted with its documents, or
 * when the sync finds their item deleted at the source.
 */
describe('connections: imported documents take their memories along when they go', () => {
  let meetings: FakeMeetings;
  let server: TestServer;

  beforeAll(async () => {
    meetings = await FakeMeetings.start();
    server = await startTestServer({ MEETINGS_API_URL: meetings.apiUrl, SYNC_PROVIDER_WAIT_MS: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await meetings?.close();
  });
  beforeEach(() => meetings.notes.clear());

  async function connect(tag: string): Promise<string> {
    const created = await server.request('POST', '/v3/connections/meetings', { body: { containerTag: tag, metadata: { apiKey: meetings.apiKey() } } });
    expect(created.status).toBe(200);
    return created.body.id;
  }

  const texts = async (tag: string) => (await memoriesOf(server, tag)).map((m) => m.memory).join(' | ');

  it('a connection deleted with its documents deletes the memories drawn only from them', async () => {
    const tag = 'conn_lineage_delete';
    const plain = await addDocument(server, { content: 'Noor sings in a choir.', containerTag: tag });
    meetings.addMeeting({ title: 'Apiary visit', summaryMarkdown: 'Noor keeps bees on the roof. Noor sings in a choir.' });
    const id = await connect(tag);
    const [imported] = await waitForSourceDocuments(server, 'meetings', tag, 1);
    // The meeting restates (or, dated otherwise, updates) what the plain document says: one chain, both sources.
    const choir = (await liveMemoriesOf(server, tag)).filter((m) => m.memory.includes('choir'));
    expect(choir).toHaveLength(1);
    expect(choir[0].documentIds.sort()).toEqual([plain, imported.id].sort());
    expect(await texts(tag)).toContain('bees');

    expect((await server.request('DELETE', `/v3/connections/${id}`)).status).toBe(200);
    const left = await memoriesOf(server, tag);
    expect(left.map((m) => m.memory).join(' | ')).not.toContain('bees');
    expect(left.filter((m) => m.memory.includes('choir'))).toEqual([
      expect.objectContaining({ isLatest: true, isForgotten: false, sourceCount: 1, documentIds: [plain] }),
    ]);
    expect(left.every((m) => m.documentIds.every((d) => d === plain))).toBe(true);
    expect((await searchedMemories(server, tag, 'Who keeps bees?')).join(' ')).not.toContain('bees');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 1, memories: left.length });
  });

  it('a sync that finds an item deleted at the source deletes the memories drawn only from its document', async () => {
    const tag = 'conn_lineage_sync';
    const kiln = meetings.addMeeting({ title: 'Pottery club', summaryMarkdown: 'Otto fires a wood kiln. Otto grows chillies.' });
    meetings.addMeeting({ title: 'Garden club', summaryMarkdown: 'Otto grows chillies.' });
    const id = await connect(tag);
    const docs = await waitForSourceDocuments(server, 'meetings', tag, 2);
    const garden = docs.find((d) => d.title === 'Garden club')!;
    const chillies = (await liveMemoriesOf(server, tag)).find((m) => m.memory.includes('chillies'))!;
    expect(chillies.documentIds).toHaveLength(2);
    expect(await texts(tag)).toContain('kiln');

    meetings.deleteMeeting(kiln);
    expect((await server.request('POST', '/v3/connections/meetings/import', { body: { containerTags: [tag] } })).status).toBe(202);
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', itemsDeleted: 1 });

    const left = await memoriesOf(server, tag);
    expect(left.map((m) => m.memory).join(' | ')).not.toContain('kiln');
    expect(left.find((m) => m.id === chillies.id)).toMatchObject({ isLatest: true, sourceCount: 1, documentIds: [garden.id] });
    expect((await server.request('POST', '/v4/profile', { body: { containerTag: tag } })).body.profile.dynamic.join(' ')).not.toContain('kiln');
    expect(await expectCountsAgree(server, tag)).toEqual({ documents: 1, memories: left.length });
  });
});
