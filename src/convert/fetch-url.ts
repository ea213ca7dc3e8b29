import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ReadableStream } from 'node:stream/web';
import ipaddr from 'ipaddr.js';
import { Agent, fetch } from 'undici';
import { addressBlockReason } from './ip-policy.js';

export class FetchError extends Error {
  /** What went wrong in terms only the operator may see (addresses, resolver answers); for the log. */
  readonly diagnosis: string | undefined;

  /** The HTTP status when the server answered with an error status. */
  readonly status: number | undefined;

  /** The address policy refused the destination (a private or metadata address): the operator's rule, not a fault. */
  readonly refused: boolean;

  /** The error answer's `Retry-After` as sent (delta-seconds or an HTTP date), if any. */
  readonly retryAfter: string | undefined;

  constructor(
    message: string,
    readonly transient: boolean,
    options?: { cause?: unknown; diagnosis?: string; status?: number; refused?: boolean; retryAfter?: string },
  ) {
    super(message, options);
    this.name = 'FetchError';
    this.diagnosis = options?.diagnosis;
    this.status = options?.status;
    this.refused = options?.refused ?? false;
    this.retryAfter = options?.retryAfter;
  }
}

/**
 * The one reason given for a destination that is refused, does not resolve or cannot be connected
 * to: telling them apart would let a caller map which internal names exist.
 */
export const UNREACHABLE_DESTINATION = 'the URL cannot be fetched: its host is unreachable or not allowed';

function unreachable(transient: boolean, diagnosis: string, cause?: unknown): FetchError {
  return new FetchError(UNREACHABLE_DESTINATION, transient, { diagnosis, cause });
}

/** The address policy refused the destination; told to the caller in the same words as an unreachable one. */
function blocked(diagnosis: string): FetchError {
  return new FetchError(UNREACHABLE_DESTINATION, false, { diagnosis, refused: true });
}

export interface FetchUrlOptions {
  allowPrivate: boolean;
  /**
   * Addresses or CIDR ranges (e.g. `127.0.0.0/8`) that may be connected to even when private
   * addresses are not allowed; cloud metadata addresses stay refused.
   */
  allowedAddresses?: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Extra request headers, e.g. If-None-Match for a conditional GET. */
  headers?: Readonly<Record<string, string>>;
  /** 'return' answers a redirect as a result (with `location`) instead of following it. */
  redirects?: 'follow' | 'return';
}

