import { checkVerifier, type PkceChallenge, readChallenge } from '../pkce.js';
import { randomBytes } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeReply, FakeRequest } from '../github/http.js';

export interface GoogleClientApp {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
}

export interface AccessTokenRecord {
  token: string;
  account: GoogleAccount;
  scopes: string[];
  expiresAtMs: number;
  /** The refresh token it came from; revoking that one ends this one too. */
  refreshToken: string | null;
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  atMs: number;
  /** The PKCE challenge of the authorization, when it carried one. */
  pkce: PkceChallenge | null;
}

const CODE_LIFETIME_MS = 10 * 60 * 1000;

const json = (status: number, body: unknown): FakeReply => ({
  status,
  json: body,
  headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' },
});
const errorPage = (status: number, text: string): FakeReply => ({
  status,
  raw: { body: `<html><body>${text}</body></html>`, contentType: 'text/html; charset=utf-8' },
});

/**
 * Google's OAuth 2.0 web-server flow: the consent page approves at once, codes are single-use and
 * expire after 10 minutes, refresh tokens are issued with `access_type=offline` and do not rotate
 * (a refresh answers without one), unless `rotateRefreshTokens` is set.
 */
export class FakeGoogleOAuth {
  readonly apps = new Map<string, GoogleClientApp>();
  readonly authorizeRequests: URLSearchParams[] = [];
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly refreshTokens = new Map<string, { clientId: string; scopes: string[] }>();
  private readonly codes = new Map<string, CodeRecord>();
  accessTokenLifetimeSeconds = 3599;
  rotateRefreshTokens = false;
  denyNextAuthorization = false;

  constructor(
    private readonly clock: FakeClock,
    readonly account: GoogleAccount,
  ) {}

  registerApp(app: GoogleClientApp): GoogleClientApp {
    this.apps.set(app.clientId, app);
    return app;
  }

  /** A token without the web flow. */
  issueToken(scopes: string[], lifetimeSeconds = this.accessTokenLifetimeSeconds, refreshToken: string | null = null): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { token, account: this.account, scopes, expiresAtMs: this.clock.nowMs() + lifetimeSeconds * 1000, refreshToken });
    return token;
  }

  lookup(token: string): AccessTokenRecord | undefined {
    const record = this.accessTokens.get(token);
    if (!record || record.expiresAtMs <= this.clock.nowMs()) return undefined;
    if (record.refreshToken !== null && !this.refreshTokens.has(record.refreshToken)) return undefined;
    return record;
  }

  /** What `POST /revoke` revoked, in order: the token given and the grant (refresh token) it ended. */
  readonly revocations: { token: string; refreshToken: string | null }[] = [];

  /** As when the user removes the app's access: the refresh token and its access tokens stop working. */
  revokeRefreshToken(refreshToken: string): void {
    this.refreshTokens.delete(refreshToken);
  }

  /**
   * `POST /revoke` (`token` in the form or the query, no client authentication): a refresh token, or
   * an access token, ends the grant: the refresh token and every access token issued from it answer
   * 401 from then on. A token unknown, expired or revoked already is 400 `invalid_token`.
   */
  revoke(req: FakeRequest): FakeReply {
    const token = req.fields.token ?? req.query.get('token') ?? '';
    const access = this.lookup(token);
    const refreshToken = this.refreshTokens.has(token) ? token : (access?.refreshToken ?? null);
    if (!access && !refreshToken) return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    if (refreshToken) this.refreshTokens.delete(refreshToken);
    if (access) this.accessTokens.delete(token);
    this.revocations.push({ token, refreshToken });
    return json(200, {});
  }

  authorize(req: FakeRequest): FakeReply {
    const q = req.query;
    this.authorizeRequests.push(q);
    const app = this.apps.get(q.get('client_id') ?? '');
    if (!app) return errorPage(401, 'Error 401: invalid_client. The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!app.redirectUris.includes(redirectUri)) return errorPage(400, 'Error 400: redirect_uri_mismatch');
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const scopes = (q.get('scope') ?? '').split(/\s+/).filter(Boolean);
    const pkce = readChallenge(q);
    if (q.get('response_type') !== 'code' || scopes.length === 0 || pkce === 'invalid') {
      back.searchParams.set('error', 'invalid_request');
    } else if (this.denyNextAuthorization) {
      this.denyNextAuthorization = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/0${randomBytes(20).toString('base64url')}`;
      this.codes.set(code, { clientId: app.clientId, redirectUri, scopes, offline: q.get('access_type') === 'offline', atMs: this.clock.nowMs(), pkce });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scopes.join(' '));
    }
    return { status: 302, headers: { location: back.href } };
  }

  token(req: FakeRequest): FakeReply {
    const fields = { ...req.fields };
    const basic = /^Basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      fields.client_id ??= decodeURIComponent(id ?? '');
      fields.client_secret ??= decodeURIComponent(secret ?? '');
    }
    const app = this.apps.get(fields.client_id ?? '');
    if (!app || app.clientSecret !== fields.client_secret) return json(401, { error: 'invalid_client', error_description: 'Unauthorized' });

    if (fields.grant_type === 'authorization_code') {
      const code = this.codes.get(fields.code ?? '');
      this.codes.delete(fields.code ?? '');
      if (!code || code.clientId !== app.clientId || code.atMs + CODE_LIFETIME_MS < this.clock.nowMs()) {
        return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      if (code.redirectUri !== fields.redirect_uri) return json(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      const verified = checkVerifier(code.pkce, fields.code_verifier);
      if (verified !== 'ok')
        return json(400, { error: 'invalid_grant', error_description: verified === 'missing' ? 'Missing code verifier.' : 'Invalid code verifier.' });
      const refreshToken = code.offline ? this.newRefreshToken(app.clientId, code.scopes) : null;
      return json(200, this.grant(code.scopes, refreshToken, refreshToken));
    }
    if (fields.grant_type === 'refresh_token') {
      const known = this.refreshTokens.get(fields.refresh_token ?? '');
      if (!known || known.clientId !== app.clientId) return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      let refreshToken = fields.refresh_token!;
      if (this.rotateRefreshTokens) {
        this.refreshTokens.delete(refreshToken);
        refreshToken = this.newRefreshToken(app.clientId, known.scopes);
        return json(200, this.grant(known.scopes, refreshToken, refreshToken));
      }
      return json(200, this.grant(known.scopes, refreshToken, null));
    }
    return json(400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${fields.grant_type ?? ''}` });
  }

  userinfo(req: FakeRequest): FakeReply {
    const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    const record = bearer ? this.lookup(bearer[1]!) : undefined;
    if (!record) return json(401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    const { sub, email, name } = record.account;
    const [given, ...family] = name.split(' ');
    return json(200, {
      sub,
      name,
      given_name: given,
      family_name: family.join(' '),
      picture: 'https://lh3.googleusercontent.com/a/fake',
      email,
      email_verified: true,
    });
  }

  private newRefreshToken(clientId: string, scopes: string[]): string {
    const token = `1//0${randomBytes(30).toString('base64url')}`;
    this.refreshTokens.set(token, { clientId, scopes });
    return token;
  }

  /** The answer to a grant; `refresh_token` only when one is handed out. */
  private grant(scopes: string[], boundTo: string | null, handedOut: string | null) {
    return {
      access_token: this.issueToken(scopes, this.accessTokenLifetimeSeconds, boundTo),
      expires_in: this.accessTokenLifetimeSeconds,
      ...(handedOut && { refresh_token: handedOut }),
      scope: scopes.join(' '),
      token_type: 'Bearer',
    };
  }
}
