import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectorContext } from './descriptor.js';
import { ConnectorConfigError, ConnectorError } from './types.js';

/** What every REST adapter's client is given: the same policy for each provider. */
export interface ProviderSettings {
  userAgent: string;
  /** Per request, connection to last byte. */
  timeoutMs: number;
  /** Largest body read, unless a call asks for less. */
  maxBytes: number;
  /** Rate-limit waits up to this long are waited out; longer ones end the run as rate_limited. */
  maxRateLimitWaitSeconds: number;
  /** Milliseconds per second of a Retry-After and of retry backoff (tests shrink it). */
  retryBaseMs: number;
  /** The clock a Retry-After date is read against. */
  now: () => Date;
}

/** The REST adapters' settings from the connector options: the fetch limits bound each request. */
export function providerSettings(context: ConnectorContext): ProviderSettings {
  const { userAgent, maxRateLimitWaitSeconds, retryBaseMs, now } = context;
  return { userAgent, timeoutMs: context.options.fetch.timeoutMs, maxBytes: context.options.fetch.maxBytes, maxRateLimitWaitSeconds, retryBaseMs, now };
}

/**
 * What an error answer means beyond its status: `auth_expired` or `rate_limited` (Google answers
 * both with a 403 and a reason), an error of the provider's own to throw, or null to go by the status.
 */
export type ProviderClassifier = (answer: ProviderAnswer) => 'auth_expired' | 'rate_limited' | Error | null;

/** How the REST adapters without a client library talk to their provider. */
export interface ProviderHttpOptions extends ProviderSettings {
  /** Names the provider in error messages, e.g. `the office drive`. */
  provider: string;
  classify?: ProviderClassifier;
  /** What sends the requests (default: the global fetch); one that throws a ConnectorError ends the call with it. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface ProviderCall {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Error statuses the caller handles itself (404, 410…): answered instead of thrown. */
  allow?: readonly number[];
  /** 'manual' answers a redirect with its Location instead of following it. */
  redirect?: 'follow' | 'manual';
  /** A smaller cap for this call; the options' maxBytes always holds. */
  maxBytes?: number;
}

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  /** The body was larger than the call's maxBytes and was not read. */
  tooLarge: boolean;
  json<T>(): T;
}

const SERVER_RETRIES = 3;
const RATE_LIMIT_RETRIES = 2;
/** A rate limit without Retry-After that outlasts the backoff: ask the engine to come back in a minute. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(headers: Headers, now: Date): number | null {
  const raw = headers.get('retry-after');
  if (raw === null) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, (at - now.getTime()) / 1000);
}

/** A body of at most `maxBytes`, or `tooLarge` without reading the rest. */
export async function readCappedBody(response: Response, maxBytes: number): Promise<{ bytes: Uint8Array; tooLarge: boolean }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { bytes: new Uint8Array(), tooLarge: true };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return { bytes: new Uint8Array(), tooLarge: true };
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), tooLarge: false };
}

function parseJson<T>(bytes: Uint8Array, provider: string): T {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch (err) {
    // A proxy's or load balancer's page in place of the API's answer: worth another try later.
    throw new ConnectorError('provider_unavailable', `${provider} answered something that is not JSON`, undefined, { cause: err });
  }
}

/** What an adapter throws, as the interface promises: ConnectorErrors, config errors and aborts as they are, anything else `internal`. */
export function asConnectorError(err: unknown, signal: AbortSignal, provider: string): unknown {
  if (err instanceof ConnectorError || err instanceof ConnectorConfigError || signal.aborted) return err;
  return new ConnectorError('internal', `${provider} sync failed`, undefined, { cause: err });
}

/** A sync whose failures are all ConnectorErrors (an answer of an unexpected shape included). */
export async function* guardedSync<T>(pages: AsyncGenerator<T>, signal: AbortSignal, provider: string): AsyncGenerator<T> {
  try {
    yield* pages;
  } catch (err) {
    throw asConnectorError(err, signal, provider);
  }
}

/**
 * One provider's HTTP for one run: a timeout per request, short rate-limit waits and server-error
 * retries done here, and the sync-run error codes for the rest. An abort of `signal` passes through.
 */
export class ProviderHttp {
  constructor(
    private readonly options: ProviderHttpOptions,
    private readonly signal: AbortSignal,
  ) {}

  async request(url: string, call: ProviderCall = {}): Promise<ProviderAnswer> {
    const { provider } = this.options;
    let serverFailures = 0;
    let rateLimits = 0;
    for (;;) {
      this.signal.throwIfAborted();
      let response: Response;
      let body: { bytes: Uint8Array; tooLarge: boolean };
      try {
        response = await (this.options.fetch ?? fetch)(url, {
          method: call.method ?? 'GET',
          headers: { 'user-agent': this.options.userAgent, ...call.headers },
          body: call.body,
          redirect: call.redirect ?? 'follow',
          signal: AbortSignal.any([this.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        });
        body = await readCappedBody(response, Math.min(call.maxBytes ?? Infinity, this.options.maxBytes));
      } catch (err) {
        if (this.signal.aborted || err instanceof ConnectorError) throw err;
        if (++serverFailures > SERVER_RETRIES) throw new ConnectorError('provider_unavailable', `${provider} cannot be reached`, undefined, { cause: err });
        await this.pause(this.options.retryBaseMs * 2 ** (serverFailures - 1));
        continue;
      }
      const { status } = response;
      const answer: ProviderAnswer = {
        status,
        headers: response.headers,
        ...body,
        json: <T>() => parseJson<T>(body.bytes, provider),
      };
      if (status < 400 || call.allow?.includes(status)) return answer;
      const verdict = this.options.classify?.(answer) ?? null;
      if (verdict instanceof Error) throw verdict;
      const wait = retryAfterSeconds(response.headers, this.options.now());
      if (verdict === 'auth_expired' || (verdict === null && status === 401)) throw new ConnectorError('auth_expired', `${provider} refused the token`);
      if (verdict === 'rate_limited' || (verdict === null && status === 429)) {
        // Without Retry-After, back off exponentially (2 s, 4 s) before giving the run up.
        const pause = wait ?? 2 ** (rateLimits + 1);
        if (pause <= this.options.maxRateLimitWaitSeconds && ++rateLimits <= RATE_LIMIT_RETRIES) {
          await this.pause(pause * this.options.retryBaseMs);
          continue;
        }
        throw new ConnectorError('rate_limited', `${provider} rate limit is used up`, wait === null ? DEFAULT_RATE_LIMIT_WAIT_MS : Math.ceil(wait * 1000));
      }
      if (status >= 500) {
        if (++serverFailures > SERVER_RETRIES) throw new ConnectorError('provider_unavailable', `${provider} answered HTTP ${status}`);
        const backoff =
          wait !== null && wait <= this.options.maxRateLimitWaitSeconds
            ? wait * this.options.retryBaseMs
            : this.options.retryBaseMs * 2 ** (serverFailures - 1);
        await this.pause(backoff);
        continue;
      }
      throw new ConnectorError('internal', `${provider} answered HTTP ${status}`);
    }
  }

  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.signal });
  }
}
