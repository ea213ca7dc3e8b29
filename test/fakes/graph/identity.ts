import { checkVerifier, type PkceChallenge, readChallenge } from '../pkce.js';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeHttpReply, FakeHttpRequest } from '../fake-server.js';

export interface MicrosoftApp {
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs; the request's must be one of them exactly. */
  redirectUris: string[];
  accessTokenLifetimeSeconds: number;
}

export interface GraphUser {
  id: string;
  displayName: string;
  mail: string | null;
  userPrincipalName: string;
}

interface Grant {
  clientId: string;
  scopes: string[];
  redirectUri: string;
  expiresAtMs: number;
  used: boolean;
  /** An authorization code's PKCE challenge, when its authorization carried one. */
  pkce?: PkceChallenge | null;
}

interface AccessToken {
  expiresAtMs: number;
  revoked: boolean;
  /** The delegated permissions granted (`scp`), without `offline_access`, `openid`, `profile`, `email`. */
  scopes: string[];
}

/** What a token issued without the web flow may do: read and write every file, as push needs on any drive. */
export const DEFAULT_TOKEN_SCOPES = ['User.Read', 'Files.ReadWrite.All'];

/** Graph's permission names are case-insensitive; a `https://graph.microsoft.com/` prefix names the same one. */
export const normalizeScope = (scope: string) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '').toLowerCase();

const CODE_LIFETIME_SECONDS = 600;
const REFRESH_LIFETIME_SECONDS = 90 * 24 * 3600;

/**
 * The Microsoft identity platform's v2.0 authorization-code flow: authorize (the signed-in user
 * consents at once), code exchange and refresh. Each refresh issues a new refresh token; the old
 * one stays usable until it expires, as Microsoft does (the client should keep the newest).
 */
export class FakeMicrosoftIdentity {
  readonly apps = new Map<string, MicrosoftApp>();
  readonly authorizeRequests: URLSearchParams[] = [];
  denyNextAuthorization = false;
  /** On: a refresh token works once, as with providers that rotate strictly (the client must keep the new one). */
  singleUseRefreshTokens = false;
  /**
   * The permissions the tenant lets a user consent to (an administrator's policy), or null for any:
   * a token then carries only those of the asked ones, and the answer's `scope` says which.
   */
  consentablePermissions: string[] | null = null;
  /** Refresh grants answered with tokens. */
  refreshes = 0;
  private readonly codes = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, AccessToken>();

  constructor(private readonly clock: FakeClock) {}

  registerApp(app: Pick<MicrosoftApp, 'clientId' | 'clientSecret'> & Partial<MicrosoftApp>): MicrosoftApp {
    const full: MicrosoftApp = { redirectUris: [], accessTokenLifetimeSeconds: 3599, ...app };
    this.apps.set(full.clientId, full);
    return full;
  }

  /** A token without the web flow. */
  issueAccessToken(lifetimeSeconds = 3599, scopes: string[] = DEFAULT_TOKEN_SCOPES): string {
    const token = `EwB${randomBytes(30).toString('base64url')}`;
    this.accessTokens.set(token, { expiresAtMs: this.clock.nowMs() + lifetimeSeconds * 1000, revoked: false, scopes });
    return token;
  }

  /** The permissions a valid token was granted (empty for an unknown one). */
  scopesOf(token: string | null): string[] {
    return (token === null ? undefined : this.accessTokens.get(token))?.scopes ?? [];
  }

  isValid(token: string | null): 'valid' | 'expired' | 'invalid' {
    const record = token === null ? undefined : this.accessTokens.get(token);
    if (!record || record.revoked) return 'invalid';
    return record.expiresAtMs > this.clock.nowMs() ? 'valid' : 'expired';
  }

  expireToken(token: string): void {
    const record = this.accessTokens.get(token);
    if (record) record.expiresAtMs = this.clock.nowMs();
  }

  revokeToken(token: string): void {
    const record = this.accessTokens.get(token);
    if (record) record.revoked = true;
  }

  /** `GET /{tenant}/oauth2/v2.0/authorize`. */
  authorize(req: FakeHttpRequest): FakeHttpReply {
    this.authorizeRequests.push(new URLSearchParams(req.query));
    const q = req.query;
    const app = this.apps.get(q.get('client_id') ?? '');
    const redirectUri = q.get('redirect_uri') ?? '';
    // Microsoft shows an error page rather than redirecting to an unregistered address.
    if (!app) return page(400, 'AADSTS700016: Application with identifier was not found in the directory.');
    if (!app.redirectUris.includes(redirectUri))
      return page(400, 'AADSTS50011: The redirect URI specified in the request does not match the redirect URIs configured for the application.');
    const back = (params: Record<string, string>) => {
      const url = new URL(redirectUri);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const state = q.get('state');
      if (state !== null) url.searchParams.set('state', state);
      return { status: 302, headers: { location: url.href } };
    };
    if (q.get('response_type') !== 'code')
      return back({ error: 'unsupported_response_type', error_description: 'AADSTS70005: response_type is not supported.' });
    if (this.denyNextAuthorization) {
      this.denyNextAuthorization = false;
      return back({ error: 'access_denied', error_description: 'AADSTS65004: User declined to consent to access the app.' });
    }
    const pkce = readChallenge(q);
    if (pkce === 'invalid') return back({ error: 'invalid_request', error_description: 'AADSTS501491: Invalid size of Code_Challenge parameter.' });
    const code = `M.C5${randomBytes(24).toString('base64url')}`;
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    this.codes.set(code, { clientId: app.clientId, scopes, redirectUri, expiresAtMs: this.clock.nowMs() + CODE_LIFETIME_SECONDS * 1000, used: false, pkce });
    return back({ code });
  }

