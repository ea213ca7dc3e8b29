import { httpUrlField, integerField } from '../config-fields.js';

export interface CrawlerConfig {
  startUrl: string;
  /** URLs fetched per crawl (pages, redirects, files; robots.txt and sitemaps not counted). */
  maxPages: number;
  /** Links followed from the start page; 0 crawls the start page alone. */
  maxDepth: number;
}

export const MAX_PAGES = 10_000;
export const MAX_DEPTH = 50;

export function parseCrawlerConfig(metadata: Record<string, unknown>): CrawlerConfig {
  const start = httpUrlField(metadata, 'startUrl');
  start.hash = '';
  return {
    startUrl: start.href,
    maxPages: integerField(metadata, 'maxPages', { min: 1, max: MAX_PAGES, fallback: 100 }),
    maxDepth: integerField(metadata, 'maxDepth', { min: 0, max: MAX_DEPTH, fallback: 5 }),
  };
}
