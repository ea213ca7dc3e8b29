import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGoogle, type FakeDriveFile } from '../../../test/fakes/google/index.js';
import { bearer, googleConnector, syncRequest } from '../../../test/helpers/connectors.js';
import { convertToMarkdown } from '../../convert/index.js';
import { decideSync, type SyncCandidate } from '../../core/sync-filter.js';
import { connectorFor } from '../index.js';
import type { Connector, SourceItem, SyncPage, SyncRequest } from '../types.js';

let google: FakeGoogle;
let connector: Connector;

beforeAll(async () => {
  google = await FakeGoogle.start();
  connector = googleConnector(google, 'cloud-drive');
});
afterAll(() => google.close());
beforeEach(() => google.resetRequests());

function request(overrides: Partial<SyncRequest> = {}): SyncRequest {
  return syncRequest({
    credentials: bearer(google.token()),
    config: connector.parseConfig({ maxFileBytes: 100_000 }),
    now: () => google.clock.now(),
    ...overrides,
  });
}

async function drain(pages: AsyncIterable<SyncPage>) {
  const all: SyncPage[] = [];
  for await (const page of pages) all.push(page);
  return { pages: all, items: all.flatMap((p) => p.items), deletions: all.flatMap((p) => p.deletions), cursor: all.at(-1)?.cursor ?? null };
}

const byTitle = (items: SourceItem[], title: string) => items.find((i) => i.title === title)!;
const isDownload = (r: { path: string; query: URLSearchParams }) => r.query.get('alt') === 'media' || r.path.endsWith('/export');
const bytesOf = (item: SourceItem) => ('bytes' in item.body ? item.body.bytes : new Uint8Array());

