import { ProviderHttp, type ProviderAnswer } from '../provider-http.js';
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

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded', 'dailyLimitExceeded']);
export const PROVIDER = 'the Google API';

/** Google's error body: `{error: {code, message, errors: [{domain, reason, message}], status}}`. */
function reasonOf(answer: ProviderAnswer): string | null {
  let body: { error?: { errors?: { reason?: unknown }[]; status?: unknown } } | null;
  try {
    body = JSON.parse(new TextDecoder().decode(answer.bytes)) as typeof body;
  } catch {
    return null;
  }
  const reason = body?.error?.errors?.[0]?.reason ?? body?.error?.status;
  return typeof reason === 'string' ? reason : null;
}

/** Google answers a rate limit and a missing scope with 403 and a reason; other failures are the caller's to read. */
export function classifyGoogle(answer: ProviderAnswer): 'rate_limited' | Error | null {
  const reason = reasonOf(answer);
  // The user left the kind's scope unticked on the consent page: only authorizing again helps.
  if (answer.status === 403 && reason === 'insufficientPermissions')
    return new ConnectorError('auth_expired', 'the Google token lacks the scope this kind needs');
  if (answer.status === 403 && reason !== null && RATE_LIMIT_REASONS.has(reason)) return 'rate_limited';
  if (answer.status === 401 || answer.status === 429 || answer.status >= 500) return null;
  return new GoogleApiError(answer.status, reason);
}

/** The provider client for Google's REST APIs, by the connector options. */
export function googleHttp(options: GoogleOptions, signal: AbortSignal): ProviderHttp {
  return new ProviderHttp(
    {
      ...options,
      provider: PROVIDER,
      // Google's answers are bounded by each call's own cap (a connection's maxFileBytes), not the fetch limit.
      maxBytes: Number.POSITIVE_INFINITY,
      classify: classifyGoogle,
    },
    signal,
  );
}

/** One access token's calls to Google's REST APIs, through the provider client. */
export class GoogleClient {
  private readonly http: ProviderHttp;

  constructor(
    options: GoogleOptions,
    private readonly token: string,
    signal: AbortSignal,
  ) {
    this.http = googleHttp(options, signal);
  }

  async json<T>(call: GoogleCall): Promise<T> {
    const answer = await this.send(call);
    if (answer.status === 204) return undefined as T;
    return answer.json<T>();
  }

  /** The body as bytes, refused with TooLargeError past `maxBytes` without reading the rest. */
  async bytes(call: GoogleCall, maxBytes: number): Promise<{ bytes: Uint8Array; contentType: string | null }> {
    const answer = await this.send(call, maxBytes);
    if (answer.tooLarge) throw new TooLargeError('the file is larger than the limit');
    return { bytes: answer.bytes, contentType: answer.headers.get('content-type') };
  }

  private url(call: GoogleCall): string {
    const url = new URL(call.url);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    return url.href;
  }

  private send(call: GoogleCall, maxBytes?: number): Promise<ProviderAnswer> {
    return this.http.request(this.url(call), {
      method: call.method ?? 'GET',
      headers: { authorization: `Bearer ${this.token}`, ...(call.json !== undefined && { 'content-type': 'application/json' }) },
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      maxBytes,
    });
  }
}

/** What a sync lets out: ConnectorErrors, config errors and aborts as they are, anything else as `internal`. */
export function toConnectorError(err: unknown, signal: AbortSignal): unknown {
  if (err instanceof ConnectorError || err instanceof ConnectorConfigError || signal.aborted) return err;
  const message = err instanceof GoogleApiError ? err.message : 'the Google API request failed';
  return new ConnectorError('internal', message, undefined, { cause: err });
}
