import { describe, expect, it } from 'vitest';
import { readTokenAnswer } from './oauth-token.js';
import { ConnectorError } from './types.js';

const now = () => new Date('2026-03-01T12:00:00Z');
const context = { provider: 'the provider', now };

function failure(answer: Parameters<typeof readTokenAnswer>[0], previousRefreshToken?: string): ConnectorError {
  try {
    readTokenAnswer(answer, { ...context, previousRefreshToken });
  } catch (err) {
    expect(err).toBeInstanceOf(ConnectorError);
    return err as ConnectorError;
  }
  throw new Error('expected the answer to be refused');
}

describe('reading a token endpoint answer', () => {
  it('reads a JSON text answer: the access token, its expiry from the local clock and the scope', () => {
    const tokens = readTokenAnswer(
      { status: 200, body: JSON.stringify({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: 3599, scope: 'a b', token_type: 'Bearer' }) },
      context,
    );
    expect(tokens).toEqual({ accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: new Date('2026-03-01T12:59:59Z'), scope: 'a b' });
  });

  it('reads bytes and an already parsed object alike, and an expires_in sent as a string', () => {
    const bytes = Buffer.from(JSON.stringify({ access_token: 'at-2', expires_in: '60' }));
    expect(readTokenAnswer({ status: 200, body: bytes }, context)).toMatchObject({
      accessToken: 'at-2',
      expiresAt: new Date('2026-03-01T12:01:00Z'),
      scope: null,
    });
    expect(readTokenAnswer({ status: 200, body: { access_token: 'at-3' } }, context)).toEqual({
      accessToken: 'at-3',
      refreshToken: null,
      expiresAt: null,
      scope: null,
    });
  });

  it('stores a rotated refresh token in place of the one used', () => {
    const tokens = readTokenAnswer({ status: 200, body: { access_token: 'at', refresh_token: 'rt-new' } }, { ...context, previousRefreshToken: 'rt-old' });
    expect(tokens.refreshToken).toBe('rt-new');
  });

  it('keeps the refresh token used when the answer brings none (a provider that does not rotate)', () => {
    const tokens = readTokenAnswer({ status: 200, body: { access_token: 'at', expires_in: 3600 } }, { ...context, previousRefreshToken: 'rt-old' });
    expect(tokens.refreshToken).toBe('rt-old');
    expect(readTokenAnswer({ status: 200, body: { access_token: 'at', refresh_token: '' } }, { ...context, previousRefreshToken: 'rt-old' }).refreshToken).toBe(
      'rt-old',
    );
  });

  it('a refused grant or client is auth_expired, named by its error code', () => {
    for (const error of [
      'invalid_grant',
      'invalid_client',
      'unauthorized_client',
      'interaction_required',
      'consent_required',
      'bad_verification_code',
      'bad_refresh_token',
    ]) {
      const err = failure({ status: 400, body: JSON.stringify({ error, error_description: 'AADSTS70008: expired' }) });
      expect(err.code).toBe('auth_expired');
      expect(err.message).toBe(`the provider refused the grant (${error})`);
    }
    // GitHub answers its errors with a 200.
    expect(failure({ status: 200, body: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' } }).code).toBe(
      'auth_expired',
    );
    // A bare 401: the client credentials were refused.
    expect(failure({ status: 401, body: '' }).code).toBe('auth_expired');
  });

  it('a malformed request is internal, a provider in trouble provider_unavailable, a 429 rate_limited with its wait', () => {
    expect(failure({ status: 400, body: { error: 'unsupported_grant_type' } }).code).toBe('internal');
    expect(failure({ status: 400, body: { error: 'invalid_request' } }).code).toBe('internal');
    expect(failure({ status: 503, body: '<html>down</html>' }).code).toBe('provider_unavailable');
    expect(failure({ status: 400, body: { error: 'temporarily_unavailable' } }).code).toBe('provider_unavailable');
    expect(failure({ status: 429, body: '', retryAfterMs: 30_000 })).toMatchObject({ code: 'rate_limited', retryAfterMs: 30_000 });
    expect(failure({ status: 429, body: '' })).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
  });

  it('an answer that is not JSON, or JSON without a token, is internal and quotes nothing of the body', () => {
    const page = failure({ status: 200, body: '<html><body>Sign in to continue access_token=secret</body></html>' });
    expect(page).toMatchObject({ code: 'internal', message: 'the provider refused the grant (no token)' });
    expect(failure({ status: 400, body: 'Bad Request' }).message).toBe('the provider refused the grant (HTTP 400)');
    expect(failure({ status: 200, body: JSON.stringify(['access_token']) }).code).toBe('internal');
    expect(failure({ status: 200, body: { access_token: 42 } }).code).toBe('internal');
    // An error field that is not an OAuth code does not reach the message.
    expect(failure({ status: 400, body: { error: 'invalid grant for user ada@example.com' } }).message).toBe('the provider refused the grant (HTTP 400)');
  });
});
