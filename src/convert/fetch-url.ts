import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ReadableStream } from 'node:stream/web';
import { Agent, fetch } from 'undici';
import { addressBlockReason } from './ip-policy.js';

export class FetchError extends Error {
  /** What went wrong in terms only the operator may see (addresses, resolver answers); for the log. */
  readonly diagnosis: string | undefined;

  constructor(
    message: string,
    readonly transient: boolean,
    options?: { cause?: unknown; diagnosis?: string },
  ) {
    super(message, options);
    this.name = 'FetchError';
    this.diagnosis = options?.diagnosis;
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

export interface FetchUrlOptions {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  userAgent?: string;
}

export interface FetchedResource {
  bytes: Uint8Array;
  contentType: string | null;
  finalUrl: string;
  status: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT = 'engram/0.1';

function validateUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError(`invalid URL: ${raw}`, false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(`unsupported URL scheme ${url.protocol}`, false);
  }
  if (url.username || url.password) throw new FetchError('URLs with credentials are not allowed', false);
  // Literal IPs never reach the lookup hook, so they are checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    const reason = addressBlockReason(host, allowPrivate);
    if (reason) throw unreachable(false, `blocked destination: ${reason}`);
  }
  return url;
}

/**
 * Resolves and vets every address in one step; the socket then connects to
 * exactly what was vetted, so a second (rebound) DNS answer is never used.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(unreachable(true, `no addresses for ${hostname}`), '');
      for (const { address } of addresses) {
        const reason = addressBlockReason(address, allowPrivate);
        if (reason) return callback(unreachable(false, `blocked destination ${hostname}: ${reason}`), '');
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
    throw new FetchError(`invalid redirect location: ${location}`, false);
  }
}

function statusError(status: number): FetchError {
  const transient = status >= 500 || status === 429 || status === 408;
  return new FetchError(`HTTP ${status}`, transient);
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
 * manual redirects, an overall deadline and a body size cap.
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
  const agent = new Agent({ connect: { lookup: guardedLookup(opts.allowPrivate) } });

  try {
    let current = validateUrl(url, opts.allowPrivate);
    for (let hop = 0; ; hop++) {
      const res = await fetch(current, {
        dispatcher: agent,
        redirect: 'manual',
        signal: controller.signal,
        headers: { 'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT, accept: '*/*' },
      });

      const location = res.headers.get('location');
      if (REDIRECTS.has(res.status) && location) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) throw new FetchError(`too many redirects (more than ${maxRedirects})`, false);
        current = validateUrl(resolveLocation(location, current), opts.allowPrivate);
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel().catch(() => undefined);
        throw res.status >= 400 ? statusError(res.status) : new FetchError(`unexpected HTTP ${res.status}`, false);
      }

      const length = Number(res.headers.get('content-length'));
      if (Number.isFinite(length) && length > opts.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw new FetchError(`response too large (${length} bytes, limit ${opts.maxBytes})`, false);
      }
      const bytes = await readBody(res.body, opts.maxBytes);
      return { bytes, contentType: res.headers.get('content-type'), finalUrl: current.href, status: res.status };
    }
  } catch (err) {
    throw toFetchError(err, timedOut, opts.timeoutMs);
  } finally {
    clearTimeout(timer);
    agent.destroy().catch(() => undefined);
  }
}