export interface FetchedResource {
  bytes: Uint8Array;
  contentType: string | null;
  finalUrl: string;
  /** 2xx; 304 when the request was conditional; 3xx when redirects are returned. */
  status: number;
  etag: string | null;
  lastModified: string | null;
  /** The absolute redirect target, for a returned redirect. */
  location: string | null;
  /** The `X-Robots-Tag` header (several joined with `, `), or null. */
  robotsTag: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT = 'engram/0.1';

type AddressPolicy = (address: string) => string | null;

function addressPolicy(allowPrivate: boolean, allowedAddresses: readonly string[] = []): AddressPolicy {
  const ranges = allowedAddresses.map((entry) =>
    ipaddr.parseCIDR(entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`),
  );
  if (ranges.length === 0) return (address) => addressBlockReason(address, allowPrivate);
  return (address) => {
    let ip: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      ip = ipaddr.process(address.replace(/^\[|\]$/g, ''));
    } catch {
      return addressBlockReason(address, allowPrivate);
    }
    const allowed = ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
    // Allowed addresses are judged as if private ones were allowed, which still refuses metadata.
    return addressBlockReason(address, allowPrivate || allowed);
  };
}

function validateUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Reasons are logged as well as shown to the owner: they name what failed, never the URL itself.
    throw new FetchError('invalid URL', false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(`unsupported URL scheme ${url.protocol}`, false);
  }
  if (url.username || url.password) throw new FetchError('URLs with credentials are not allowed', false);
  // Literal IPs never reach the lookup hook, so they are checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    const reason = policy(host);
    if (reason) throw blocked(`blocked destination: ${reason}`);
  }
  return url;
}

/**
 * Resolves and vets every address in one step; the socket then connects to
 * exactly what was vetted, so a second (rebound) DNS answer is never used.
 */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(unreachable(true, `no addresses for ${hostname}`), '');
      for (const { address } of addresses) {
        const reason = policy(address);
        if (reason) return callback(blocked(`blocked destination ${hostname}: ${reason}`), '');
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new FetchError('invalid redirect location', false);
  }
}

function statusError(status: number, retryAfter: string | null): FetchError {
  const transient = status >= 500 || status === 429 || status === 408;
  return new FetchError(`HTTP ${status}`, transient, { status, ...(retryAfter !== null && { retryAfter }) });
}

/** Failures to resolve or reach a host: answered like a refused destination. */
const UNREACHABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);
const PERMANENT_CODES = new Set(['ENOTFOUND', 'EAI_FAIL', 'ERR_INVALID_URL']);

function toFetchError(err: unknown, timedOut: boolean, timeoutMs: number): FetchError {
  if (err instanceof FetchError) return err;
  if (timedOut) return new FetchError(`timed out after ${timeoutMs}ms`, true, { cause: err });
  let unreachableHost = false;
  let tls = false;
  let transient = true;
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof FetchError) return e;
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (UNREACHABLE_CODES.has(code)) unreachableHost = true;
    if (code.startsWith('ERR_TLS_') || code.includes('CERT')) tls = true;
    if (PERMANENT_CODES.has(code)) transient = false;
  }
  const detail = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
  const diagnosis = `request failed: ${detail}`;
  if (unreachableHost) return unreachable(transient, diagnosis, err);
  if (tls) return new FetchError('the URL cannot be fetched: its TLS certificate was not accepted', false, { cause: err, diagnosis });
  return new FetchError('the URL cannot be fetched: the connection failed', transient, { cause: err, diagnosis });
}

async function readBody(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchError(`response too large (over ${maxBytes} bytes)`, false);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * GETs a URL with SSRF protection (every hop's destination vetted and pinned),
 * manual redirects, an overall deadline and a body size cap. A returned redirect's
 * target is not vetted here: fetching it is another call, vetted like this one.
 * Throws FetchError; `transient` says whether retrying later may help.
 */
export async function fetchUrl(url: string, opts: FetchUrlOptions): Promise<FetchedResource> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const policy = addressPolicy(opts.allowPrivate, opts.allowedAddresses);
  const agent = new Agent({ connect: { lookup: guardedLookup(policy) } });
  const conditional = Object.keys(opts.headers ?? {}).some((name) => /^if-(none-match|modified-since)$/i.test(name));

  try {
    let current = validateUrl(url, policy);
    for (let hop = 0; ; hop++) {
      const res = await fetch(current, {
        dispatcher: agent,
        redirect: 'manual',
        signal: controller.signal,
        headers: { 'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT, accept: '*/*', ...opts.headers },
      });
      const answer = (status: number, bytes: Uint8Array, location: string | null = null): FetchedResource => ({
        bytes,
        contentType: res.headers.get('content-type'),
        finalUrl: current.href,
        status,
        etag: res.headers.get('etag'),
        lastModified: res.headers.get('last-modified'),
        location,
        robotsTag: res.headers.get('x-robots-tag'),
      });

      const location = res.headers.get('location');
      if (REDIRECTS.has(res.status) && location) {
        await res.body?.cancel().catch(() => undefined);
        const target = resolveLocation(location, current);
        if (opts.redirects === 'return') return answer(res.status, new Uint8Array(0), target);
        if (hop >= maxRedirects) throw new FetchError(`too many redirects (more than ${maxRedirects})`, false);
        current = validateUrl(target, policy);
        continue;
      }
      if (res.status === 304 && conditional) {
        await res.body?.cancel().catch(() => undefined);
        return answer(304, new Uint8Array(0));
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel().catch(() => undefined);
        throw res.status >= 400 ? statusError(res.status, res.headers.get('retry-after')) : new FetchError(`unexpected HTTP ${res.status}`, false);
      }

      const length = Number(res.headers.get('content-length'));
      if (Number.isFinite(length) && length > opts.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw new FetchError(`response too large (${length} bytes, limit ${opts.maxBytes})`, false);
      }
      return answer(res.status, await readBody(res.body, opts.maxBytes));
    }
  } catch (err) {
    throw toFetchError(err, timedOut, opts.timeoutMs);
  } finally {
    clearTimeout(timer);
    agent.destroy().catch(() => undefined);
  }
}

/** A `fetch` whose every connection is vetted by the address policy (see `guardedFetch`). */
export interface GuardedFetch {
  (url: string, init: RequestInit): Promise<Response>;
  /** Ends the connections kept open. */
  close(): Promise<void>;
}

/**
 * `fetch` for requests that are not plain GETs (a signed API call, its error answers read too) to
 * destinations a caller chose: each connection's addresses are vetted and pinned as in `fetchUrl`,
 * and a literal IP in the URL is checked before anything is sent. Redirects are never followed.
 * A refused or unreachable destination, and any other network failure, is a FetchError.
 */
export function guardedFetch(opts: Pick<FetchUrlOptions, 'allowPrivate' | 'allowedAddresses'>): GuardedFetch {
  const policy = addressPolicy(opts.allowPrivate, opts.allowedAddresses);
  const agent = new Agent({ connect: { lookup: guardedLookup(policy) } });
  const call = async (url: string, init: RequestInit): Promise<Response> => {
    const target = validateUrl(url, policy);
    try {
      const res = await fetch(target, { ...(init as Parameters<typeof fetch>[1]), redirect: 'manual', dispatcher: agent });
      return res as unknown as Response;
    } catch (err) {
      if (init.signal?.aborted) throw err;
      throw toFetchError(err, false, 0);
    }
  };
  return Object.assign(call, { close: () => agent.close().catch(() => undefined) });
}

/**
 * Whether a URL names a destination the address policy lets requests reach, judged as `fetchUrl`
 * judges one (scheme, no credentials, every address its host resolves to): null when it does,
 * else what the caller may be told. A request to it is vetted again when it is sent, so a host
 * that resolves elsewhere later is still refused then.
 */
export async function destinationRefusal(url: string, opts: Pick<FetchUrlOptions, 'allowPrivate' | 'allowedAddresses'>): Promise<string | null> {
  const policy = addressPolicy(opts.allowPrivate, opts.allowedAddresses);
  try {
    const target = validateUrl(url, policy);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (/^[\d.]+$/.test(host) || host.includes(':')) return null;
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0 || addresses.some(({ address }) => policy(address))) return UNREACHABLE_DESTINATION;
    return null;
  } catch (error) {
    return error instanceof FetchError ? error.message : UNREACHABLE_DESTINATION;
  }
}
