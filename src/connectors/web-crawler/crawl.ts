import { createHash } from 'node:crypto';
import { charsetOf, decodeText, mediaTypeOf } from '../../convert/decode.js';
import { FetchError, type FetchedResource } from '../../convert/fetch-url.js';
import { PageBuilder } from '../pages.js';
import { ConnectorError, type SourceDocumentType, type SourceItem, type SyncPage, type SyncRequest } from '../types.js';
import { parseCrawlerConfig, type CrawlerConfig } from './config.js';
import { readCursor, RECRAWL_INTERVAL_MS, validator, type CrawlerCursor, type PageRecord } from './cursor.js';
import { PacedFetcher, type CrawlerFetchOptions } from './fetcher.js';
import { readHtml } from './html.js';
import { loadRobots, type Robots } from './robots.js';
import { readRobotsTag } from './robots-tag.js';
import { Site } from './site.js';
import { sitemapPages } from './sitemaps.js';

export interface CrawlerOptions {
  fetch: CrawlerFetchOptions & { userAgent: string };
  /** Milliseconds per second of crawl delay and of a Retry-After (tests shrink it). */
  delayBaseMs: number;
  /** A site's Retry-After up to this long is waited out in the run; a longer one ends it as rate_limited. */
  maxRateLimitWaitSeconds: number;
}

/** Used when robots.txt sets no Crawl-delay: one request a second. */
const DEFAULT_DELAY_SECONDS = 1;
/** A longer Crawl-delay is cut to this, or a crawl of a few hundred pages would take days. */
const MAX_DELAY_SECONDS = 60;
/** Hops a start URL may redirect through, to another host too (that host is then the site). */
const START_REDIRECTS = 5;

/** Files other than HTML that convert reads, by media type. */
const FILE_TYPES: Record<string, SourceDocumentType> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'text',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'text',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'text',
  'application/vnd.oasis.opendocument.text': 'text',
  'application/epub+zip': 'text',
};

function isHtml(mediaType: string | null, bytes: Uint8Array): boolean {
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return true;
  return mediaType === null && /^\s*<(!doctype html|html)/i.test(new TextDecoder().decode(bytes.subarray(0, 512)));
}

function fileNameOf(url: string): string | null {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}

/** A fetch failure as a sync-run code: the URL policy's refusal is no fault of the site's or ours. */
const failureCode = (err: FetchError) => (err.refused ? 'not_allowed' : err.transient ? 'provider_unavailable' : 'internal');

/** The agent name robots.txt rules are matched against: our User-Agent's product token. */
const agentToken = (userAgent: string) => userAgent.split('/')[0]!.trim() || 'engram';

/**
 * One crawl of a site, breadth first from the start URL, within maxPages requests and maxDepth
 * links: pages of the same site only (see Site), as robots.txt allows, spaced by its Crawl-delay;
 * seeded also by the sitemaps and by the pages the last crawl imported, which are asked for
 * conditionally (a 304 keeps the document). HTML goes out as text/html for the pipeline to
 * convert; PDF and office files as bytes. A 404 or 410, a redirect, a robots.txt Disallow or a
 * `noindex` for a page imported before is a deletion.
 */
class Crawl {
  private site: Site;
  private robots: Robots = { allows: () => true, crawlDelaySeconds: null, sitemaps: [] };
  private readonly pages: Record<string, PageRecord>;
  private readonly queued = new Map<string, number>();
  private readonly buckets: string[][] = [];
  private readonly visited = new Set<string>();
  private readonly fetcher: PacedFetcher;
  private requests = 0;
  readonly out: PageBuilder;

  constructor(
    private readonly options: CrawlerOptions,
    private readonly config: CrawlerConfig,
    private readonly previous: CrawlerCursor,
    private readonly request: SyncRequest,
  ) {
    this.site = Site.of(config.startUrl);
    this.pages = { ...previous.pages };
    this.fetcher = new PacedFetcher(options.fetch, request.signal, {
      baseMs: options.delayBaseMs,
      maxWaitSeconds: options.maxRateLimitWaitSeconds,
      now: request.now,
    });
    this.out = new PageBuilder(request);
  }

