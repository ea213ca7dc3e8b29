import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Signature Version 4 as S3 checks it, written from AWS's published description ("Authenticating
 * Requests: Using the Authorization Header"), independently of any client library, so that the
 * fake can tell a right signature from a wrong one.
 */

export const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 escaping: everything but A–Z a–z 0–9 - _ . ~ */
export function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  terminal: string;
  signedHeaders: string[];
  signature: string;
}

/** `AWS4-HMAC-SHA256 Credential=AKID/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=…`, or null. */
export function parseAuthorization(header: string): ParsedAuthorization | null {
  if (!header.startsWith(`${ALGORITHM} `)) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential')?.split('/');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (credential?.length !== 5 || !signedHeaders || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const [accessKeyId, date, region, service, terminal] = credential as [string, string, string, string, string];
  return { accessKeyId, date, region, service, terminal, signedHeaders: signedHeaders.split(';'), signature };
}

/** The path as S3 canonicalizes it: each segment decoded and escaped again, slashes kept. */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => escapeUri(decodeURIComponent(segment)))
    .join('/');
}

/** The query as S3 canonicalizes it: pairs decoded, escaped again, sorted; the signature itself left out. */
export function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
      return [escapeUri(name), escapeUri(value)] as const;
    })
    .filter(([name]) => name !== 'X-Amz-Signature');
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  return (Array.isArray(raw) ? raw.join(',') : raw).trim().replace(/\s+/g, ' ');
}

export interface SignedRequest {
  method: string;
  /** The request target as sent: path and query, still escaped. */
  rawUrl: string;
  headers: IncomingHttpHeaders;
}

export function canonicalRequest(req: SignedRequest, signedHeaders: string[]): string | null {
  const q = req.rawUrl.indexOf('?');
  const rawPath = q < 0 ? req.rawUrl : req.rawUrl.slice(0, q);
  const rawQuery = q < 0 ? '' : req.rawUrl.slice(q + 1);
  const lines: string[] = [];
  for (const name of signedHeaders) {
    const value = headerValue(req.headers, name);
    if (value === undefined) return null;
    lines.push(`${name}:${value}`);
  }
  const payload = headerValue(req.headers, 'x-amz-content-sha256') ?? sha256Hex('');
  return [req.method, canonicalUri(rawPath), canonicalQuery(rawQuery), `${lines.join('\n')}\n`, signedHeaders.join(';'), payload].join('\n');
}

export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
}

/** The signature a request with these signed headers should carry, or null when a signed header is missing. */
export function expectedSignature(req: SignedRequest, auth: ParsedAuthorization, amzDate: string, secretAccessKey: string): string | null {
  const canonical = canonicalRequest(req, auth.signedHeaders);
  if (canonical === null) return null;
  const scope = `${auth.date}/${auth.region}/${auth.service}/${auth.terminal}`;
  const stringToSign = `${ALGORITHM}\n${amzDate}\n${scope}\n${sha256Hex(canonical)}`;
  return createHmac('sha256', signingKey(secretAccessKey, auth.date, auth.region, auth.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `20130524T000000Z` as a time, or null. */
export function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(date.getTime()) ? null : date;
}

export const EMPTY_SHA256 = sha256Hex('');
export { sha256Hex };
