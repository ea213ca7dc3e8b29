/** What the crawler knows of one page it imported. */
export interface PageRecord {
  etag: string | null;
  lastModified: string | null;
  /** SHA-256 of the body: the item's version. */
  version: string;
  depth: number;
}

/**
 * The crawler's cursor: per imported page (at most maxPages of them, URLs at most 2 KB, validators
 * at most 256 characters) its validators and version, so about maxPages × 2.5 KB at worst and a
 * few hundred bytes per page in practice.
 */
export interface CrawlerCursor {
  v: 1;
  site: string;
  /** Set when a crawl finished: the scheduler's next run is not before this. */
  recrawlAfter: string | null;
  pages: Record<string, PageRecord>;
}

export const RECRAWL_INTERVAL_MS = 7 * 24 * 3600 * 1000;
const MAX_VALIDATOR_LENGTH = 256;

export function validator(value: string | null): string | null {
  return value !== null && value.length <= MAX_VALIDATOR_LENGTH ? value : null;
}

function isPageRecord(v: unknown): v is PageRecord {
  const r = v as PageRecord | null;
  const strOrNull = (x: unknown) => x === null || typeof x === 'string';
  return (
    !!r && typeof r === 'object' && strOrNull(r.etag) && strOrNull(r.lastModified) && typeof r.version === 'string' && Number.isInteger(r.depth) && r.depth >= 0
  );
}

/** The stored cursor's pages that are well-formed; anything else starts over. */
export function readCursor(raw: unknown): CrawlerCursor {
  const c = raw as CrawlerCursor | null;
  const pages: Record<string, PageRecord> = {};
  if (c && typeof c === 'object' && c.v === 1 && c.pages && typeof c.pages === 'object') {
    for (const [url, record] of Object.entries(c.pages)) if (isPageRecord(record)) pages[url] = { ...record };
  }
  const recrawlAfter = c && typeof c === 'object' && typeof c.recrawlAfter === 'string' ? c.recrawlAfter : null;
  return { v: 1, site: typeof c?.site === 'string' ? c.site : '', recrawlAfter, pages };
}

export function nextCrawlAfter(raw: unknown): Date | null {
  const at = readCursor(raw).recrawlAfter;
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
