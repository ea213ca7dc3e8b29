import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A delivery's headers, as the receiving route hands them to an adapter. */
export type Headers = Record<string, string | string[] | undefined>;

/** The first value of a header, whatever the case of its name (`name` in lower case). */
export function header(headers: Headers, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Constant time whatever the lengths: both sides are hashed first. */
export function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given || !secret) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** Whether `signature` is `sha256=<hex HMAC-SHA256 of the exact bytes received>` keyed with `secret`; compared in constant time. */
export function isSha256Signature(signature: string | undefined, rawBody: Buffer, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
