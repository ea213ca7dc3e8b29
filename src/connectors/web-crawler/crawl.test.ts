import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeWebsite, htmlPage } from '../../../test/fakes/website.js';
import { UNREACHABLE_DESTINATION } from '../../convert/fetch-url.js';
import { connectorFor, type ConnectorOptions } from '../index.js';
import { ConnectorError, type Connector, type SourceItem, type SyncPage, type SyncRequest } from '../types.js';

let site: FakeWebsite;

/** Loopback is reachable for the fake site; private and metadata addresses stay refused. */
function crawler(overrides: Partial<ConnectorOptions> = {}): Connector {
  return connectorFor('web-crawler', {
    fetch: { allowPrivate: false, allowedAddresses: ['127.0.0.1'], maxBytes: 5_000_000, timeoutMs: 5_000 },
    retryBaseMs: 1,
    userAgent: 'engram-test/1.0',
    ...overrides,
  })!;
}

function request(connector: Connector, metadata: Record<string, unknown>, overrides: Partial<SyncRequest> = {}): SyncRequest {
  const config = connector.parseConfig(metadata);
  return { credentials: { config }, config, cursor: null, maxItems: null, signal: new AbortController().signal, now: () => new Date(), ...overrides };
}

async function crawl(connector: Connector, metadata: Record<string, unknown>, overrides: Partial<SyncRequest> = {}) {
  const pages: SyncPage[] = [];
  for await (const page of connector.sync(request(connector, metadata, overrides))) pages.push(page);
  return { pages, items: pages.flatMap((p) => p.items), deletions: pages.flatMap((p) => p.deletions), cursor: pages.at(-1)?.cursor ?? null };
}

const paths = (items: SourceItem[]) => items.map((i) => new URL(i.externalId).pathname).sort();
const requested = (path: string) => site.requestsFor(path).length;

beforeAll(async () => {
  site = await FakeWebsite.start();
});
afterAll(() => site.close());
afterEach(() => site.resetRequests());

