import { createHash, timingSafeEqual } from 'node:crypto';

export type Headers = Record<string, string | string[] | undefined>;

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