describe('cloud-drive sync', () => {
  let cursor: unknown;
  let firstItems: SourceItem[] = [];
  const files: Record<string, FakeDriveFile> = {};

  beforeAll(() => {
    const d = google.drive.state;
    const projects = d.addFolder('Projects');
    const plans = d.addFolder('Plans', { parent: projects });
    files.roadmap = d.addDoc('Roadmap', '# Roadmap\n\nShip the memory service.\n', { parent: plans });
    files.budget = d.addSheet(
      'Budget',
      {
        Costs: [
          ['Item', 'Amount'],
          ['Servers', 1200],
          ['Licences', 300],
        ],
      },
      { parent: projects },
    );
    files.deck = d.addSlides('Launch deck', [{ title: 'Launch plan', body: 'We launch in spring.' }]);
    files.notes = d.addFile('notes.txt', 'text/plain', 'plain notes\n', { parent: projects });
    files.old = d.addFile('old.md', 'text/markdown', '# Old\n');
    d.addFile('movie.mp4', 'video/mp4', Buffer.alloc(100));
    d.addFile('huge.pdf', 'application/pdf', Buffer.alloc(200_000));
    d.trash(d.addDoc('Binned', 'gone').id);
  });

  it('first sync lists every readable file with its folder path, exporting Google formats', async () => {
    const run = await drain(connector.sync(request()));
    expect(run.items.map((i) => i.title).sort()).toEqual(['Budget', 'Launch deck', 'Roadmap', 'notes.txt', 'old.md']);
    expect(run.deletions).toEqual([]);
    expect(run.pages.at(-1)!.complete).toBe(true);

    expect(byTitle(run.items, 'Roadmap')).toMatchObject({
      externalId: files.roadmap!.id,
      type: 'google_doc',
      filepath: 'My Drive/Projects/Plans/Roadmap',
      body: { text: '# Roadmap\n\nShip the memory service.\n', mediaType: 'text/markdown' },
      url: expect.stringContaining(`/document/d/${files.roadmap!.id}/`),
      // Content, name and folder: not Drive's own version number, which a star or a share moves too.
      version: expect.stringMatching(/^[\w-]{43}$/),
    });
    const budget = byTitle(run.items, 'Budget');
    expect(budget).toMatchObject({ type: 'google_sheet', filepath: 'My Drive/Projects/Budget', body: { filename: 'Budget.xlsx' } });
    const sheet = await convertToMarkdown({ bytes: bytesOf(budget), filename: 'Budget.xlsx' });
    expect(sheet.format).toBe('xlsx');
    expect(sheet.markdown).toContain('Servers');
    expect(sheet.markdown).toContain('1200');

    const deck = byTitle(run.items, 'Launch deck');
    expect(deck).toMatchObject({ type: 'google_slide', filepath: 'My Drive/Launch deck', body: { filename: 'Launch deck.pptx' } });
    const slides = await convertToMarkdown({ bytes: bytesOf(deck), filename: 'Launch deck.pptx' });
    expect(slides.format).toBe('pptx');
    expect(slides.markdown).toContain('We launch in spring.');

    expect(byTitle(run.items, 'notes.txt')).toMatchObject({ type: 'text', body: { mediaType: 'text/plain', filename: 'notes.txt' } });
    expect(Buffer.from(bytesOf(byTitle(run.items, 'notes.txt'))).toString()).toBe('plain notes\n');

    // One folder lookup per folder (Plans, Projects, My Drive), however many files sit in them.
    const metadataGets = google.requests.filter((r) => r.route === 'GET /drive/v3/files/{fileId}' && r.query.get('alt') !== 'media');
    expect(metadataGets).toHaveLength(3);
    expect(google.count('GET /drive/v3/files/{fileId}')).toBe(5);
    expect(google.count('GET /drive/v3/files/{fileId}/export')).toBe(3);
    cursor = run.cursor;
    firstItems = run.items;
  });

  it("gives the include/exclude rules folder names from the path, and the file's type", () => {
    // What the engine hands decideSync for an item: the folders are the path without the file name.
    const candidate = (title: string): SyncCandidate => {
      const item = byTitle(firstItems, title);
      return {
        title: item.title,
        filename: 'filename' in item.body ? item.body.filename : item.title,
        mimeType: String(item.metadata.mimeType),
        type: item.type,
        folders: item.filepath!.split('/').slice(0, -1),
      };
    };
    const excludePlans = { excludeItems: { folderNames: ['plans'] } };
    expect(decideSync(excludePlans, candidate('Roadmap')).accept).toBe(false);
    expect(decideSync(excludePlans, candidate('Budget')).accept).toBe(true);
    const onlyProjects = { includeItems: { folderNames: ['Projects'] } };
    expect(decideSync(onlyProjects, candidate('Roadmap')).accept).toBe(true);
    expect(decideSync(onlyProjects, candidate('Launch deck')).accept).toBe(false);
    const onlySheets = { includeItems: { fileTypes: ['google_sheet', 'xlsx'] } };
    expect(firstItems.filter((i) => decideSync(onlySheets, candidate(i.title!)).accept).map((i) => i.title)).toEqual(['Budget']);
  });

  it('an unchanged drive costs one changes request', async () => {
    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items).toEqual([]);
    expect(run.deletions).toEqual([]);
    expect(google.requests.map((r) => r.route)).toEqual(['GET /drive/v3/changes']);
    cursor = run.cursor;
  });

  it('an incremental sync yields exactly the edits and deletions at the source, fetching only those', async () => {
    const d = google.drive.state;
    google.clock.advance(60);
    d.update(files.roadmap!.id, { markdown: '# Roadmap\n\nShip it in May.\n' });
    d.update(files.notes!.id, { name: 'notes-2026.txt' });
    d.trash(files.deck!.id);
    d.delete(files.old!.id);
    d.update(files.notes!.id, { bytes: Buffer.alloc(200_000) });
    const fresh = d.addDoc('Fresh idea', 'A new doc.');
    google.resetRequests();

    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items.map((i) => i.externalId)).toEqual([files.roadmap!.id, fresh.id]);
    expect(byTitle(run.items, 'Roadmap')).toMatchObject({ body: { text: '# Roadmap\n\nShip it in May.\n' } });
    expect(byTitle(run.items, 'Roadmap')!.version).not.toBe(byTitle(firstItems, 'Roadmap')!.version);
    // Trashed, deleted for good, and grown past the size cap.
    expect(run.deletions.sort()).toEqual([files.deck!.id, files.old!.id, files.notes!.id].sort());
    expect(run.pages.at(-1)!.complete).toBeUndefined();
    expect(google.count('GET /drive/v3/files')).toBe(0);
    expect(google.count('GET /drive/v3/files/{fileId}/export')).toBe(2);
    cursor = run.cursor;

    const again = await drain(connector.sync(request({ cursor })));
    expect(again.items).toEqual([]);
    expect(again.deletions).toEqual([]);
  });

  it('exports a Doc as HTML where Drive offers no markdown export', async () => {
    google.drive.markdownExport = false;
    try {
      const doc = google.drive.state.addDoc('Legacy', 'Plain words');
      const run = await drain(connector.sync(request({ cursor })));
      expect(run.items.find((i) => i.externalId === doc.id)).toMatchObject({
        type: 'google_doc',
        body: { mediaType: 'text/html', text: expect.stringContaining('Plain words') },
      });
      cursor = run.cursor;
    } finally {
      google.drive.markdownExport = true;
    }
  });

  it('waits out a short 429 and ends the run as rate_limited with a long Retry-After', async () => {
    google.drive.state.addDoc('After the limit', 'text');
    google.failNext({ match: 'GET /drive/v3/changes', retryAfterSeconds: 1 });
    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items.map((i) => i.title)).toEqual(['After the limit']);
    expect(google.count('GET /drive/v3/changes', 429)).toBe(1);

    google.failNext({ match: 'GET /drive/v3/changes', retryAfterSeconds: 3_600 });
    await expect(drain(connector.sync(request({ cursor: run.cursor })))).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000 });
  });

  it("treats Drive's 403 userRateLimitExceeded as a limit, and a failing server as provider_unavailable", async () => {
    const limited = () => ({
      status: 403,
      json: {
        error: {
          code: 403,
          message: 'User rate limit exceeded.',
          errors: [{ message: 'User rate limit exceeded.', domain: 'usageLimits', reason: 'userRateLimitExceeded' }],
          status: 'PERMISSION_DENIED',
        },
      },
    });
    google.failNext({ match: 'GET /drive/v3/changes', reply: limited, times: 3 });
    await expect(drain(connector.sync(request({ cursor })))).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
    expect(google.count('GET /drive/v3/changes', 403)).toBe(3);

    google.failNext({
      match: 'GET /drive/v3/changes',
      reply: () => ({ status: 503, json: { error: { code: 503, message: 'Backend Error', status: 'UNAVAILABLE' } } }),
      times: 4,
    });
    await expect(drain(connector.sync(request({ cursor })))).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});

