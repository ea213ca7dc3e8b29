import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidCredentials } from '../fakes/google/errors.js';
import { FakeGoogle } from '../fakes/google/index.js';
import { connectKind, expectDeferredThenRelease, startGoogleServer, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let google: FakeGoogle;
let server: TestServer;

beforeAll(async () => {
  google = await FakeGoogle.start();
  server = await startGoogleServer(google, 'cloud-drive');
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** Every test starts from an empty drive (the fake has one account, which each connection reads whole). */
beforeEach(() => {
  const state = google.drive.state;
  for (const id of [...state.files.keys()]) if (id !== state.root.id) state.delete(id);
});

const titles = (docs: any[]) => docs.map((d) => d.title).sort();
const contentOf = async (doc: { id: string }, key?: string) => (await server.request('GET', `/v3/documents/${doc.id}`, { key })).body.content as string;
const importNow = async (tag: string) =>
  expect((await server.request('POST', '/v3/connections/cloud-drive/import', { body: { containerTags: [tag] } })).status).toBe(202);

describe('cloud drive sync over HTTP', () => {
  it('downloads nothing again for a change of metadata alone (a star): the content version is compared first', async () => {
    const s = google.drive.state;
    const doc = s.addDoc('Charter', '# Charter\n\nWe garden.\n');
    const file = s.addFile('minutes.txt', 'text/plain', 'Met on Monday.\n');
    const id = await connectKind(server, 'cloud-drive', 'drive_versions');
    await waitForSourceDocuments(server, 'cloud-drive', 'drive_versions', 2);
    await waitForRuns(server, id, 1);

    s.star(doc.id);
    s.star(file.id);
    const downloads = google.drive.downloads.length;
    await importNow('drive_versions');
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 0, itemsDeleted: 0 });
    expect(google.drive.downloads.length).toBe(downloads);

    // A change of content is read again, and only that file.
    s.update(file.id, { bytes: Buffer.from('Met on Tuesday.\n') });
    await importNow('drive_versions');
    const [edited] = await waitForRuns(server, id, 3);
    expect(edited).toMatchObject({ status: 'completed', itemsProcessed: 1 });
    expect(google.drive.downloads.slice(downloads)).toEqual([file.id]);
  });

  it('exports Docs, converts Sheets (XLSX) and Slides (PPTX), then follows an edit and deletions through the changes feed', async () => {
    const s = google.drive.state;
    const plans = s.addFolder('Plans');
    const doc = s.addDoc('Roadmap', '# Roadmap\n\nShip the connectors.\n', { parent: plans });
    const sheet = s.addSheet('Budget', {
      Q1: [
        ['Item', 'Cost'],
        ['Ergonomic chairs', 1200],
      ],
    });
    const slides = s.addSlides('Kickoff', [{ title: 'Welcome aboard', body: 'Quarterly goals: fewer meetings' }]);
    s.addFile('notes.txt', 'text/plain', 'Meet on Monday.\n');

    const id = await connectKind(server, 'cloud-drive', 'drive_sync');
    const docs = await waitForSourceDocuments(server, 'cloud-drive', 'drive_sync', 4);
    expect(docs.every((d: any) => d.status === 'done' && d.connectionId === id)).toBe(true);
    const byPath = new Map(docs.map((d: any) => [d.filepath, d]));
    expect([...byPath.keys()].sort()).toEqual(['My Drive/Budget', 'My Drive/Kickoff', 'My Drive/Plans/Roadmap', 'My Drive/notes.txt']);
    expect(await contentOf(byPath.get('My Drive/Plans/Roadmap'))).toContain('Ship the connectors.');
    const budget = await contentOf(byPath.get('My Drive/Budget'));
    expect(budget).toContain('Ergonomic chairs');
    expect(budget).toContain('1200');
    const kickoff = await contentOf(byPath.get('My Drive/Kickoff'));
    expect(kickoff).toContain('Welcome aboard');
    expect(kickoff).toContain('Quarterly goals: fewer meetings');
    const [first] = await waitForRuns(server, id, 1);
    expect(first).toMatchObject({ status: 'completed', itemsProcessed: 4, errorCode: null });

    // An edit, a file deleted for good and one moved to the trash; the next run reads changes.list only.
    s.update(doc.id, { markdown: '# Roadmap\n\nShip the connectors by Friday.\n' });
    s.delete(sheet.id);
    s.trash(slides.id);
    const listings = google.count('GET /drive/v3/files');
    const changeReads = google.count('GET /drive/v3/changes');
    await importNow('drive_sync');
    const [second] = await waitForRuns(server, id, 2);
    expect(second).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 1, itemsDeleted: 2 });
    expect(google.count('GET /drive/v3/files')).toBe(listings);
    expect(google.count('GET /drive/v3/changes')).toBeGreaterThan(changeReads);
    const after = await waitForSourceDocuments(server, 'cloud-drive', 'drive_sync', 2);
    expect(after.map((d: any) => d.filepath).sort()).toEqual(['My Drive/Plans/Roadmap', 'My Drive/notes.txt']);
    await waitFor(async () => ((await contentOf(after.find((d: any) => d.filepath === 'My Drive/Plans/Roadmap'))).includes('by Friday') ? true : undefined));
  });

  it('reads the shared drives the account is a member of, and follows their changes', async () => {
    const s = google.drive.state;
    s.addDoc('Own notes', '# Own\n\nMine alone.\n');
    const team = s.addSharedDrive('Team Space');
    const specs = s.addFolder('Specs', { parent: team });
    const spec = s.addDoc('API spec', '# API spec\n\nVersion two of the API.\n', { parent: specs });
    const budget = s.addFile('budget.txt', 'text/plain', 'The shared budget.\n', { parent: team });

    const id = await connectKind(server, 'cloud-drive', 'drive_shared');
    const docs = await waitForSourceDocuments(server, 'cloud-drive', 'drive_shared', 3);
    expect(docs.map((d: any) => d.filepath).sort()).toEqual(['My Drive/Own notes', 'Team Space/Specs/API spec', 'Team Space/budget.txt']);
    await waitForRuns(server, id, 1);

    s.update(spec.id, { markdown: '# API spec\n\nVersion three of the API.\n' });
    s.delete(budget.id);
    await importNow('drive_shared');
    const [second] = await waitForRuns(server, id, 2);
    expect(second).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 1 });
    const after = await waitForSourceDocuments(server, 'cloud-drive', 'drive_shared', 2);
    const specDoc = after.find((d: any) => d.filepath === 'Team Space/Specs/API spec');
    await waitFor(async () => ((await contentOf(specDoc)).includes('Version three') ? true : undefined));
  });

  it('refreshes an access token Google no longer takes, and stores a rotated refresh token for the next refresh', async () => {
    google.drive.state.addDoc('Token notes', '# Tokens\n\nThey expire.\n');
    const refreshes = () => google.requests.filter((r) => r.route === 'POST /token' && r.grantType === 'refresh_token' && r.status === 200).length;
    const channels = google.count('POST /drive/v3/changes/watch', 200);
    // The token is refused when the channel is opened after the sync: the completed run stays completed,
    // the token is refreshed and the channel opened (this once failed the run and the connection).
    google.failNext({ match: 'POST /drive/v3/changes/watch', reply: invalidCredentials });
    const id = await connectKind(server, 'cloud-drive', 'drive_tokens');
    await waitFor(async () => (google.count('POST /drive/v3/changes/watch', 200) > channels ? true : undefined));
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed', errorCode: null });
    expect((await server.request('GET', `/v3/connections/${id}`)).body.status).toBe('active');
    expect(refreshes()).toBe(1);

    // The access token lapses at Google while engram still thinks it valid: the run is refused, refreshes and goes on.
    let before = refreshes();
    google.clock.advance(2 * 3600);
    await importNow('drive_tokens');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', errorCode: null });
    expect(refreshes()).toBe(before + 1);

    // Now Google rotates: the old refresh token stops working the moment a new one is handed out.
    google.oauth.rotateRefreshTokens = true;
    try {
      for (const runs of [3, 4]) {
        before = refreshes();
        google.clock.advance(2 * 3600);
        await importNow('drive_tokens');
        expect((await waitForRuns(server, id, runs))[0]).toMatchObject({ status: 'completed', errorCode: null });
        expect(refreshes()).toBe(before + 1);
      }
    } finally {
      google.oauth.rotateRefreshTokens = false;
    }
    expect((await server.request('GET', `/v3/connections/${id}`)).body.status).toBe('active');
  });

  it('imports no more than the documentLimit', async () => {
    for (const name of ['One', 'Two', 'Three']) google.drive.state.addDoc(name, `# ${name}\n\nText.\n`);
    const id = await connectKind(server, 'cloud-drive', 'drive_limited', { documentLimit: 2 });
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed' });
    expect(await waitForSourceDocuments(server, 'cloud-drive', 'drive_limited', 2)).toHaveLength(2);
  });

  it('at the documentLimit still follows the changes feed: edits and deletions of held files apply, new files wait', async () => {
    const s = google.drive.state;
    const files = ['One', 'Two', 'Three'].map((name) => s.addDoc(name, `# ${name}\n\nText.\n`));
    const id = await connectKind(server, 'cloud-drive', 'drive_full', { documentLimit: 2 });
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed', itemsProcessed: 2 });
    const held = await waitForSourceDocuments(server, 'cloud-drive', 'drive_full', 2);
    const [edited, trashed] = held.map((d: any) => files.find((f) => f.name === d.title)!);
    s.update(edited!.id, { markdown: `# ${edited!.name}\n\nEdited at the source.\n` });
    s.trash(trashed!.id);
    s.addDoc('Four', '# Four\n\nNew.\n');
    await importNow('drive_full');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 1 });
    const [left] = await waitForSourceDocuments(server, 'cloud-drive', 'drive_full', 1);
    expect(left.title).toBe(edited!.name);
    expect(await contentOf(left)).toContain('Edited at the source.');
    // The deletion made room: the next change of a file not held is imported.
    s.update(files.find((f) => f !== edited && f !== trashed)!.id, { markdown: '# Three\n\nChanged.\n' });
    await importNow('drive_full');
    expect((await waitForRuns(server, id, 3))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 0 });
    expect(await waitForSourceDocuments(server, 'cloud-drive', 'drive_full', 2)).toHaveLength(2);
  });

  it("applies the organization's include and exclude lists to the drive's folders and titles", async () => {
    const key = await server.createKey({ orgName: 'drive-filters', role: 'admin' });
    const patched = await server.request('PATCH', '/v3/settings', {
      key,
      body: { includeItems: { folderNames: ['Shared'] }, excludeItems: { titlePatterns: ['Draft*'] } },
    });
    expect(patched.status).toBe(200);
    const s = google.drive.state;
    const shared = s.addFolder('Shared');
    s.addDoc('Plan', '# Plan\n\nKept.\n', { parent: shared });
    s.addDoc('Draft plan', '# Draft\n\nExcluded by title.\n', { parent: shared });
    s.addDoc('Outside', '# Outside\n\nNot in an included folder.\n');

    const id = await connectKind(server, 'cloud-drive', 'drive_filtered', {}, key);
    expect((await waitForRuns(server, id, 1, key))[0]).toMatchObject({ status: 'completed' });
    const listed = await waitFor(async () => {
      const res = await server.request('POST', '/v3/documents/list', { key, body: { containerTags: ['drive_filtered'], limit: 10 } });
      return res.body.memories?.length && res.body.memories.every((d: any) => d.status === 'done') ? res.body.memories : undefined;
    });
    expect(titles(listed)).toEqual(['Plan']);
  });

  it('waits out a short Retry-After in the run, and defers the sync past a long one without spending an attempt', async () => {
    google.drive.state.addDoc('Limited', '# Limited\n\nRate.\n');
    google.failNext({ match: 'GET /drive/v3/files', retryAfterSeconds: 2 });
    const quick = await connectKind(server, 'cloud-drive', 'drive_quick_limit');
    expect((await waitForRuns(server, quick, 1))[0]).toMatchObject({ status: 'completed', errorCode: null });
    expect(google.count('GET /drive/v3/files', 429)).toBe(1);

    google.failNext({ match: 'GET /drive/v3/files/{fileId}/export', retryAfterSeconds: 3600 });
    const id = await connectKind(server, 'cloud-drive', 'drive_long_limit');
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
    await expectDeferredThenRelease(server, id, 3600);
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', errorCode: null });
    await waitForSourceDocuments(server, 'cloud-drive', 'drive_long_limit', 1);
    expect((await syncJobsOf(server, id))[0]).toMatchObject({ attempts: 1, status: 'done' });
  });

  it('deletes a connection keeping its documents or with them, stopping its Drive channel', async () => {
    google.drive.state.addDoc('Kept', '# Kept\n\nStays.\n');
    const openChannels = () => [...google.drive.channels.values()].filter((c) => !c.stopped).length;
    const tags = ['drive_keep', 'drive_drop'];
    const ids: string[] = [];
    for (const tag of tags) {
      const id = await connectKind(server, 'cloud-drive', tag);
      await waitForSourceDocuments(server, 'cloud-drive', tag, 1);
      await waitFor(
        async () =>
          ((await server.app.database.db.execute(sql`select subscription from connections where id = ${id}`)) as any).rows[0]?.subscription ?? undefined,
      );
      ids.push(id);
    }

    const channels = openChannels();
    const kept = await server.request('DELETE', `/v3/connections/${ids[0]}?deleteDocuments=false`);
    expect(kept.status).toBe(200);
    expect((await server.request('GET', `/v3/connections/${ids[0]}`)).status).toBe(404);
    // The cleanup job stops it, outside the request.
    await waitFor(async () => openChannels() === channels - 1 || undefined);
    const remaining = await waitForSourceDocuments(server, 'cloud-drive', 'drive_keep', 1);
    expect(remaining[0].connectionId ?? null).toBeNull();

    expect((await server.request('DELETE', `/v3/connections/${ids[1]}`)).status).toBe(200);
    await waitFor(async () => openChannels() === channels - 2 || undefined);
    await waitFor(async () => {
      const res = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['drive_drop'], limit: 10 } });
      return res.body.memories.length === 0 ? true : undefined;
    });
  });
});
