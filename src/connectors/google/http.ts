import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectorConfigError, ConnectorError } from '../types.js';
import type { GoogleOptions } from './options.js';

/** A Google API answer that is neither a success nor a limit, auth or server failure: the caller decides. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    /** `errors[0].reason` of Google's error body (`notFound`, `exportSizeLimitExceeded`…), when given. */
    readonly reason: string | null,
  ) {
    super(`the Google API answered HTTP ${status}${reason ? ` (${reason})` : ''}`);
    this.name = 'GoogleApiError';
  }
}

/** A download past its byte limit. */
export class TooLargeError extends Error {}

type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface GoogleCall {
  method?: 'GET' | 'POST';
  url: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
}

const MAX_SERVER_RETRIES = 3;
const MAX_LIMIT_RETRIES = 2;
/** Google asks for exponential backoff without always saying how long; a run ends after this. */
const DEFAULT_LIMIT_WAIT_SECONDS = 60;
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded', 'dailyLimitExceeded']);

/** Google's error body: `{error: {code, message, errors: [{domain, reason, message}], status}}`. */
function reasonOf(body: unknown): string | null {
  const error = (body as { error?: { errors?: { reason?: unknown }[]; status?: unknown } } | null)?.error;
  const reason = error?.errors?.[0]?.reason ?? error?.status;
  return typeof reason === 'string' ? reason : null;
}

/** Retry-After in seconds (a number or an HTTP date), or null. */
function retryAfterSeconds(header: string | null, now: Date): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** One access token's calls to Google's REST APIs: limits waited out or reported, server errors retried. */
export class GoogleClient {
  constructor(
    private readonly options: GoogleOptions,
    private readonly token: string,
    private readonly signal: AbortSignal,
  ) {}

  async json<T>(call: GoogleCall): Promise<T> {
    const response = await this.send(call);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** The body as bytes, refused with TooLargeError past `maxBytes` without reading the rest. */
  async bytes(call: GoogleCall, maxBytes: number): Promise<{ bytes: Uint8Array; contentType: string | null }> {
    const response = await this.send(call);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel();
      throw new TooLargeError('the file is larger than the limit');
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw new TooLargeError('the file is larger than the limit');
      }
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') };
  }

  private url(call: GoogleCall): string {
    const url = new URL(call.url);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    return url.href;
  }

  private async send(call: GoogleCall): Promise<Response> {
    let serverRetries = 0;
    let limitRetries = 0;
    for (;;) {
      this.signal.throwIfAborted();
      let response: Response;
      try {
        response = await fetch(this.url(call), {
          method: call.method ?? 'GET',
          headers: {
            authorization: `Bearer ${this.token}`,
            'user-agent': this.options.userAgent,
            ...(call.json !== undefined && { 'content-type': 'application/json' }),
          },
          body: call.json === undefined ? undefined : JSON.stringify(call.json),
          signal: AbortSignal.any([this.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        });
      } catch (err) {
        if (this.signal.aborted) throw err;
        if (serverRetries++ < MAX_SERVER_RETRIES) {
          await this.pause(2 ** serverRetries);
          continue;
        }
        throw new ConnectorError('provider_unavailable', 'Google could not be reached', undefined, { cause: err });
      }
      if (response.ok) return response;

      const body: unknown = await response.json().catch(() => null);
      const reason = reasonOf(body);
      if (response.status === 401) throw new ConnectorError('auth_expired', 'Google refused the access token');
      // The user left the kind's scope unticked on the consent page: only authorizing again helps.
      if (response.status === 403 && reason === 'insufficientPermissions') throw new ConnectorError('auth_expired', 'the Google token lacks the scope this kind needs');
      if (response.status === 429 || (response.status === 403 && reason !== null && RATE_LIMIT_REASONS.has(reason))) {
        const given = retryAfterSeconds(response.headers.get('retry-after'), this.options.now());
        const wait = given ?? 2 ** (limitRetries + 1);
        if (wait <= this.options.maxRateLimitWaitSeconds && limitRetries++ < MAX_LIMIT_RETRIES) {
          await this.pause(wait);
          continue;
        }
        throw new ConnectorError('rate_limited', 'the Google API rate limit is used up', (given ?? DEFAULT_LIMIT_WAIT_SECONDS) * 1000);
      }
      if (response.status >= 500) {
        if (serverRetries++ < MAX_SERVER_RETRIES) {
          await this.pause(2 ** serverRetries);
          continue;
        }
        throw new ConnectorError('provider_unavailable', `the Google API answered HTTP ${response.status}`);
      }
      throw new GoogleApiError(response.status, reason);
    }
  }

  private async pause(seconds: number): Promise<void> {
    await sleep(seconds * this.options.retryBaseMs, undefined, { signal: this.signal });
  }
}

/** What a sync lets out: ConnectorErrors, config errors and aborts as they are, anything else as `internal`. */
export function toConnectorError(err: unknown, signal: AbortSignal): unknown {
  if (err instanceof ConnectorError || err instanceof ConnectorConfigError || signal.aborted) return err;
  const message = err instanceof GoogleApiError ? err.message : 'the Google API request failed';
  return new ConnectorError('internal', message, undefined, { cause: err });
}