describe('cloud-drive sync with maxItems', () => {
  let other: FakeGoogle;
  let drive: Connector;

  beforeAll(async () => {
    other = await FakeGoogle.start();
    drive = connectorFor('cloud-drive', { google: other.endpoints, fetch: { allowPrivate: false, maxBytes: 1, timeoutMs: 1 }, retryBaseMs: 1 })!;
    for (let i = 0; i < 130; i++) other.drive.state.addFile(`n${String(i).padStart(3, '0')}.md`, 'text/markdown', `note ${i}\n`);
  });
  afterAll(() => other.close());

  const req = (cursor: unknown, maxItems: number | null): SyncRequest => ({
    credentials: { tokens: { accessToken: other.token(), refreshToken: null, expiresAt: null, scope: null } },
    config: {},
    cursor,
    maxItems,
    signal: new AbortController().signal,
    now: () => other.clock.now(),
  });

  it('caps new files at maxItems but lists to the end, so the next run reads the changes feed', async () => {
    const first = await drain(drive.sync(req(null, 110)));
    expect(first.items).toHaveLength(110);
    expect(first.pages.at(-1)!.complete).toBe(true);
    expect(first.cursor).toMatchObject({ phase: 'changes' });
    const second = await drain(drive.sync(req(first.cursor, 15)));
    expect(second.items).toHaveLength(0);
  });

  it('resumes from the cursor of any page, as after a restart', async () => {
    const pages: SyncPage[] = [];
    for await (const page of drive.sync(req(null, null))) pages.push(page);
    for (const [i, page] of pages.entries()) {
      const rest = await drain(drive.sync(req(page.cursor, null)));
      const seen = [...pages.slice(0, i + 1).flatMap((p) => p.items), ...rest.items].map((x) => x.externalId);
      expect(new Set(seen).size).toBe(130);
      expect(seen).toHaveLength(130);
    }
  });

  it('in the changes feed, edits of held files always flow; new ones past maxItems are passed over undownloaded', async () => {
    const listed = await drain(drive.sync(req(null, null)));
    const edited = [...other.drive.state.files.values()].filter((f) => f.name.endsWith('.md')).slice(0, 45);
    for (const file of edited) other.drive.state.update(file.id, { bytes: Buffer.from(`edited ${file.name}\n`) });
    const held = new Set(edited.slice(0, 30).map((f) => f.id));
    other.resetRequests();
    const run = await drain(drive.sync({ ...req(listed.cursor, 5), held }));
    const ids = run.items.map((i) => i.externalId);
    expect(ids).toHaveLength(35);
    expect(ids.filter((id) => held.has(id))).toHaveLength(30);
    const downloads = other.requests.filter(isDownload);
    expect(downloads).toHaveLength(35);
    expect(run.cursor).not.toEqual(listed.cursor);
  });

  it('at maxItems 0 with nothing held lists to the end without downloading, and moves to the changes feed', async () => {
    other.resetRequests();
    const run = await drain(drive.sync(req(null, 0)));
    expect(run.items).toEqual([]);
    expect(run.cursor).toMatchObject({ phase: 'changes' });
    expect(other.requests.filter(isDownload)).toEqual([]);
  });
});

