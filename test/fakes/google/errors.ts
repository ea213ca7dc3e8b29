import type { FakeReply } from '../github/http.js';

/** Google's JSON error body: `{error: {code, message, errors: [{message, domain, reason}], status}}`. */
export function googleError(code: number, message: string, reason: string, status: string, domain = 'global', headers?: Record<string, string>): FakeReply {
  return { status: code, json: { error: { code, message, errors: [{ message, domain, reason }], status } }, headers };
}

export const invalidCredentials = (): FakeReply =>
  googleError(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    'authError',
    'UNAUTHENTICATED',
    'global',
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );

export const insufficientScopes = (): FakeReply =>
  googleError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', 'PERMISSION_DENIED', 'global', {
    'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"',
  });

export const notFound = (what = 'Requested entity was not found.'): FakeReply => googleError(404, what, 'notFound', 'NOT_FOUND');

export const badRequest = (message: string, reason = 'badRequest'): FakeReply => googleError(400, message, reason, 'INVALID_ARGUMENT');

export const rateLimited = (retryAfterSeconds: number | null): FakeReply =>
  googleError(
    429,
    'Rate Limit Exceeded',
    'rateLimitExceeded',
    'RESOURCE_EXHAUSTED',
    'usageLimits',
    retryAfterSeconds === null ? undefined : { 'retry-after': String(retryAfterSeconds) },
  );

/** Page tokens are opaque to callers; here they carry an offset and which listing they belong to. */
export function pageToken(listing: string, offset: number): string {
  return Buffer.from(JSON.stringify({ l: listing, o: offset })).toString('base64url');
}

export function readPageToken(listing: string, token: string | null): number | 'invalid' {
  if (!token) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { l?: unknown; o?: unknown };
    return parsed.l === listing && typeof parsed.o === 'number' && parsed.o >= 0 ? parsed.o : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** `pageSize` / `maxResults` as Google reads them: a default, clamped to a maximum. */
export function pageSizeOf(raw: string | null, fallback: number, max: number): number | 'invalid' {
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) return 'invalid';
  return Math.min(n, max);
}
