import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sheetToXlsx, slidesToPptx } from '../fakes/google/office.js';
import { FakeGraph } from '../fakes/graph/index.js';
import { connectKind, expectDeferredThenRelease, startGraphServer, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let graph: FakeGraph;
let server: TestServer;

beforeAll(async () => {
  graph = await FakeGraph.start();
  server = await startGraphServer(graph);
});

afterAll(async () => {
  await server?.close();
  await graph?.close();
});

/** Every test starts from an empty drive (the fake has one user, whose drive each connection reads whole). */
beforeEach(() => {
  const { drive } = graph;
  for (const item of [...drive.items.values()]) if (item.parentId === drive.root.id && !item.deleted) drive.delete(drive.pathOf(item));
});

const contentOf = async (doc: { id: string }) => (await server.request('GET', `/v3/documents/${doc.id}`)).body.content as string;
const importNow = async (tag: string) =>
  expect((await server.request('POST', '/v3/connections/office-drive/import', { body: { containerTags: [tag] } })).status).toBe(202);
const deltaReads = () => graph.requests.filter((r) => r.route === 'GET /me/drive/root/delta');

describe('office drive sync over HTTP', () => {
  it('converts office files, then follows an edit and deletions from the deltaLink', async () => {
    const d = graph.drive;
    d.writeFile('/Docs/plan.md', '# Plan\n\nShip it.\n', 'text/markdown');
    d.writeFile('/Docs/notes.txt', 'Meet on Monday.\n', 'text/plain');
    d.writeFile(
      '/Reports/budget.xlsx',
      sheetToXlsx({
        Q1: [
          ['Item', 'Cost'],
          ['Standing desks', 870],
        ],
      }),
    );
    d.writeFile('/Decks/kickoff.pptx', await slidesToPptx([{ title: 'Welcome aboard', body: 'Quarterly goals: fewer meetings' }]));
    d.writeFile('/Pictures/logo.png', Buffer.from('not imported'), 'image/png');

    const id = await connectKind(server, 'office-drive', 'od_sync');
    const docs = await waitForSourceDocuments(server, 'office-drive', 'od_sync', 4);
    expect(docs.every((doc: any) => doc.status === 'done' && doc.connectionId === id)).toBe(true);
    const byPath = new Map(docs.map((doc: any) => [doc.filepath, doc]));
    expect([...byPath.keys()].sort()).toEqual(['/Decks/kickoff.pptx', '/Docs/notes.txt', '/Docs/plan.md', '/Reports/budget.xlsx']);
    const budget = await contentOf(byPath.get('/Reports/budget.xlsx'));
    expect(budget).toContain('Standing desks');
    expect(budget).toContain('870');
    const kickoff = await contentOf(byPath.get('/Decks/kickoff.pptx'));
    expect(kickoff).toContain('Welcome aboard');
    expect(kickoff).toContain('Quarterly goals: fewer meetings');
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed', itemsProcessed: 4 });

    // An edit, a deleted file and a deleted folder; the next run starts from the stored deltaLink.
    d.writeFile('/Docs/plan.md', '# Plan\n\nShip it on Friday.\n');
    d.delete('/Docs/notes.txt');
    d.delete('/Decks');
    const reads = deltaReads().length;
    await importNow('od_sync');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 1, itemsDeleted: 2 });
    const incremental = deltaReads().slice(reads);
    expect(incremental.length).toBeGreaterThan(0);
    expect(incremental.every((r) => r.query.get('token') !== null)).toBe(true);
    const after = await waitForSourceDocuments(server, 'office-drive', 'od_sync', 2);
    expect(after.map((doc: any) => doc.filepath).sort()).toEqual(['/Docs/plan.md', '/Reports/budget.xlsx']);
    await waitFor(async () => ((await contentOf(after.find((doc: any) => doc.filepath === '/Docs/plan.md'))).includes('on Friday') ? true : undefined));
  });

  it('downloads no file whose cTag is the one held: a rename, and a resync that enumerates the drive again, download nothing', async () => {
    const d = graph.drive;
    d.writeFile('/Versions/minutes.md', '# Minutes\n\nMet on Monday.\n', 'text/markdown');
    d.writeFile('/Versions/agenda.md', '# Agenda\n\nTomatoes.\n', 'text/markdown');
    const id = await connectKind(server, 'office-drive', 'od_versions');
    await waitForSourceDocuments(server, 'office-drive', 'od_versions', 2);
    await waitForRuns(server, id, 1);

    d.move('/Versions/agenda.md', '/Versions/agenda-2026.md');
    const downloads = graph.downloads.length;
    await importNow('od_versions');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 0, itemsDeleted: 0 });
    // Graph asks for a resync: the whole drive is enumerated again, and what is held stays.
    d.epoch++;
    await importNow('od_versions');
    expect((await waitForRuns(server, id, 3))[0]).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 0, itemsDeleted: 0 });
    expect(graph.downloads.length).toBe(downloads);
    expect(await waitForSourceDocuments(server, 'office-drive', 'od_versions', 2)).toHaveLength(2);

    d.writeFile('/Versions/minutes.md', '# Minutes\n\nMet on Tuesday.\n');
    await importNow('od_versions');
    expect((await waitForRuns(server, id, 4))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1 });
    expect(graph.downloads.slice(downloads)).toEqual([d.item('/Versions/minutes.md')!.id]);
  });

  it('refreshes a lapsed access token and keeps the refresh token each refresh hands out', async () => {
    graph.drive.writeFile('/tokens.md', '# Tokens\n\nThey expire.\n');
    const id = await connectKind(server, 'office-drive', 'od_tokens');
    await waitFor(async () => (graph.subscriptions.live().length > 0 ? true : undefined));
    await waitForRuns(server, id, 1);

    // Each refresh token works once from now on: a second refresh succeeds only with the one the first handed out.
    graph.identity.singleUseRefreshTokens = true;
    try {
      for (const runs of [2, 3]) {
        const before = graph.identity.refreshes;
        graph.clock.advance(2 * 3600);
        await importNow('od_tokens');
        expect((await waitForRuns(server, id, runs))[0]).toMatchObject({ status: 'completed', errorCode: null });
        expect(graph.identity.refreshes).toBe(before + 1);
      }
    } finally {
      graph.identity.singleUseRefreshTokens = false;
    }
    expect((await server.request('GET', `/v3/connections/${id}`)).body.status).toBe('active');
  });

  it('imports no more than the documentLimit', async () => {
    for (const name of ['one', 'two', 'three']) graph.drive.writeFile(`/Limit/${name}.md`, `# ${name}\n\nText.\n`);
    const id = await connectKind(server, 'office-drive', 'od_limited', { documentLimit: 2 });
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed' });
    expect(await waitForSourceDocuments(server, 'office-drive', 'od_limited', 2)).toHaveLength(2);
  });

  it("imports only the chosen extensions and what the organization's exclude list lets through", async () => {
    const key = await server.createKey({ orgName: 'od-filters', role: 'admin' });
    expect((await server.request('PATCH', '/v3/settings', { key, body: { excludeItems: { folderNames: ['Private'] } } })).status).toBe(200);
    graph.drive.writeFile('/Shared/plan.md', '# Plan\n\nKept.\n');
    graph.drive.writeFile('/Shared/notes.txt', 'Not a chosen extension.\n');
    graph.drive.writeFile('/Private/secret.md', '# Secret\n\nExcluded by folder.\n');

    const id = await connectKind(server, 'office-drive', 'od_filtered', { metadata: { extensions: ['md'] } }, key);
    expect((await waitForRuns(server, id, 1, key))[0]).toMatchObject({ status: 'completed' });
    const listed = await waitFor(async () => {
      const res = await server.request('POST', '/v3/documents/list', { key, body: { containerTags: ['od_filtered'], limit: 10 } });
      return res.body.memories?.length && res.body.memories.every((doc: any) => doc.status === 'done') ? res.body.memories : undefined;
    });
    expect(listed.map((doc: any) => doc.filepath)).toEqual(['/Shared/plan.md']);
    expect((await server.request('GET', `/v3/connections/${id}`, { key })).body.metadata).toMatchObject({ extensions: ['md'] });
  });

  it('waits out a short Retry-After in the run, and defers the sync past a long one without spending an attempt', async () => {
    graph.drive.writeFile('/limited.md', '# Limited\n\nRate.\n');
    graph.throttle({ match: 'GET /me/drive/root/delta', retryAfterSeconds: 2 });
    const quick = await connectKind(server, 'office-drive', 'od_quick_limit');
    expect((await waitForRuns(server, quick, 1))[0]).toMatchObject({ status: 'completed', errorCode: null });
    expect(graph.count('GET /me/drive/root/delta', 429)).toBe(1);

    graph.throttle({ match: 'GET /me/drive/items/{id}/content', retryAfterSeconds: 3600 });
    const id = await connectKind(server, 'office-drive', 'od_long_limit');
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
    await expectDeferredThenRelease(server, id, 3600);
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', errorCode: null });
    await waitForSourceDocuments(server, 'office-drive', 'od_long_limit', 1);
    expect((await syncJobsOf(server, id))[0]).toMatchObject({ attempts: 1, status: 'done' });
  });

  it('deletes a connection keeping its documents or with them, deleting its Graph subscription', async () => {
    graph.drive.writeFile('/kept.md', '# Kept\n\nStays.\n');
    const ids: string[] = [];
    for (const tag of ['od_keep', 'od_drop']) {
      const id = await connectKind(server, 'office-drive', tag);
      await waitForSourceDocuments(server, 'office-drive', tag, 1);
      await waitFor(
        async () =>
          ((await server.app.database.db.execute(sql`select subscription from connections where id = ${id}`)) as any).rows[0]?.subscription ?? undefined,
      );
      ids.push(id);
    }
    const subscriptions = graph.subscriptions.all.size;

    expect((await server.request('DELETE', `/v3/connections/${ids[0]}?deleteDocuments=false`)).status).toBe(200);
    expect((await server.request('GET', `/v3/connections/${ids[0]}`)).status).toBe(404);
    // The cleanup job deletes it, outside the request.
    await waitFor(async () => graph.subscriptions.all.size === subscriptions - 1 || undefined);
    expect(await waitForSourceDocuments(server, 'office-drive', 'od_keep', 1)).toHaveLength(1);

    expect((await server.request('DELETE', `/v3/connections/${ids[1]}`)).status).toBe(200);
    await waitFor(async () => graph.subscriptions.all.size === subscriptions - 2 || undefined);
    await waitFor(async () => {
      const res = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['od_drop'], limit: 10 } });
      return res.body.memories.length === 0 ? true : undefined;
    });
  });
});
