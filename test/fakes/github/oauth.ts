import { checkVerifier, type PkceChallenge, readChallenge } from '../pkce.js';
import { randomBytes } from 'node:crypto';
import type { FakeClock } from './clock.js';
import type { FakeReply, FakeRequest } from './http.js';
import type { FakeUser } from './repo.js';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** The registered callback; `redirect_uri` must be on its host and under its path. */
  callbackUrl?: string;
  /** Expiring user tokens with refresh tokens (GitHub App style); false gives OAuth-app tokens that never expire. */
  expiringTokens: boolean;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
}

export interface TokenRecord {
  token: string;
  user: FakeUser;
  scopes: string[];
  clientId?: string;
  /** On the fake clock; undefined never expires. */
  expiresAtMs?: number;
  revoked: boolean;
  /** Issued by the web flow (code exchange or refresh): counted against the limit per user, app and scope. */
  issuedByFlow?: boolean;
}

interface Grant {
  clientId: string;
  user: FakeUser;
  scopes: string[];
  redirectUri?: string;
  expiresAtMs: number;
  used: boolean;
  /** For a refresh token: the access token issued with it, which stops working once it is used. */
  accessToken?: string;
  /** An authorization code's PKCE challenge, when its authorization carried one. */
  pkce?: PkceChallenge | null;
}

const DOCS_APPS = 'https://docs.github.com/apps/managing-oauth-apps';
const TOKEN_ERRORS = `${DOCS_APPS}/troubleshooting-oauth-app-access-token-request-errors/`;
const AUTHORIZE_ERRORS = `${DOCS_APPS}/troubleshooting-authorization-request-errors/`;
const CODE_LIFETIME_SECONDS = 600;
/**
 * GitHub issues at most ten live tokens per user, application and scope: an eleventh revokes the
 * oldest of them (docs: "Token expiration and revocation", excess of tokens for an OAuth app).
 */
export const TOKENS_PER_USER_APP_SCOPE = 10;

function secret(prefix: string): string {
  return prefix + randomBytes(27).toString('base64url').replace(/[-_]/g, 'x').slice(0, 36);
}

/** The OAuth web flow: apps, authorization codes, access tokens and rotating refresh tokens. */
export class FakeOAuth {
  readonly apps = new Map<string, OAuthApp>();
  /** Every authorize request's query, in order, so tests can check state, scope and redirect_uri. */
  readonly authorizeRequests: URLSearchParams[] = [];
  /** When true, the next authorization is refused by the user (`error=access_denied`). */
  denyNextAuthorization = false;
  /** Tokens revoked because an eleventh was issued for the same user, app and scope. */
  revokedForExcess = 0;
  private readonly codes = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly tokens = new Map<string, TokenRecord>();

  constructor(
    private readonly clock: FakeClock,
    /** The user signed in to the fake site, who approves authorization requests. */
    public signedInUser: FakeUser,
  ) {}

  registerApp(app: Pick<OAuthApp, 'clientId' | 'clientSecret'> & Partial<OAuthApp>): OAuthApp {
    const full: OAuthApp = { expiringTokens: true, accessTokenLifetimeSeconds: 28_800, refreshTokenLifetimeSeconds: 15_897_600, ...app };
    this.apps.set(full.clientId, full);
    return full;
  }

  /** A token for `user` without the web flow (like a personal access token). */
  issueToken(user: FakeUser, options: { scopes?: string[]; expiresInSeconds?: number; clientId?: string } = {}): string {
    const token = secret(options.expiresInSeconds === undefined ? 'ghp_' : 'ghu_');
    const expiresAtMs = options.expiresInSeconds === undefined ? undefined : this.clock.nowMs() + options.expiresInSeconds * 1000;
    this.tokens.set(token, { token, user, scopes: options.scopes ?? ['repo'], clientId: options.clientId, expiresAtMs, revoked: false });
    return token;
  }

  /** The live record for a token, or undefined when unknown, revoked or expired. */
  lookup(token: string): TokenRecord | undefined {
    const record = this.tokens.get(token);
    if (!record || record.revoked) return undefined;
    if (record.expiresAtMs !== undefined && record.expiresAtMs <= this.clock.nowMs()) return undefined;
    return record;
  }

  revokeToken(token: string): void {
    const record = this.tokens.get(token);
    if (record) record.revoked = true;
  }

  /** Makes an access token expire now (its refresh token stays valid). */
  expireToken(token: string): void {
    const record = this.tokens.get(token);
    if (record) record.expiresAtMs = this.clock.nowMs();
  }

