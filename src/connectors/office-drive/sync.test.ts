import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildDocx, buildPptx, buildTextPdf, buildXlsx } from '../../../test/fixtures/convert/office.js';
import { FakeGraph } from '../../../test/fakes/graph/index.js';
import { bearer, connectorFailure, deletionsOf, drain, itemsOf, lastCursor, officeDriveConnector, syncRequest } from '../../../test/helpers/connectors.js';
import { convertToMarkdown } from '../../convert/index.js';
import type { Connector, SyncRequest } from '../types.js';

let graph: FakeGraph;
let connector: Connector;
let token: string;

function officeDrive(retryBaseMs = 1, maxRateLimitWaitSeconds = 60): Connector {
  return officeDriveConnector(graph, 'common', { retryBaseMs, maxRateLimitWaitSeconds });
}

function request(cursor: unknown = null, overrides: Partial<SyncRequest> = {}): SyncRequest {
  return syncRequest({ credentials: bearer(token), cursor, now: () => graph.clock.now(), ...overrides });
}

beforeAll(async () => {
  graph = await FakeGraph.start();
  token = graph.token(24 * 3600);
  connector = officeDrive();
  graph.drive.writeFile('/Documents/plan.docx', Buffer.from(await buildDocx()));
  graph.drive.writeFile('/Documents/Finance/prices.xlsx', Buffer.from(buildXlsx()));
  graph.drive.writeFile('/Slides/launch.pptx', Buffer.from(await buildPptx(2)));
  graph.drive.writeFile('/Slides/handbook.pdf', Buffer.from(await buildTextPdf(1)));
  graph.drive.writeFile('/notes.txt', 'Remember the milk.\n');
  graph.drive.writeFile('/Pictures/cat.zip', Buffer.from('PK not imported'));
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.deltaPageSize = 200;
  graph.resetRequests();
});

