import { setTimeout as sleep } from 'node:timers/promises';
import { FetchError, fetchUrl, type FetchedResource } from '../../convert/fetch-url.js';
import { ConnectorError } from '../types.js';

export interface CrawlerFetchOptions {
  allowPrivate: boolean;
  /** Addresses or CIDR ranges reachable even when private ones are not (metadata addresses never are). */
  allowedAddresses?: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  userAgent?: string;
}

/** How a crawl waits: between requests, and when the site answers 429. */
export interface Pacing {
  /** Milliseconds per second of a wait (tests shrink it). */
  baseMs: number;
  /** A Retry-After longer than this ends the run as rate_limited, to be taken up again then. */
  maxWaitSeconds: number;
  /** The clock a Retry-After date is read against (the engine's). */
  now: () => Date;
}

/** 429s answered again after a wait, per request; the next one ends the run. */
const RATE_LIMIT_RETRIES = 2;
/** A site that keeps answering 429 is left alone at least this long. */
const MIN_DEFER_SECONDS = 60;

/** Seconds of a Retry-After (delta-seconds or an HTTP date, read against `now`), or null. */
export function retryAfterSeconds(raw: string | undefined, now: Date): number | null {
  if (raw === undefined) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, (at - now.getTime()) / 1000);
}

/**
 * Every request of a crawl, one at a time through fetchUrl (so the SSRF rules vet every URL and
 * redirect target), at least `delayMs` apart. Redirects are returned, not followed: the crawler
 * judges each target (same site, robots.txt) before it is requested. A 429 is asked again after
 * its Retry-After (or 2 s, then 4 s), twice at most and only while the wait is within
 * `maxWaitSeconds`; otherwise the run ends as `rate_limited` with the wait the site asked for.
 */
export class PacedFetcher {
  delayMs = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: CrawlerFetchOptions,
    private readonly signal: AbortSignal,
    private readonly pacing: Pacing,
  ) {}

  async get(url: string, init: { headers?: Record<string, string>; maxBytes?: number } = {}): Promise<FetchedResource> {
    for (let retries = 0; ; retries++) {
      try {
        return await this.once(url, init);
      } catch (err) {
        if (!(err instanceof FetchError) || err.status !== 429) throw err;
        const asked = retryAfterSeconds(err.retryAfter, this.pacing.now());
        const wait = asked ?? 2 ** (retries + 1);
        if (retries < RATE_LIMIT_RETRIES && wait <= this.pacing.maxWaitSeconds) {
          await sleep(wait * this.pacing.baseMs, undefined, { signal: this.signal });
          continue;
        }
        const deferSeconds = asked !== null && asked > this.pacing.maxWaitSeconds ? asked : Math.max(asked ?? 0, MIN_DEFER_SECONDS);
        throw new ConnectorError('rate_limited', 'the site asks for fewer requests (HTTP 429)', Math.ceil(deferSeconds * 1000), { cause: err });
      }
    }
  }

  private async once(url: string, init: { headers?: Record<string, string>; maxBytes?: number }): Promise<FetchedResource> {
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