describe('web crawler, first crawl', () => {
  it('crawls the site within maxDepth, following links and sitemaps, never leaving it', async () => {
    const before = Date.now();
    const run = await crawl(crawler(), { startUrl: site.url('/'), maxDepth: 5 });
    expect(paths(run.items)).toEqual([
      '/',
      '/about',
      '/blog/first-post',
      '/blog/sitemap-only-post',
      '/chain/1',
      '/chain/2',
      '/chain/3',
      '/chain/4',
      '/docs/',
      '/docs/guide',
      '/docs/intro',
      '/files/report.pdf',
      '/news',
      '/orphan',
    ]);
    expect(run.deletions).toEqual([]);
    expect(site.externalRequests).toEqual([]);
    // robots.txt disallows /private/, images are never asked for, /about is one page however linked.
    expect(requested('/private/admin')).toBe(0);
    expect(requested('/images/logo.png')).toBe(0);
    expect(requested('/about')).toBe(1);
    expect(requested('/chain/5')).toBe(0);
    // Same-site redirects are read, and their targets judged before any request: none leaves the site.
    expect(requested('/redirect/metadata')).toBe(1);
    expect(requested('/redirect/internal')).toBe(1);
    expect(site.requests.every((r) => r.userAgent === 'engram-test/1.0')).toBe(true);
    expect(requested('/sitemap_index.xml')).toBe(1);
    expect(requested('/sitemap-blog.xml')).toBe(1);

    const home = run.items.find((i) => i.externalId === site.url('/'))!;
    expect(home).toMatchObject({ type: 'webpage', title: 'Example Garden Club', url: site.url('/'), filepath: '/', metadata: { site: site.origin, depth: 0 } });
    expect(home.body).toMatchObject({ mediaType: 'text/html', text: expect.stringContaining('We grow tomatoes') });
    expect(home.updatedAt).toBeInstanceOf(Date);
    const pdf = run.items.find((i) => i.externalId.endsWith('.pdf'))!;
    expect(pdf).toMatchObject({ type: 'pdf', body: { mediaType: 'application/pdf', filename: 'report.pdf' } });

    const recrawl = crawler().nextRunAfter!(run.cursor)!;
    expect(recrawl.getTime()).toBeGreaterThanOrEqual(before + 7 * 24 * 3600 * 1000);
  });

  it('stops after maxPages requests and keeps to maxDepth', async () => {
    const shallow = await crawl(crawler(), { startUrl: site.url('/'), maxDepth: 0 });
    expect(paths(shallow.items)).toEqual(['/']);

    site.resetRequests();
    const few = await crawl(crawler(), { startUrl: site.url('/'), maxPages: 3 });
    const pageRequests = site.requests.filter((r) => !/robots\.txt|sitemap/.test(r.path));
    expect(pageRequests).toHaveLength(3);
    expect(few.items.length).toBeLessThanOrEqual(3);
  });

  it('honours Crawl-delay between every request', async () => {
    const slow = await FakeWebsite.start({ crawlDelaySeconds: 1 });
    try {
      await crawl(crawler({ retryBaseMs: 1000 }), { startUrl: slow.url('/'), maxPages: 2, maxDepth: 1 });
      const times = slow.requests.map((r) => r.atMs);
      expect(times.length).toBeGreaterThanOrEqual(5);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(990);
    } finally {
      await slow.close();
    }
  });

  it('refuses a start URL that redirects to a private or metadata address', async () => {
    for (const path of ['/redirect/internal', '/redirect/metadata']) {
      const err = await crawl(crawler(), { startUrl: site.url(path) }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConnectorError);
      // The URL policy's refusal: no fault of the site's, told apart from an internal error.
      expect((err as ConnectorError).code).toBe('not_allowed');
      expect((err as ConnectorError).message).toContain(UNREACHABLE_DESTINATION);
    }
  });

  it('refuses loopback itself when it is not allowed', async () => {
    const strict = crawler({ fetch: { allowPrivate: false, maxBytes: 1_000_000, timeoutMs: 5_000 } });
    const err = await crawl(strict, { startUrl: site.url('/') }).catch((e: unknown) => e);
    expect((err as ConnectorError).message).toContain(UNREACHABLE_DESTINATION);
    expect((err as ConnectorError).code).toBe('not_allowed');
    expect(site.requests).toEqual([]);
  });

  it('does not crawl past a robots.txt it could not read', async () => {
    const down = await FakeWebsite.start();
    try {
      down.setResource('/robots.txt', { status: 503, contentType: 'text/plain', body: 'busy', lastModified: new Date() });
      const err = await crawl(crawler(), { startUrl: down.url('/') }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'provider_unavailable' });
      expect(down.requests.map((r) => r.path)).toEqual(['/robots.txt']);

      down.setResource('/robots.txt', { status: 404, contentType: 'text/plain', body: '', lastModified: new Date() });
      const open = await crawl(crawler(), { startUrl: down.url('/'), maxDepth: 1 });
      expect(paths(open.items)).toContain('/private/admin');
    } finally {
      await down.close();
    }
  });

  it('moves to the host the start URL redirects to, and stays there', async () => {
    const run = await crawl(crawler(), { startUrl: site.url('/redirect/external') });
    expect(run.items.map((i) => i.externalId)).toEqual([`${site.externalOrigin}/page`]);
    // The other site's page links back to this one, which is now off the crawled site.
    expect(site.requests.map((r) => r.path)).toEqual(['/robots.txt', '/redirect/external']);
  });

  it('stops at maxItems', async () => {
    const run = await crawl(crawler(), { startUrl: site.url('/') }, { maxItems: 4 });
    expect(run.items).toHaveLength(4);
  });
});

describe('web crawler, recrawl', () => {
  let cursor: unknown;
  const connector = () => crawler();

  it('asks conditionally for every page it has, and yields only the page that changed', async () => {
    const first = await crawl(connector(), { startUrl: site.url('/'), maxDepth: 2 });
    expect(first.items.length).toBeGreaterThan(5);
    site.setPage('/news', htmlPage('News', ['Autumn meeting moved to Sunday.'], [['/', 'Home']]));
    site.resetRequests();

    const second = await crawl(connector(), { startUrl: site.url('/'), maxDepth: 2 }, { cursor: first.cursor });
    expect(paths(second.items)).toEqual(['/news']);
    expect(second.deletions).toEqual([]);
    const news = second.items[0]!;
    expect(news.version).not.toBe(first.items.find((i) => i.externalId === news.externalId)!.version);
    const conditional = site
      .conditionalRequests()
      .map((r) => r.path)
      .sort();
    expect(conditional).toEqual(paths(first.items));
    expect(site.requests.filter((r) => r.status === 304)).toHaveLength(first.items.length - 1);
    cursor = second.cursor;
  });

  it('turns a removed page, and one robots.txt now disallows, into deletions', async () => {
    site.remove('/about');
    const robots = 'User-agent: *\nDisallow: /private/\nDisallow: /news\nCrawl-delay: 1\n';
    site.setResource('/robots.txt', { status: 200, contentType: 'text/plain', body: robots, lastModified: new Date() });
    const run = await crawl(connector(), { startUrl: site.url('/'), maxDepth: 2 }, { cursor });
    expect(run.items).toEqual([]);
    expect(run.deletions.sort()).toEqual([site.url('/about'), site.url('/news')]);
    expect(requested('/news')).toBe(0);

    const after = await crawl(connector(), { startUrl: site.url('/'), maxDepth: 2 }, { cursor: run.cursor });
    expect(after.deletions).toEqual([]);
  });
});