  cursor(finished: boolean): CrawlerCursor {
    const recrawlAfter = finished ? new Date(this.request.now().getTime() + RECRAWL_INTERVAL_MS).toISOString() : this.previous.recrawlAfter;
    return { v: 1, site: this.site.origin, recrawlAfter, pages: this.pages };
  }

  async *run(): AsyncGenerator<SyncPage> {
    await this.enterSite(this.site);
    await this.start(this.config.startUrl, START_REDIRECTS);
    for (const url of await sitemapPages(this.fetcher, this.site, this.robots.sitemaps, this.config.maxPages)) this.enqueue(url, 1);
    for (const [url, record] of Object.entries(this.previous.pages)) {
      if (this.site.resolve(url, url) === url) this.enqueue(url, record.depth);
      else this.forget(url);
    }
    for (let next = this.dequeue(); next; next = this.dequeue()) {
      if (this.requests >= this.config.maxPages) break;
      // At the documentLimit only the pages held are read again (edits, removals); new ones wait.
      if (!this.out.wants(next.url)) continue;
      await this.visit(next.url, next.depth);
      if (this.out.full) yield this.out.take(this.cursor(false));
    }
    this.keepWithinMaxPages();
    yield this.out.take(this.cursor(true));
  }

  private async enterSite(site: Site): Promise<void> {
    this.site = site;
    this.robots = await loadRobots(this.fetcher, site, agentToken(this.options.fetch.userAgent));
    const seconds = Math.min(this.robots.crawlDelaySeconds ?? DEFAULT_DELAY_SECONDS, MAX_DELAY_SECONDS);
    this.fetcher.delayMs = seconds * this.options.delayBaseMs;
  }