  /** `POST /{tenant}/oauth2/v2.0/token` (form-encoded): authorization_code and refresh_token grants. */
  token(req: FakeHttpRequest): FakeHttpReply {
    const p: Record<string, string> = req.body ?? {};
    const app = this.apps.get(p.client_id ?? '');
    if (!app) return this.error(400, 'unauthorized_client', 700016, 'Application with identifier was not found in the directory.');
    if (app.clientSecret !== p.client_secret) return this.error(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    let grant: Grant | undefined;
    if (p.grant_type === 'authorization_code') {
      grant = this.codes.get(p.code ?? '');
      if (!grant || grant.used || grant.clientId !== app.clientId || grant.expiresAtMs <= this.clock.nowMs()) {
        return this.error(400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity.');
      }
      if (grant.redirectUri !== p.redirect_uri)
        return this.error(400, 'invalid_grant', 50148, 'The redirect_uri does not match the one of the authorization request.');
      if (checkVerifier(grant.pkce, p.code_verifier) !== 'ok')
        return this.error(400, 'invalid_grant', 501481, 'The Code_Verifier does not match the code_challenge supplied in the authorization request.');
      grant.used = true;
    } else if (p.grant_type === 'refresh_token') {
      grant = this.refreshTokens.get(p.refresh_token ?? '');
      if (!grant || grant.clientId !== app.clientId || grant.expiresAtMs <= this.clock.nowMs()) {
        return this.error(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      }
      if (this.singleUseRefreshTokens) grant.expiresAtMs = 0;
      this.refreshes++;
    } else {
      return this.error(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    }
    // A refresh may ask for fewer permissions than were consented to, never for more.
    const consented = new Set(grant.scopes.map(normalizeScope));
    const asked = p.grant_type === 'refresh_token' && p.scope ? p.scope.split(' ').filter(Boolean) : grant.scopes;
    const notConsented = asked.find((s) => !consented.has(normalizeScope(s)));
    if (notConsented) {
      return this.error(
        400,
        'invalid_grant',
        65001,
        `The user or administrator has not consented to use the application. Send an interactive authorization request for this user and resource (${notConsented}).`,
      );
    }
    const consentable = this.consentablePermissions?.map(normalizeScope);
    const granted = asked.filter(
      (s) => !['offline_access', 'openid', 'profile', 'email'].includes(s) && (!consentable || consentable.includes(normalizeScope(s))),
    );
    const accessToken = this.issueAccessToken(app.accessTokenLifetimeSeconds, granted);
    const body: Record<string, string | number> = {
      token_type: 'Bearer',
      scope: granted.join(' '),
      expires_in: app.accessTokenLifetimeSeconds,
      ext_expires_in: app.accessTokenLifetimeSeconds,
      access_token: accessToken,
    };
    if (grant.scopes.includes('offline_access')) {
      const refreshToken = `M.C5_BAY.0.U.${randomBytes(32).toString('base64url')}`;
      this.refreshTokens.set(refreshToken, { ...grant, used: false, expiresAtMs: this.clock.nowMs() + REFRESH_LIFETIME_SECONDS * 1000 });
      body.refresh_token = refreshToken;
    }
    return { status: 200, json: body, headers: { 'cache-control': 'no-store' } };
  }

  /** Makes every refresh token given so far expire (the user revoked the app's sessions). */
  revokeRefreshTokens(): void {
    for (const grant of this.refreshTokens.values()) grant.expiresAtMs = 0;
  }

  private error(status: number, error: string, code: number, description: string): FakeHttpReply {
    const traceId = randomUUID();
    return {
      status,
      json: {
        error,
        error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${this.clock.now().toISOString()}`,
        error_codes: [code],
        timestamp: this.clock
          .now()
          .toISOString()
          .replace('T', ' ')
          .replace(/\.\d+Z$/, 'Z'),
        trace_id: traceId,
        correlation_id: randomUUID(),
      },
    };
  }
}

function page(status: number, message: string): FakeHttpReply {
  return { status, raw: { body: `<html><body><p>${message}</p></body></html>`, contentType: 'text/html; charset=utf-8' } };
}
