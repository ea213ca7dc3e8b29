import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** The SHA-256 of a token: equal lengths for a comparison in constant time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A route's own bearer token (not an API key), checked in constant time: a missing or wrong one is
 * 401 naming it (`label`, e.g. "metrics token") and where it comes from (`source`, e.g. METRICS_TOKEN).
 */
export function bearerTokenCheck(token: string, label: string, source: string): (request: FastifyRequest) => void {
  const expected = digest(token);
  return (request) => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match) throw new ApiError(401, `Missing ${label}`, `send Authorization: Bearer <${source}>`);
    if (!timingSafeEqual(digest(match[1].trim()), expected)) throw new ApiError(401, `Invalid ${label}`);
  };
}
