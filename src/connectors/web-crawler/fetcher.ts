import { setTimeout as sleep } from 'node:timers/promises';
import { fetchUrl, type FetchedResource } from '../../convert/fetch-url.js';

export interface CrawlerFetchOptions {
  allowPrivate: boolean;
  /** Addresses or CIDR ranges reachable even when private ones are not (metadata addresses never are). */
  allowedAddresses?: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  userAgent?: string;
}

/**
 * Every request of a crawl, one at a time through fetchUrl (so the SSRF rules vet every URL and
 * redirect target), at least `delayMs` apart. Redirects are returned, not followed: the crawler
 * judges each target (same site, robots.txt) before it is requested.
 */
export class PacedFetcher {
  delayMs = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: CrawlerFetchOptions,
    private readonly signal: AbortSignal,
  ) {}

  async get(url: string, init: { headers?: Record<string, string>; maxBytes?: number } = {}): Promise<FetchedResource> {
    const wait = this.lastRequestAt + this.delayMs - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal: this.signal });
    this.signal.throwIfAborted();
    this.lastRequestAt = Date.now();
    try {
      return await fetchUrl(url, {
        ...this.options,
        maxBytes: Math.min(init.maxBytes ?? this.options.maxBytes, this.options.maxBytes),
        headers: init.headers,
        redirects: 'return',
      });
    } finally {
      // The delay runs from the end of a request, so a slow answer does not shorten the gap.
      this.lastRequestAt = Date.now();
    }
  }
}