describe('cloud-drive sync and versions', () => {
  it('downloads no file whose content, name and folder are the ones held, even after a star; a number of the older versioning counts while it stands', async () => {
    const d = google.drive.state;
    const doc = d.addDoc('Held doc', 'Kept as it is.');
    const file = d.addFile('held.txt', 'text/plain', 'Kept too.');
    const legacy = d.addFile('legacy.txt', 'text/plain', 'Imported with the older versioning.');
    const first = await drain(connector.sync(request()));
    const version = (id: string) => first.items.find((i) => i.externalId === id)!.version;
    const versions = new Map([
      [doc.id, version(doc.id)],
      [file.id, version(file.id)],
      [legacy.id, String(legacy.version)],
    ]);

    d.star(doc.id);
    d.star(file.id);
    const mine = new Set([doc.id, file.id, legacy.id]);
    const before = google.drive.downloads.filter((id) => mine.has(id)).length;
    // A listing from the start (as after a lost cursor) and the changes feed alike.
    const listed = await drain(connector.sync(request({ versions })));
    expect(listed.items.filter((i) => mine.has(i.externalId))).toEqual([]);
    expect(listed.pages.flatMap((p) => p.kept ?? []).sort()).toEqual([...mine].sort());
    const changed = await drain(connector.sync(request({ cursor: first.cursor, versions })));
    expect(changed.items.filter((i) => mine.has(i.externalId))).toEqual([]);
    expect(google.drive.downloads.filter((id) => mine.has(id)).length).toBe(before);

    d.update(file.id, { name: 'renamed.txt' });
    const renamed = await drain(connector.sync(request({ cursor: changed.cursor, versions })));
    expect(renamed.items.map((i) => i.title)).toEqual(['renamed.txt']);
  });
});
