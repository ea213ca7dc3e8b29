import robotsParserModule from 'robots-parser';
import { FetchError } from '../../convert/fetch-url.js';
import { decodeText } from '../../convert/decode.js';
import type { PacedFetcher } from './fetcher.js';
import type { Site } from './site.js';

export interface Robots {
  allows(url: string): boolean;
  /** Crawl-delay for our user agent, in seconds, or null when none is set. */
  crawlDelaySeconds: number | null;
  sitemaps: string[];
}

/** Google's limit: what lies past it is ignored. */
const MAX_ROBOTS_BYTES = 512 * 1024;
const MAX_REDIRECTS = 4;

// The package is CommonJS exporting the function itself; its types only describe an ES default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const ALLOW_ALL: Robots = { allows: () => true, crawlDelaySeconds: null, sitemaps: [] };

/**
 * The site's robots.txt for `agent` (the product token of our User-Agent). A 4xx, or a redirect
 * off the site, means no rules; other failures are thrown, since crawling past rules we could not
 * read would be wrong.
 */
export async function loadRobots(fetcher: PacedFetcher, site: Site, agent: string): Promise<Robots> {
  let url = `${site.origin}/robots.txt`;
  for (let hop = 0; ; hop++) {
    let res;
    try {
      res = await fetcher.get(url, { maxBytes: MAX_ROBOTS_BYTES });
    } catch (err) {
      if (err instanceof FetchError && err.status !== undefined && err.status >= 400 && err.status < 500) return ALLOW_ALL;
      if (err instanceof FetchError && /too large/.test(err.message)) return ALLOW_ALL;
      throw err;
    }
    if (res.location) {
      const target = site.resolve(res.location, url);
      if (!target || hop >= MAX_REDIRECTS) return ALLOW_ALL;
      url = target;
      continue;
    }
    const parsed = robotsParser(url, decodeText(res.bytes));
    const delay = parsed.getCrawlDelay(agent);
    return {
      allows: (page) => parsed.isAllowed(page, agent) !== false,
      crawlDelaySeconds: typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : null,
      sitemaps: parsed.getSitemaps(),
    };
  }
}
