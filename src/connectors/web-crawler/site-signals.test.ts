import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWebsite, htmlPage } from '../../../test/fakes/website.js';
import { connectorFor } from '../index.js';
import type { Connector, SourceItem, SyncPage, SyncRequest } from '../types.js';

/** What a site says besides its pages: 429 with Retry-After, gzipped sitemaps, X-Robots-Tag. */
let site: FakeWebsite;

function crawler(): Connector {
  return connectorFor('web-crawler', {
    fetch: { allowPrivate: false, allowedAddresses: ['127.0.0.1'], maxBytes: 5_000_000, timeoutMs: 5_000 },
    retryBaseMs: 1,
    maxRateLimitWaitSeconds: 60,
    userAgent: 'engram-test/1.0',
  })!;
}

/** The crawl's clock: years from the wall clock, so a Retry-After date is only short on this one. */
const CLOCK = new Date('2031-03-01T09:00:00Z');

async function crawl(metadata: Record<string, unknown>, overrides: Partial<SyncRequest> = {}) {
  const connector = crawler();
  const config = connector.parseConfig(metadata);
  const request: SyncRequest = {
    credentials: { config },
    config,
    cursor: null,
    maxItems: null,
    signal: new AbortController().signal,
    now: () => CLOCK,
    ...overrides,
  };
  const pages: SyncPage[] = [];
  for await (const page of connector.sync(request)) pages.push(page);
  return { pages, items: pages.flatMap((p) => p.items), deletions: pages.flatMap((p) => p.deletions), cursor: pages.at(-1)?.cursor ?? null };
}

const paths = (items: SourceItem[]) => items.map((i) => new URL(i.externalId).pathname).sort();
const statuses = (path: string) => site.requestsFor(path).map((r) => r.status);
const xml = (body: string) => ({ status: 200, contentType: 'application/xml', body, lastModified: new Date() });
const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;

beforeAll(async () => {
  site = await FakeWebsite.start();
});
afterAll(() => site.close());

describe('web crawler, a site that asks it to slow down (429)', () => {
  it('waits out a Retry-After in seconds and asks again', async () => {
    site.resetRequests();
    site.throttle('/about', { times: 1, retryAfter: '2' });
    const run = await crawl({ startUrl: site.url('/'), maxDepth: 1 });
    expect(paths(run.items)).toContain('/about');
    expect(statuses('/about')).toEqual([429, 200]);
  });

  it('reads a Retry-After date on the crawl’s own clock', async () => {
    site.resetRequests();
    site.throttle('/news', { times: 1, retryAfter: new Date(CLOCK.getTime() + 5_000).toUTCString() });
    const run = await crawl({ startUrl: site.url('/'), maxDepth: 1 });
    expect(paths(run.items)).toContain('/news');
    expect(statuses('/news')).toEqual([429, 200]);
  });

  it('ends the run as rate_limited with the wait when the site asks for longer than it waits, or keeps refusing', async () => {
    site.throttle('/about', { times: 1, retryAfter: '3600' });
    await expect(crawl({ startUrl: site.url('/'), maxDepth: 1 })).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000 });
    site.resetRequests();
    site.throttle('/about', { times: 10, retryAfter: '1' });
    await expect(crawl({ startUrl: site.url('/'), maxDepth: 1 })).rejects.toMatchObject({ code: 'rate_limited' });
    // Asked three times at most: the first answer and two retries.
    expect(statuses('/about')).toEqual([429, 429, 429]);
    site.throttle('/about', { times: 0 });
  });

  it('a 429 on robots.txt is no licence to crawl: the run ends rate_limited', async () => {
    site.resetRequests();
    site.throttle('/robots.txt', { times: 3, retryAfter: '1' });
    await expect(crawl({ startUrl: site.url('/'), maxDepth: 1 })).rejects.toMatchObject({ code: 'rate_limited' });
    expect(site.requests.filter((r) => r.path !== '/robots.txt')).toEqual([]);
  });
});