describe('office-drive sync', () => {
  let cursorAfterFirst: unknown;

  it('enumerates the drive first, downloading each supported file through its /content redirect', async () => {
    const pages = await drain(connector.sync(request()));
    const items = itemsOf(pages);
    expect(items.map((i) => i.filepath).sort()).toEqual([
      '/Documents/Finance/prices.xlsx',
      '/Documents/plan.docx',
      '/Slides/handbook.pdf',
      '/Slides/launch.pptx',
      '/notes.txt',
    ]);
    const docx = items.find((i) => i.title === 'plan.docx')!;
    expect(docx).toMatchObject({
      externalId: graph.drive.item('/Documents/plan.docx')!.id,
      type: 'onedrive',
      version: expect.stringMatching(/^"c:\{/),
      body: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', filename: 'plan.docx' },
    });
    expect(pages.at(-1)!.complete).toBe(true);
    expect(deletionsOf(pages)).toEqual([]);
    // Each download is a /content redirect followed by the pre-authenticated URL, sent without the token.
    expect(graph.count('GET /me/drive/items/{id}/content', 302)).toBe(5);
    const downloads = graph.requests.filter((r) => r.route === 'GET /download/{id}');
    expect(downloads).toHaveLength(5);
    expect(downloads.every((r) => r.headers.authorization === undefined)).toBe(true);
    cursorAfterFirst = lastCursor(pages);
    expect(JSON.stringify(cursorAfterFirst)).toContain('/me/drive/root/delta?token=');
  });

  it('hands over bytes the conversion layer reads (DOCX, XLSX, PPTX, PDF)', async () => {
    const items = itemsOf(await drain(connector.sync(request())));
    const cases = [
      ['plan.docx', 'Revenue'],
      ['prices.xlsx', 'Apple'],
      ['launch.pptx', 'Agenda'],
      ['handbook.pdf', 'quick brown fox'],
    ] as const;
    for (const [name, expected] of cases) {
      const item = items.find((i) => i.title === name)!;
      if (!('bytes' in item.body)) throw new Error('expected bytes');
      const converted = await convertToMarkdown({ bytes: item.body.bytes, contentType: item.body.mediaType, filename: item.body.filename });
      expect(converted.markdown).toContain(expected);
    }
  });

  it('reads only what changed since the deltaLink: an edit, a move and a deletion', async () => {
    const notes = graph.drive.writeFile('/notes.txt', 'Remember the oat milk.\n');
    const oldVersion = `"c:{${notes.guid}},1"`;
    graph.drive.move('/Documents/Finance/prices.xlsx', '/Archive/prices-2024.xlsx');
    const plan = graph.drive.item('/Documents/plan.docx')!;
    graph.drive.delete('/Documents/plan.docx');
    graph.resetRequests();

    const pages = await drain(connector.sync(request(cursorAfterFirst)));
    const items = itemsOf(pages);
    expect(items.map((i) => [i.filepath, i.version === oldVersion])).toEqual(
      expect.arrayContaining([
        ['/notes.txt', false],
        ['/Archive/prices-2024.xlsx', false],
      ]),
    );
    expect(items).toHaveLength(2);
    // A move keeps the content tag: the engine need not convert it again.
    const moved = items.find((i) => i.title === 'prices-2024.xlsx')!;
    expect(moved.version).toBe(`"c:{${graph.drive.item('/Archive/prices-2024.xlsx')!.guid}},1"`);
    expect(deletionsOf(pages)).toEqual([plan.id]);
    expect(pages.at(-1)!.complete).toBeUndefined();
    expect(graph.count('GET /me/drive/root/delta')).toBe(1);
    // Only the changed files are downloaded; the new folder's path is learnt from delta itself.
    expect(graph.count('GET /me/drive/items/{id}/content')).toBe(2);

    const again = await drain(connector.sync(request(lastCursor(pages))));
    expect(itemsOf(again)).toEqual([]);
    expect(deletionsOf(again)).toEqual([]);
  });

  it('follows @odata.nextLink pages and resumes from the cursor of any page', async () => {
    graph.deltaPageSize = 2;
    const pages = await drain(connector.sync(request()));
    const all = itemsOf(pages)
      .map((i) => i.externalId)
      .sort();
    expect(graph.count('GET /me/drive/root/delta')).toBeGreaterThan(3);
    for (let k = 0; k < pages.length - 1; k++) {
      const rest = await drain(connector.sync(request(pages[k]!.cursor)));
      const seen = [...itemsOf(pages.slice(0, k + 1)), ...itemsOf(rest)].map((i) => i.externalId).sort();
      expect(seen).toEqual(all);
      // A resumed run did not read the whole drive, so it does not claim a full listing.
      expect(rest.at(-1)!.complete).toBeUndefined();
    }
  });

  it('caps new files at maxItems but reads the delta to its end; held files always flow', async () => {
    const all = await drain(connector.sync(request()));
    const first = await drain(connector.sync(request(null, { maxItems: 1 })));
    expect(itemsOf(first)).toHaveLength(1);
    expect(first.at(-1)!.complete).toBe(true);
    expect(itemsOf(await drain(connector.sync(request(lastCursor(first), { maxItems: 100 }))))).toEqual([]);

    const held = new Set(
      itemsOf(all)
        .slice(0, 2)
        .map((i) => i.externalId),
    );
    const run = await drain(connector.sync({ ...request(null, { maxItems: 0 }), held }));
    expect(new Set(itemsOf(run).map((i) => i.externalId))).toEqual(held);
    expect(lastCursor(run)).toEqual(lastCursor(all));
  });

  it('leaves out files past maxFileBytes or of other types, and drops them when they change so', async () => {
    const pages = await drain(connector.sync(request(null, { config: { extensions: ['txt'], maxFileBytes: 100 } })));
    expect(itemsOf(pages).map((i) => i.title)).toEqual(['notes.txt']);
    const notes = graph.drive.writeFile('/notes.txt', 'x'.repeat(101));
    const later = await drain(connector.sync(request(lastCursor(pages), { config: { extensions: ['txt'], maxFileBytes: 100 } })));
    expect(itemsOf(later)).toEqual([]);
    expect(deletionsOf(later)).toEqual([notes.id]);
  });

  it('starts over when Graph answers 410 resyncRequired', async () => {
    const before = await drain(connector.sync(request()));
    graph.drive.epoch++;
    graph.resetRequests();
    const pages = await drain(connector.sync(request(lastCursor(before))));
    expect(graph.count('GET /me/drive/root/delta', 410)).toBe(1);
    expect(itemsOf(pages).length).toBe(itemsOf(before).length);
    expect(pages.at(-1)!.complete).toBe(true);
  });
});

describe('office-drive limits and failures', () => {
  it('waits out a short 429 Retry-After', async () => {
    graph.throttle({ retryAfterSeconds: 1, match: 'GET /me/drive/root/delta' });
    const started = Date.now();
    const pages = await drain(officeDrive(1000).sync(request()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(itemsOf(pages).length).toBeGreaterThan(0);
    expect(graph.count('GET /me/drive/root/delta', 429)).toBe(1);
  });

  it('ends the run as rate_limited with retryAfterMs when the wait is long', async () => {
    graph.throttle({ retryAfterSeconds: 600, match: 'GET /me/drive/items/{id}/content' });
    const err = await connectorFailure(drain(officeDrive(1, 30).sync(request())));
    expect(err).toMatchObject({ code: 'rate_limited', retryAfterMs: 600_000 });
  });

  it('answers an expired or revoked token with auth_expired, without the token in the message', async () => {
    const expired = graph.token(60);
    graph.identity.expireToken(expired);
    const err = await connectorFailure(
      drain(connector.sync(request(null, { credentials: { tokens: { accessToken: expired, refreshToken: null, expiresAt: null, scope: null } } }))),
    );
    expect(err.code).toBe('auth_expired');
    expect(err.message).not.toContain(expired);
  });

  it('retries a passing 503 and gives provider_unavailable when it persists', async () => {
    graph.failWith({ status: 503, match: 'GET /me/drive/root/delta' });
    expect(itemsOf(await drain(connector.sync(request()))).length).toBeGreaterThan(0);
    graph.failWith({ status: 502, times: 4, match: 'GET /me/drive/root/delta' });
    expect((await connectorFailure(drain(connector.sync(request())))).code).toBe('provider_unavailable');
  });

  it('refuses a cursor link outside the Graph base rather than sending the token there', async () => {
    graph.resetRequests();
    const pages = await drain(connector.sync(request({ v: 1, link: 'http://127.0.0.1:9/steal?token=x', skip: 0, initial: false })));
    // An unusable cursor starts a full enumeration at the configured base.
    expect(pages.at(-1)!.complete).toBe(true);
    expect(graph.requests[0]!.query.get('token')).toBeNull();
  });
});
