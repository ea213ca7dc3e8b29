import { z } from 'zod';
import type { ConvertedDocument, ConvertInput } from '../convert/types.js';
import type { ConnectorKeyKind } from '../model/settings.js';
import type { CodeHostOptions } from './code-host/client.js';
import type { GoogleEndpoints } from './google/options.js';
import type { Connector, ConnectorKind } from './types.js';
import type { CrawlerFetchOptions } from './web-crawler/fetcher.js';

/** A file converted to markdown; the composition root runs it in the conversion pool. */
export type ConvertFile = (input: ConvertInput) => Promise<ConvertedDocument>;

export interface ConnectorOptions {
  /** The code host's REST base and site root (default: github.com); GitHub Enterprise Server: `https://HOST/api/v3` and `https://HOST`. */
  codeHost?: Pick<CodeHostOptions, 'apiUrl' | 'webUrl'>;
  /** Google's endpoints (cloud drive and mail; default: Google's own), each replaceable on its own. */
  google?: Partial<GoogleEndpoints>;
  /** Per request to Google, a file download included (default 60 s). */
  googleTimeoutMs?: number;
  /** The operator's Pub/Sub topic for Gmail push (`projects/P/topics/T`); without it mail has no push subscription. */
  gmailPushTopic?: string;
  /** Gmail's authenticated push: the audience and service account of the ID tokens its push subscription signs. */
  gmailPushSender?: { audience: string; serviceAccount: string };
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
  /**
   * Conversion of what an adapter converts itself (mail bodies and attachments): the conversion pool's
   * (`app.ts`). Without it an adapter's conversion fails; nothing is converted on the event loop.
   */
  convert?: ConvertFile;
  now?: () => Date;
}

/** The options every adapter gets, defaults applied. */
export interface ConnectorContext {
  options: ConnectorOptions;
  userAgent: string;
  maxRateLimitWaitSeconds: number;
  retryBaseMs: number;
  convert: ConvertFile;
  now: () => Date;
}

/**
 * Everything the service knows of a kind, in one place: the registry (`registry.ts`) derives the
 * kinds, the SDK's names for them, the scheduled kinds, the custom-key settings, the credential
 * fields and the environment variables from these.
 */
export interface ConnectorDescriptor<K extends ConnectorKind = ConnectorKind, Env extends Record<string, unknown> = Record<string, unknown>> {
  kind: K;
  /** The SDK's provider names for the kind (`google-drive` for `cloud-drive`). */
  aliases: readonly string[];
  auth: 'oauth' | 'credentials';
  /** The organization settings' name of its own OAuth application (`cloudDrive` → `cloudDriveClientId`…); absent: none. */
  settingsKey?: ConnectorKeyKind;
  /** Metadata fields that are credentials: sealed with the connection, never stored in its metadata or answered. */
  credentialFields?: readonly string[];
  /** Whether the scheduler syncs it; false: only when imported. */
  scheduled: boolean;
  /** An OAuth kind's service application is `{envPrefix}_CLIENT_ID` and `{envPrefix}_CLIENT_SECRET` of its environment. */
  envPrefix?: string;
  /** Its environment variables, checked with the rest of the configuration. */
  env: z.ZodType<Env>;
  /** The adapter options its environment sets. */
  optionsFrom?(env: Env): Partial<ConnectorOptions>;
  /** The variable of `env` that pins the secret kind-wide pushes are verified with. */
  kindSecretVariable?: keyof Env & string;
  create(context: ConnectorContext): Connector;
}

/** The variables of a kind's service OAuth application, `{prefix}_CLIENT_ID` and `{prefix}_CLIENT_SECRET`. */
export function oauthAppEnv<P extends string>(prefix: P) {
  const field = z.string().min(1).optional();
  return { [`${prefix}_CLIENT_ID`]: field, [`${prefix}_CLIENT_SECRET`]: field } as Record<`${P}_CLIENT_ID` | `${P}_CLIENT_SECRET`, typeof field>;
}

/** A descriptor, its environment's type kept for `optionsFrom`. */
export function defineConnector<K extends ConnectorKind, Env extends Record<string, unknown>>(
  descriptor: ConnectorDescriptor<K, Env>,
): ConnectorDescriptor<K, Env> {
  return descriptor;
}
