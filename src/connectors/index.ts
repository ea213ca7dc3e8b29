import { cloudDriveConnector } from './cloud-drive/index.js';
import { codeHostConnector, GITHUB_DEFAULTS } from './code-host/index.js';
import { GOOGLE_DEFAULTS, type GoogleEndpoints, type GoogleOptions } from './google/options.js';
import { mailConnector } from './mail/index.js';
import { GRANOLA_DEFAULTS, meetingsConnector } from './meetings/index.js';
import { NOTION_DEFAULTS, notesWorkspaceConnector } from './notes-workspace/index.js';
import { MICROSOFT_DEFAULTS, officeDriveConnector } from './office-drive/index.js';
import type { ProviderSettings } from './provider-http.js';
import { CONNECTOR_KINDS, PROVIDER_ALIASES, type Connector, type ConnectorKind } from './types.js';
import { webCrawlerConnector, type CrawlerFetchOptions } from './web-crawler/index.js';

export * from './types.js';

export interface ConnectorOptions {
  /** The code host's REST base and site root (default: github.com); GitHub Enterprise Server: `https://HOST/api/v3` and `https://HOST`. */
  codeHost?: { apiUrl: string; webUrl: string };
  /** Google's endpoints (cloud drive and mail; default: Google's own), each replaceable on its own. */
  google?: Partial<GoogleEndpoints>;
  /** Per request to Google, a file download included (default 60 s). */
  googleTimeoutMs?: number;
  /** The operator's Pub/Sub topic for Gmail push (`projects/P/topics/T`); without it mail has no push subscription. */
  gmailPushTopic?: string;
  /** Microsoft Graph and the Microsoft identity platform (default: graph.microsoft.com/v1.0, login.microsoftonline.com, tenant `common`). */
  officeDrive?: { graphUrl: string; loginUrl: string; tenant: string };
  /** The Notion API host (default `https://api.notion.com`; OAuth is under it too). */
  notesWorkspace?: { apiUrl: string };
  /** The meeting notes API host (default `https://public-api.granola.ai`). */
  meetings?: { apiUrl: string };
  /**
   * How the crawler fetches: the SSRF policy, size and time limits of every request. The size and
   * time limits also bound each request of the REST adapters (office drive, notes, meetings).
   */
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
  const http: ProviderSettings = {
    userAgent,
    timeoutMs: options.fetch.timeoutMs,
    maxBytes: options.fetch.maxBytes,
    maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? 60,
    retryBaseMs,
    now,
  };
  switch (kind) {
    case 'code-host':
      return codeHostConnector({
        ...(options.codeHost ?? GITHUB_DEFAULTS),
        userAgent,
        maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? 60,
        retryBaseMs,
        now,
      });
    case 'cloud-drive':
      return cloudDriveConnector(googleOptions(options, userAgent, retryBaseMs, now));
    case 'mail':
      return mailConnector({ ...googleOptions(options, userAgent, retryBaseMs, now), pushTopic: options.gmailPushTopic });
    case 'web-crawler':
      return webCrawlerConnector({ fetch: { ...options.fetch, userAgent }, delayBaseMs: retryBaseMs });
    case 'office-drive':
      return officeDriveConnector({ ...(options.officeDrive ?? MICROSOFT_DEFAULTS), http, now });
    case 'notes-workspace':
      return notesWorkspaceConnector({ ...(options.notesWorkspace ?? NOTION_DEFAULTS), http, now });
    case 'meetings':
      return meetingsConnector({ ...(options.meetings ?? GRANOLA_DEFAULTS), http });
    default:
      return null;
  }
}

function googleOptions(options: ConnectorOptions, userAgent: string, retryBaseMs: number, now: () => Date): GoogleOptions {
  return {
    endpoints: { ...GOOGLE_DEFAULTS, ...options.google },
    userAgent,
    maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? 60,
    retryBaseMs,
    timeoutMs: options.googleTimeoutMs ?? 60_000,
    now,
  };
}
