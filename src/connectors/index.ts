import { codeHostConnector, GITHUB_DEFAULTS } from './code-host/index.js';
import { CONNECTOR_KINDS, PROVIDER_ALIASES, type Connector, type ConnectorKind } from './types.js';
import { webCrawlerConnector, type CrawlerFetchOptions } from './web-crawler/index.js';

export * from './types.js';

export interface ConnectorOptions {
  /** The code host's REST base and site root (default: github.com); GitHub Enterprise Server: `https://HOST/api/v3` and `https://HOST`. */
  codeHost?: { apiUrl: string; webUrl: string };
  /** How the crawler fetches: the SSRF policy, size and time limits of every request. */
  fetch: CrawlerFetchOptions;
  /** Sent by every adapter. */
  userAgent?: string;
  /** Rate-limit waits up to this long are waited out; longer ones end the run as rate_limited (default 60). */
  maxRateLimitWaitSeconds?: number;
  /** Milliseconds per second of a provider's Retry-After or a crawl delay, and of retry backoff (default 1000; tests shrink it). */
  retryBaseMs?: number;
  now?: () => Date;
}

const DEFAULT_USER_AGENT = 'engram/0.1';

/** The kind a provider name stands for: a kind id itself, or one of the SDK's names for it. */
export function resolveKind(provider: string): ConnectorKind | null {
  if ((CONNECTOR_KINDS as readonly string[]).includes(provider)) return provider as ConnectorKind;
  return Object.hasOwn(PROVIDER_ALIASES, provider) ? PROVIDER_ALIASES[provider]! : null;
}

/** The adapter for a kind, or null for a kind not built yet. */
export function connectorFor(kind: ConnectorKind, options: ConnectorOptions): Connector | null {
  const now = options.now ?? (() => new Date());
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  switch (kind) {
    case 'code-host':
      return codeHostConnector({
        ...(options.codeHost ?? GITHUB_DEFAULTS),
        userAgent,
        maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? 60,
        retryBaseMs,
        now,
      });
    case 'web-crawler':
      return webCrawlerConnector({ fetch: { ...options.fetch, userAgent }, delayBaseMs: retryBaseMs });
    default:
      return null;
  }
}
