import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlPage, FakeWebsite } from '../fakes/website.js';
import { expectDeferredThenRelease, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { LogCapture } from '../helpers/log-capture.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

let site: FakeWebsite;
let server: TestServer;
const logs = new LogCapture();

beforeAll(async () => {
  site = await FakeWebsite.start({ crawlDelaySeconds: 1 });
  // Private addresses stay refused; only the local test site is allowed, as an operator would allow one host.
  server = await startTestServer(
    { ALLOW_PRIVATE_URLS: 'false', URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1', SYNC_PROVIDER_WAIT_MS: '1', LOG_LEVEL: 'info' },
    { logger: logs.logger },
  );
});

afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('web crawler connections', () => {
  it('connects with a start URL, crawls the site as robots.txt allows, and recrawls with conditional requests', async () => {
    const created = await server.request('POST', '/v3/connections/web-crawler', {
      body: { containerTag: 'site_a', metadata: { startUrl: site.url('/'), maxPages: 40, maxDepth: 3 } },
    });
    expect(created.status).toBe(200);
    // Nothing to authorize: empty strings, which the official SDK's types (string) accept.
    expect(created.body).toMatchObject({ authLink: '', expiresIn: '' });
    const id = created.body.id;
    expect((await server.request('GET', `/v3/connections/${id}`)).body).toMatchObject({ provider: 'web-crawler', status: 'active' });

    const [first] = await waitForRuns(server, id, 1);
    expect(first).toMatchObject({ status: 'completed', triggerType: 'manual' });
    expect(first.itemsProcessed).toBeGreaterThan(3);
    // Its start and end are info lines with the kind, the connection and the counts; never a URL the sync read.
    const syncLines = await waitFor(
      async () => {
        const lines = logs.entries().filter((e) => e.connectionId === id && e.msg.startsWith(`sync of connection ${id}`));
        return lines.length >= 2 ? lines : undefined;
      },
      10_000,
      'the sync lines',
    );
    expect(syncLines.map((e) => e.msg.replace(/\d+ ms$/, 'N ms'))).toEqual([`sync of connection ${id} started`, `sync of connection ${id} completed in N ms`]);
    expect(syncLines[0]).toMatchObject({ level: 30, kind: 'web-crawler', trigger: 'manual', resumed: false });
    expect(syncLines[1]).toMatchObject({
      level: 30,
      kind: 'web-crawler',
      status: 'completed',
      processed: first.itemsProcessed,
      deleted: 0,
      failed: expect.any(Number),
      ms: expect.any(Number),
    });
    expect(syncLines.map((e) => JSON.stringify(e)).join('\n')).not.toContain(site.origin);
    const docs = await waitForSourceDocuments(server, 'web-crawler', 'site_a', first.itemsProcessed);
    const urls = docs.map((d: any) => d.url);
    expect(urls).toContain(site.url('/about'));
    expect(urls).toContain(site.url('/orphan'));
    expect(urls.every((u: string) => u.startsWith(site.origin))).toBe(true);
    expect(site.requestsFor('/private/admin')).toHaveLength(0);
    expect(site.externalRequests).toHaveLength(0);
    const about = docs.find((d: any) => d.url === site.url('/about'));
    expect(about.type).toBe('webpage');

    site.resetRequests();
    site.setPage('/about', htmlPage('About us', ['We grow tomatoes and, now, peppers.'], []));
    expect((await server.request('POST', '/v3/connections/web-crawler/import', { body: { containerTags: ['site_a'] } })).status).toBe(202);
    const [second] = await waitForRuns(server, id, 2);
    expect(second).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 0 });
    expect(site.conditionalRequests().length).toBeGreaterThan(3);
    expect(site.requests.filter((r) => r.status === 304).length).toBeGreaterThan(3);
    const after = await waitForSourceDocuments(server, 'web-crawler', 'site_a', docs.length);
    const changed = await server.request('GET', `/v3/documents/${after.find((d: any) => d.url === site.url('/about')).id}`);
    expect(changed.body.content).toContain('peppers');
  });

  it('at the documentLimit still applies edits and removals of the pages it holds, and imports new ones as room frees', async () => {
    const own = await FakeWebsite.start({ crawlDelaySeconds: 1 });
    try {
      const created = await server.request('POST', '/v3/connections/web-crawler', {
        body: { containerTag: 'site_limited', documentLimit: 3, metadata: { startUrl: own.url('/'), maxPages: 40, maxDepth: 3 } },
      });
      const id = created.body.id;
      expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed', itemsProcessed: 3 });
      const held = await waitForSourceDocuments(server, 'web-crawler', 'site_limited', 3);
      const paths = held.map((d: any) => new URL(d.url).pathname).filter((p: string) => p !== '/');
      const [edited, pruned] = paths as [string, string];
      own.setPage(edited, htmlPage('Edited', ['Now about peppers.'], []));
      own.remove(pruned);
      const importNow = async () =>
        expect((await server.request('POST', '/v3/connections/web-crawler/import', { body: { containerTags: ['site_limited'] } })).status).toBe(202);
      await importNow();
      expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 1 });
      const after = await waitForSourceDocuments(server, 'web-crawler', 'site_limited', 2);
      const page = after.find((d: any) => d.url === own.url(edited));
      expect((await server.request('GET', `/v3/documents/${page.id}`)).body.content).toContain('peppers');
      // The cursor moved (the edit is not processed again) and the freed place takes one new page.
      await importNow();
      expect((await waitForRuns(server, id, 3))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1, itemsDeleted: 0 });
      const third = await waitForSourceDocuments(server, 'web-crawler', 'site_limited', 3);
      expect(third.map((d: any) => d.url)).not.toContain(own.url(pruned));
    } finally {
      await own.close();
    }
  });

  it('defers the crawl of a site that answers 429 with a long Retry-After, without spending an attempt, then crawls it', async () => {
    const own = await FakeWebsite.start({ crawlDelaySeconds: 1 });
    try {
      own.throttle('/robots.txt', { times: 1, retryAfter: '3600' });
      const created = await server.request('POST', '/v3/connections/web-crawler', {
        body: { containerTag: 'site_throttled', metadata: { startUrl: own.url('/'), maxPages: 5, maxDepth: 1 } },
      });
      const id = created.body.id;
      const [limited] = await waitForRuns(server, id, 1);
      expect(limited).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
      // Nothing but robots.txt was asked for: a 429 there is no licence to crawl.
      expect(own.requests.map((r) => `${r.path} ${r.status}`)).toEqual(['/robots.txt 429']);
      await expectDeferredThenRelease(server, id, 3600);
      const [done] = await waitForRuns(server, id, 2);
      expect(done).toMatchObject({ status: 'completed', errorCode: null });
      expect(done.itemsProcessed).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('refuses a redirect to a private address as a policy refusal (not_allowed), logged in one line without a stack', async () => {
    const created = await server.request('POST', '/v3/connections/web-crawler', {
      body: { containerTag: 'site_private', metadata: { startUrl: site.url('/redirect/internal') } },
    });
    expect(created.status).toBe(200);
    const connectionId = created.body.id;
    const [run] = await waitForRuns(server, connectionId, 1);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'not_allowed' });
    const [line] = await waitFor(async () => {
      const found = logs.entries().filter((e) => e.connectionId === connectionId && e.errorCode === 'not_allowed');
      return found.length ? found : undefined;
    });
    expect(line).toMatchObject({ level: 40, msg: 'sync refused by policy', kind: 'web-crawler' });
    expect(JSON.stringify(logs.entries().filter((e) => e.connectionId === connectionId || JSON.stringify(e).includes('start URL')))).not.toContain('stack');
    const listed = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['site_private'] } });
    expect(listed.body.totalCount).toBe(0);
  });
});