  /** `GET /login/oauth/authorize`: the signed-in user approves at once and is sent back with a code. */
  authorize(req: FakeRequest): FakeReply {
    this.authorizeRequests.push(new URLSearchParams(req.query));
    const app = this.apps.get(req.query.get('client_id') ?? '');
    if (!app) return { status: 404, raw: { body: '<h1>404</h1><p>Not Found</p>', contentType: 'text/html; charset=utf-8' } };
    const state = req.query.get('state');
    const redirectUri = req.query.get('redirect_uri') ?? undefined;
    const back = (target: string, params: Record<string, string>) => {
      const url = new URL(target);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (state !== null) url.searchParams.set('state', state);
      return { status: 302, headers: { location: url.toString() }, raw: { body: '', contentType: 'text/html; charset=utf-8' } };
    };
    if (!app.callbackUrl && !redirectUri) return { status: 404, raw: { body: 'no callback URL', contentType: 'text/plain' } };
    if (redirectUri && !this.redirectAllowed(app, redirectUri)) {
      return back(app.callbackUrl!, {
        error: 'redirect_uri_mismatch',
        error_description: 'The redirect_uri MUST match the registered callback URL for this application.',
        error_uri: `${AUTHORIZE_ERRORS}#redirect-uri-mismatch`,
      });
    }
    if (this.denyNextAuthorization) {
      this.denyNextAuthorization = false;
      return back(redirectUri ?? app.callbackUrl!, {
        error: 'access_denied',
        error_description: 'The user has denied your application access.',
        error_uri: `${AUTHORIZE_ERRORS}#access-denied`,
      });
    }
    const pkce = readChallenge(req.query);
    if (pkce === 'invalid') {
      return back(redirectUri ?? app.callbackUrl!, { error: 'invalid_request', error_description: 'The code_challenge or code_challenge_method is invalid.' });
    }
    const code = randomBytes(10).toString('hex');
    const scopes = (req.query.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
    this.codes.set(code, {
      pkce,
      clientId: app.clientId,
      user: this.signedInUser,
      scopes,
      redirectUri,
      expiresAtMs: this.clock.nowMs() + CODE_LIFETIME_SECONDS * 1000,
      used: false,
    });
    return back(redirectUri ?? app.callbackUrl!, { code });
  }

  /** `POST /login/oauth/access_token`: code exchange and refresh; errors are 200s, as GitHub sends them. */
  accessToken(req: FakeRequest): FakeReply {
    const p = { ...Object.fromEntries(req.query), ...req.fields };
    const asJson = /json/.test(String(req.headers.accept ?? ''));
    const reply = (body: Record<string, string | number>): FakeReply =>
      asJson
        ? { status: 200, json: body }
        : {
            status: 200,
            raw: {
              body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
              contentType: 'application/x-www-form-urlencoded; charset=utf-8',
            },
          };
    const error = (code: string, description: string, uri = `${TOKEN_ERRORS}#${code.replace(/_/g, '-')}`) =>
      reply({ error: code, error_description: description, error_uri: uri });

    const app = this.apps.get(p.client_id ?? '');
    if (!app || app.clientSecret !== p.client_secret) return error('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
    let grant: Grant | undefined;
    if (p.grant_type === 'refresh_token') {
      grant = this.refreshTokens.get(p.refresh_token ?? '');
      if (!grant || grant.used || grant.clientId !== app.clientId || grant.expiresAtMs <= this.clock.nowMs()) {
        return error('bad_refresh_token', 'The refresh token passed is incorrect or expired.');
      }
    } else if (p.grant_type === undefined || p.grant_type === 'authorization_code') {
      grant = this.codes.get(p.code ?? '');
      if (!grant || grant.used || grant.clientId !== app.clientId || grant.expiresAtMs <= this.clock.nowMs()) {
        return error('bad_verification_code', 'The code passed is incorrect or expired.');
      }
      if (p.redirect_uri && grant.redirectUri && p.redirect_uri !== grant.redirectUri) {
        return error(
          'redirect_uri_mismatch',
          'The redirect_uri MUST match the registered callback URL for this application.',
          `${AUTHORIZE_ERRORS}#redirect-uri-mismatch2`,
        );
      }
      if (checkVerifier(grant.pkce, p.code_verifier) !== 'ok') return error('bad_verification_code', 'The code_verifier does not match the code_challenge.');
    } else {
      return error('unsupported_grant_type', 'The grant type is not supported.');
    }
    grant.used = true;
    if (grant.accessToken) this.revokeToken(grant.accessToken);
    return reply(this.grantTokens(app, grant));
  }

  /** What `DELETE /applications/{client_id}/grant` and `/token` revoked, in order. */
  readonly revocations: { what: 'grant' | 'token'; clientId: string; user: string; token: string }[] = [];

  /**
   * `DELETE /applications/{client_id}/grant` (every token of the app for the token's user: the app
   * is no longer authorized) or `/token` (that token only). HTTP Basic with the app's client id and
   * secret; `access_token` in the body must be a live token of that app. Wrong credentials or an
   * unknown, expired or revoked token: 404; no `access_token`: 422; done: 204.
   */
  deleteAuthorization(req: FakeRequest, clientId: string, what: 'grant' | 'token'): FakeReply {
    const docs = `https://docs.github.com/rest/apps/oauth-applications#delete-an-app-${what === 'grant' ? 'authorization' : 'token'}`;
    const notFound: FakeReply = { status: 404, json: { message: 'Not Found', documentation_url: docs, status: '404' } };
    const basic = /^basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const [id, secretGiven] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const app = this.apps.get(clientId);
    if (!app || id !== clientId || app.clientSecret !== secretGiven) return notFound;
    const token = req.fields.access_token;
    if (!token) return { status: 422, json: { message: 'Invalid request.\n\n"access_token" wasn\'t supplied.', documentation_url: docs, status: '422' } };
    const record = this.lookup(token);
    if (!record || record.clientId !== clientId) return notFound;
    const ends = (t: { user: FakeUser; clientId?: string }) => t.user === record.user && t.clientId === clientId;
    if (what === 'grant') {
      for (const t of this.tokens.values()) if (ends(t)) t.revoked = true;
      for (const g of this.refreshTokens.values()) if (ends(g)) g.used = true;
    } else {
      record.revoked = true;
      for (const g of this.refreshTokens.values()) if (g.accessToken === token) g.used = true;
    }
    this.revocations.push({ what, clientId, user: record.user.login, token });
    return { status: 204 };
  }

  private grantTokens(app: OAuthApp, grant: Grant): Record<string, string | number> {
    const token = secret(app.expiringTokens ? 'ghu_' : 'gho_');
    const now = this.clock.nowMs();
    const expiresAtMs = app.expiringTokens ? now + app.accessTokenLifetimeSeconds * 1000 : undefined;
    this.tokens.set(token, { token, user: grant.user, scopes: grant.scopes, clientId: app.clientId, expiresAtMs, revoked: false, issuedByFlow: true });
    this.enforceTokenLimit(app.clientId, grant);
    const body: Record<string, string | number> = { access_token: token, token_type: 'bearer', scope: grant.scopes.join(',') };
    if (!app.expiringTokens) return body;
    const refreshToken = secret('ghr_');
    this.refreshTokens.set(refreshToken, { ...grant, used: false, expiresAtMs: now + app.refreshTokenLifetimeSeconds * 1000, accessToken: token });
    return { ...body, expires_in: app.accessTokenLifetimeSeconds, refresh_token: refreshToken, refresh_token_expires_in: app.refreshTokenLifetimeSeconds };
  }

  /**
   * Past ten live tokens for the grant's user, app and scope, the oldest are revoked, with the
   * refresh tokens issued beside them: their holder gets 401 Bad credentials and cannot refresh.
   */
  private enforceTokenLimit(clientId: string, grant: Grant): void {
    const scope = [...grant.scopes].sort().join(' ');
    // Map order is issue order.
    const live = [...this.tokens.values()].filter(
      (t) => t.issuedByFlow && t.clientId === clientId && t.user === grant.user && [...t.scopes].sort().join(' ') === scope && this.lookup(t.token),
    );
    for (const oldest of live.slice(0, Math.max(0, live.length - TOKENS_PER_USER_APP_SCOPE))) {
      oldest.revoked = true;
      this.revokedForExcess += 1;
      for (const refresh of this.refreshTokens.values()) if (refresh.accessToken === oldest.token) refresh.used = true;
    }
  }

  private redirectAllowed(app: OAuthApp, redirectUri: string): boolean {
    if (!app.callbackUrl) return true;
    try {
      const wanted = new URL(app.callbackUrl);
      const given = new URL(redirectUri);
      return given.origin === wanted.origin && given.pathname.startsWith(wanted.pathname);
    } catch {
      return false;
    }
  }
}
