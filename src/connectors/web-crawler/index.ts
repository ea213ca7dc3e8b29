import { z } from 'zod';
import { defineConnector } from '../descriptor.js';
import type { Connector } from '../types.js';
import { parseCrawlerConfig } from './config.js';
import { crawlSite, type CrawlerOptions } from './crawl.js';
import { nextCrawlAfter } from './cursor.js';

export type { CrawlerFetchOptions } from './fetcher.js';
export type { CrawlerOptions } from './crawl.js';

/** A public web site, crawled from `metadata.startUrl`; no authorization, no webhooks, recrawled weekly at most. */
export function webCrawlerConnector(options: CrawlerOptions): Connector {
  return {
    kind: 'web-crawler',
    auth: 'credentials',
    parseConfig: (metadata) => ({ ...metadata, ...parseCrawlerConfig(metadata) }),
    sync: (request) => crawlSite(options, request),
    nextRunAfter: nextCrawlAfter,
  };
}

export const webCrawlerDescriptor = defineConnector({
  kind: 'web-crawler',
  aliases: ['web-crawler'],
  auth: 'credentials',
  scheduled: true,
  env: z.object({}),
  create: (context) =>
    webCrawlerConnector({
      fetch: { ...context.options.fetch, userAgent: context.userAgent },
      delayBaseMs: context.retryBaseMs,
      maxRateLimitWaitSeconds: context.maxRateLimitWaitSeconds,
    }),
});
