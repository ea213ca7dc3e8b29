import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { ConnectorConfigError, ConnectorError } from '../types.js';

export interface CodeHostOptions {
  /** REST base, e.g. `https://api.github.com` or `https://ghe.example.com/api/v3`. */
  apiUrl: string;
  /** Site root: OAuth pages and the links people open, e.g. `https://github.com`. */
  webUrl: string;
  userAgent: string;
  /** Rate-limit waits up to this long are waited out; longer ones end the run as rate_limited. */
  maxRateLimitWaitSeconds: number;
  /** Milliseconds per second of a provider's Retry-After and of retry backoff (tests shrink it). */
  retryBaseMs: number;
  /** Local time, for token expiry. */
  now: () => Date;
}

export const GITHUB_DEFAULTS = { apiUrl: 'https://api.github.com', webUrl: 'https://github.com' } as const;

const ThrottledOctokit = Octokit.plugin(throttling, retry);
export type GitHubClient = InstanceType<typeof ThrottledOctokit>;

const QUIET = { debug() {}, info() {}, warn() {}, error() {} };
const MAX_LIMIT_RETRIES = 2;

/** A client for one token (or none, for the OAuth endpoints), with rate limits and retries handled. */
export function gitHubClient(options: CodeHostOptions, auth: string | null, signal?: AbortSignal, baseUrl = options.apiUrl): GitHubClient {
  const waitable = (retryAfter: number, _request: unknown, _octokit: unknown, retryCount: number) =>
    retryAfter <= options.maxRateLimitWaitSeconds && retryCount < MAX_LIMIT_RETRIES;
  return new ThrottledOctokit({
    baseUrl,
    ...(auth !== null && { auth }),
    userAgent: options.userAgent,
    log: QUIET,
    request: { signal },
    // 429 belongs to the throttling plugin; a generic retry would wait past a long reset.
    retry: { retryAfterBaseValue: options.retryBaseMs, doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451] },
    throttle: { retryAfterBaseValue: options.retryBaseMs, onRateLimit: waitable, onSecondaryRateLimit: waitable },
  });
}

interface HttpFailure {
  status: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined> };
}

export function isHttpFailure(err: unknown, ...statuses: number[]): err is HttpFailure {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (statuses.length === 0 || statuses.includes(status));
}

/** A rate limit, primary or secondary; GitHub answers both with 403 or 429, and may leave out Retry-After. */
export function isRateLimited(err: HttpFailure): boolean {
  if (err.status !== 403 && err.status !== 429) return false;
  const headers = err.response?.headers ?? {};
  return (
    err.status === 429 || String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined || /rate limit/i.test(err.message ?? '')
  );
}

/** The answer for something this token may not see or do (GitHub hides private things behind 404). */
export function isRefused(err: unknown): boolean {
  return isHttpFailure(err, 403, 404) && !isRateLimited(err);
}

/** Milliseconds until a rate-limited request may be repeated, by the provider's own clock. */
function rateLimitWaitMs(headers: Record<string, string | number | undefined>, now: () => Date): number | null {
  const retryAfter = Number(headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  const reset = Number(headers['x-ratelimit-reset']);
  if (String(headers['x-ratelimit-remaining']) !== '0' || !Number.isFinite(reset)) return null;
  const providerNow = Date.parse(String(headers.date ?? '')) || now().getTime();
  return Math.max(reset * 1000 - providerNow, 0) + 1000;
}

/** Maps what the client threw onto the sync-run error codes; an abort passes through. */
export function toConnectorError(err: unknown, now: () => Date, signal?: AbortSignal): unknown {
  if (err instanceof ConnectorError || err instanceof ConnectorConfigError || signal?.aborted) return err;
  if (!isHttpFailure(err)) return new ConnectorError('internal', 'the code host request failed', undefined, { cause: err });
  const headers = err.response?.headers ?? {};
  if (err.status === 401) return new ConnectorError('auth_expired', 'the code host refused the token', undefined, { cause: err });
  if (isRateLimited(err)) {
    // Without Retry-After or a reset, GitHub asks for at least a minute.
    return new ConnectorError('rate_limited', 'the code host rate limit is used up', rateLimitWaitMs(headers, now) ?? 60_000, { cause: err });
  }
  if (err.status >= 500) return new ConnectorError('provider_unavailable', `the code host answered HTTP ${err.status}`, undefined, { cause: err });
  return new ConnectorError('internal', `the code host answered HTTP ${err.status}`, undefined, { cause: err });
}