describe('web crawler, gzipped sitemaps', () => {
  it('reads a .xml.gz sitemap an index names, and passes over one that inflates past the bound', async () => {
    site.setPage('/gz-only', htmlPage('Only the gzipped sitemap names this page', ['Compost.']));
    site.setPage('/bomb-only', htmlPage('Only the oversized sitemap names this page', ['Never seen.']));
    const index = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${site.url('/sitemap.xml')}</loc></sitemap>
  <sitemap><loc>${site.url('/sitemap-news.xml.gz')}</loc></sitemap>
  <sitemap><loc>${site.url('/sitemap-huge.xml.gz')}</loc></sitemap>
</sitemapindex>`;
    site.setResource('/sitemap_index.xml', xml(index));
    site.setResource('/sitemap-news.xml.gz', {
      status: 200,
      contentType: 'application/x-gzip',
      body: gzipSync(urlset([site.url('/gz-only')])),
      lastModified: new Date(),
    });
    // 51 MiB of XML once inflated: past the sitemap protocol's 50 MiB.
    const huge = Buffer.concat([Buffer.from(urlset([site.url('/bomb-only')])), Buffer.alloc(51 * 1024 * 1024, ' ')]);
    site.setResource('/sitemap-huge.xml.gz', { status: 200, contentType: 'application/gzip', body: gzipSync(huge), lastModified: new Date() });
    site.resetRequests();
    const run = await crawl({ startUrl: site.url('/'), maxDepth: 1 });
    expect(paths(run.items)).toContain('/gz-only');
    expect(paths(run.items)).not.toContain('/bomb-only');
    expect(statuses('/sitemap-news.xml.gz')).toEqual([200]);
    expect(statuses('/sitemap-huge.xml.gz')).toEqual([200]);
  });
});

describe('web crawler, X-Robots-Tag', () => {
  const page = (path: string, title: string, tag: string, links: [string, string][] = []) =>
    site.setResource(path, {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: htmlPage(title, ['Seeds.'], links),
      lastModified: new Date(),
      headers: { 'x-robots-tag': tag },
    });

  it('keeps no page the header says noindex (for every agent or ours), follows no link of a nofollow one, and ignores what is said to another agent', async () => {
    page('/tagged/noindex', 'No index', 'noindex');
    page('/tagged/none', 'None', 'none');
    page('/tagged/ours', 'Ours', 'engram-test: noindex');
    page('/tagged/other', 'Other bot', 'otherbot: noindex, nofollow', [['/tagged/from-other', 'Next']]);
    page('/tagged/nofollow', 'No follow', 'nofollow', [['/tagged/behind-nofollow', 'Hidden']]);
    page('/tagged/dated', 'Dated', 'unavailable_after: 25 Jun 2040 15:00:00 PST');
    site.setPage('/tagged/from-other', htmlPage('From other', ['Reached.']));
    site.setPage('/tagged/behind-nofollow', htmlPage('Behind', ['Never reached.']));
    site.setResource('/tagged/report.pdf', {
      status: 200,
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.4\n%%EOF\n'),
      lastModified: new Date(),
      headers: { 'x-robots-tag': 'noindex' },
    });
    const links: [string, string][] = ['noindex', 'none', 'ours', 'other', 'nofollow', 'dated', 'report.pdf'].map((p) => [`/tagged/${p}`, p]);
    site.setPage('/tagged/', htmlPage('Tagged pages', ['Index.'], links));
    site.resetRequests();
    const run = await crawl({ startUrl: site.url('/tagged/'), maxDepth: 3 });
    // (The sitemaps seed the rest of the site.)
    const tagged = paths(run.items).filter((p) => p.startsWith('/tagged/'));
    expect(tagged).toEqual(['/tagged/', '/tagged/dated', '/tagged/from-other', '/tagged/nofollow', '/tagged/other']);
    expect(statuses('/tagged/behind-nofollow')).toEqual([]);
    expect(statuses('/tagged/noindex')).toEqual([200]);

    // A page imported before that now says noindex (edited, so not a 304) is a deletion.
    page('/tagged/dated', 'Dated, withdrawn', 'noindex');
    const again = await crawl({ startUrl: site.url('/tagged/'), maxDepth: 3 }, { cursor: run.cursor });
    expect(again.deletions).toEqual([site.url('/tagged/dated')]);
  });
});