  /** The start URL; a redirect to another host moves the whole crawl there. Its failure ends the run. */
  private async start(url: string, redirectsLeft: number): Promise<void> {
    const res = await this.visit(url, 0);
    if (res instanceof FetchError) throw new ConnectorError(failureCode(res), `start URL: ${res.message}`, undefined, { cause: res });
    if (res?.location && redirectsLeft > 0 && !this.site.resolve(res.location, url)) {
      let target: URL;
      try {
        target = new URL(res.location);
      } catch {
        return;
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:') return;
      target.hash = '';
      await this.enterSite(Site.of(target.href));
      await this.start(target.href, redirectsLeft - 1);
    }
  }

  private enqueue(url: string, depth: number): void {
    if (depth > this.config.maxDepth || this.visited.has(url) || (this.queued.get(url) ?? Infinity) <= depth) return;
    this.queued.set(url, depth);
    (this.buckets[depth] ??= []).push(url);
  }

  private dequeue(): { url: string; depth: number } | null {
    for (const [depth, bucket] of this.buckets.entries()) {
      while (bucket?.length) {
        const url = bucket.shift()!;
        // Skips an entry queued again nearer the start, or visited since.
        if (this.queued.get(url) === depth && !this.visited.has(url)) return { url, depth };
      }
    }
    return null;
  }

  /** The document of a page imported before is gone. */
  private forget(url: string): void {
    if (!(url in this.pages)) return;
    delete this.pages[url];
    this.out.remove(url);
  }

  private conditional(record: PageRecord | undefined): Record<string, string> {
    const headers: Record<string, string> = {};
    if (record?.etag) headers['if-none-match'] = record.etag;
    if (record?.lastModified) headers['if-modified-since'] = record.lastModified;
    return headers;
  }

  private async visit(url: string, depth: number): Promise<FetchedResource | FetchError | null> {
    this.visited.add(url);
    if (!this.robots.allows(url)) {
      this.forget(url);
      return null;
    }
    this.requests++;
    const known = this.pages[url];
    let res: FetchedResource;
    try {
      res = await this.fetcher.get(url, { headers: this.conditional(known) });
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      if (err.status === 404 || err.status === 410) this.forget(url);
      return err;
    }
    if (res.status === 304) {
      if (known) known.depth = Math.min(known.depth, depth);
      return res;
    }
    if (res.location) {
      this.forget(url);
      const target = this.site.resolve(res.location, url);
      if (target) this.enqueue(target, depth);
      return res;
    }
    this.take(url, depth, res, known);
    return res;
  }

  /**
   * Follows a page's links and keeps it as an item, unless it is not one to keep. `noindex` and
   * `nofollow` come from the page's meta robots and from the `X-Robots-Tag` header (which a PDF or
   * an office file can carry too).
   */
  private take(url: string, depth: number, res: FetchedResource, known: PageRecord | undefined): void {
    const mediaType = mediaTypeOf(res.contentType);
    const header = readRobotsTag(res.robotsTag, agentToken(this.options.fetch.userAgent));
    let item: SourceItem;
    if (isHtml(mediaType, res.bytes)) {
      const html = decodeText(res.bytes, charsetOf(res.contentType));
      const page = readHtml(html, url);
      if (!page.nofollow && !header.nofollow && depth < this.config.maxDepth) {
        for (const href of page.links) {
          const link = this.site.resolve(href, page.base);
          if (link) this.enqueue(link, depth + 1);
        }
      }
      const canonical = page.canonical === null ? null : this.site.resolve(page.canonical, page.base);
      if (page.noindex || header.noindex || (canonical !== null && canonical !== url)) {
        if (canonical) this.enqueue(canonical, depth);
        this.forget(url);
        return;
      }
      item = this.item(url, depth, res, 'webpage', { text: html, mediaType: 'text/html' }, page.title);
    } else if (mediaType && FILE_TYPES[mediaType] && !header.noindex) {
      const filename = fileNameOf(url);
      item = this.item(url, depth, res, FILE_TYPES[mediaType], { bytes: res.bytes, mediaType, filename }, filename);
    } else {
      this.forget(url);
      return;
    }
    // A server that ignores conditional requests sends the same body again: nothing changed.
    // A new page past the documentLimit is not recorded, so a later run with room imports it.
    if (known?.version !== item.version && !this.out.add(item)) return;
    this.pages[url] = { etag: validator(res.etag), lastModified: validator(res.lastModified), version: item.version, depth };
  }

  private item(url: string, depth: number, res: FetchedResource, type: SourceDocumentType, body: SourceItem['body'], title: string | null): SourceItem {
    const modified = res.lastModified ? new Date(res.lastModified) : null;
    return {
      externalId: url,
      version: createHash('sha256').update(res.bytes).digest('base64url'),
      title,
      url,
      filepath: new URL(url).pathname,
      type,
      body,
      metadata: { site: this.site.origin, depth },
      updatedAt: modified && !Number.isNaN(modified.getTime()) ? modified : null,
    };
  }

  /** Pages imported before but not reached this time are kept, as long as they fit in maxPages. */
  private keepWithinMaxPages(): void {
    const urls = Object.keys(this.pages);
    let excess = urls.length - this.config.maxPages;
    for (const url of urls) {
      if (excess <= 0) break;
      if (!this.visited.has(url)) {
        this.forget(url);
        excess--;
      }
    }
  }
}

export async function* crawlSite(options: CrawlerOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const crawl = new Crawl(options, parseCrawlerConfig(request.config), readCursor(request.cursor), request);
  try {
    yield* crawl.run();
  } catch (err) {
    if (err instanceof FetchError) {
      throw new ConnectorError(failureCode(err), `the site cannot be crawled: ${err.message}`, undefined, { cause: err });
    }
    throw err;
  }
}
