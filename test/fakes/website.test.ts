import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeWebsite, htmlPage } from './website.js';

let site: FakeWebsite;

beforeAll(async () => {
  site = await FakeWebsite.start({ crawlDelaySeconds: 2 });
});
afterAll(() => site.close());
beforeEach(() => site.resetRequests());

const get = (path: string, headers: Record<string, string> = {}) => fetch(site.url(path), { headers, redirect: 'manual' });

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
}

describe('fake web site for the crawler', () => {
  it('serves linked pages, including a link to another host', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const links = hrefs(await home.text());
    expect(links).toEqual(expect.arrayContaining(['/about', '/docs/', '/private/admin', `${site.externalOrigin}/page`, '/redirect/metadata']));
    expect((await get('/docs/intro')).status).toBe(200);
    expect(site.externalRequests).toEqual([]);
    expect((await fetch(`${site.externalOrigin}/page`)).status).toBe(200);
    expect(site.externalRequests.map((r) => r.path)).toEqual(['/page']);
  });

  it('publishes robots.txt with a disallowed path, a crawl delay and the sitemap index', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /private/');
    expect(robots).toContain('Crawl-delay: 2');
    expect(robots).toContain(`Sitemap: ${site.url('/sitemap_index.xml')}`);
  });

  it('publishes a sitemap index whose sitemaps name pages no link reaches', async () => {
    const index = await (await get('/sitemap_index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(sitemaps).toEqual([site.url('/sitemap.xml'), site.url('/sitemap-blog.xml')]);
    const pages = [];
    for (const sitemap of sitemaps) pages.push(...[...(await (await fetch(sitemap)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(pages).toEqual(expect.arrayContaining([site.url('/orphan'), site.url('/blog/sitemap-only-post')]));
    expect((await get('/orphan')).status).toBe(200);
  });

  it('answers conditional GETs with 304 until the page changes, and logs them', async () => {
    const first = await get('/news');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect((await get('/news', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/news', { 'if-modified-since': lastModified })).status).toBe(304);

    site.setPage('/news', htmlPage('News', ['Autumn meeting moved to Sunday.']));
    const byEtag = await get('/news', { 'if-none-match': etag });
    expect(byEtag.status).toBe(200);
    expect(await byEtag.text()).toContain('Autumn meeting');
    expect((await get('/news', { 'if-modified-since': lastModified })).status).toBe(200);
    expect(Date.parse(byEtag.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));

    expect(site.conditionalRequests().map((r) => r.status)).toEqual([304, 304, 200, 200]);
    expect(site.requestsFor('/news').map((r) => r.ifNoneMatch)).toEqual([undefined, etag, undefined, etag, undefined]);
  });

  it('redirects to private addresses and other hosts (checked with redirect: manual, never followed)', async () => {
    const metadata = await get('/redirect/metadata');
    expect(metadata.status).toBe(302);
    expect(metadata.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data/');
    expect((await get('/redirect/internal')).headers.get('location')).toBe('http://10.0.0.1/admin');
    expect((await get('/redirect/external')).headers.get('location')).toBe(`${site.externalOrigin}/page`);
    const sameSite = await get('/redirect/about');
    expect([sameSite.status, sameSite.headers.get('location')]).toEqual([301, '/about']);
  });

  it('serves files that are not HTML with their types', async () => {
    const pdf = await get('/files/report.pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get('/images/logo.png')).headers.get('content-type')).toBe('image/png');
    expect(await (await get('/data.json')).json()).toEqual({ members: 42 });
  });

  it('answers 404 for a removed page and records arrival times and the user agent', async () => {
    site.setPage('/temporary', htmlPage('Temporary', ['Here today.']));
    expect((await get('/temporary', { 'user-agent': 'engram-crawler/1' })).status).toBe(200);
    site.remove('/temporary');
    expect((await get('/temporary')).status).toBe(404);
    const [seen, gone] = site.requestsFor('/temporary');
    expect(seen.userAgent).toBe('engram-crawler/1');
    expect(gone.status).toBe(404);
    expect(gone.atMs).toBeGreaterThanOrEqual(seen.atMs);
  });
});
