import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeHttpReply, FakeHttpRequest } from '../fake-server.js';

export interface NotionIntegration {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

interface Grant {
  clientId: string;
  redirectUri: string;
  expiresAtMs: number;
  used: boolean;
}

export const WORKSPACE = { id: 'b0a4f6a2-8f5a-4d8e-9b6e-2f1d1c3b7a11', name: "Megan's Notion", botId: '9a3c5a0e-6d7f-4b47-9f0e-1f3b6d1e2c44' };
export const OWNER = { id: 'c2f20311-9e54-4d11-8c79-7398424ae41e', name: 'Megan Bowen', email: 'megan@notion.example' };

/**
 * Notion's public-integration OAuth: authorize (the user picks pages and approves at once), and
 * `POST /v1/oauth/token` with HTTP Basic client credentials and a JSON body. Refresh tokens are
 * single use: each refresh gives a new pair, and the used refresh token stops working.
 */
export class FakeNotionOAuth {
  readonly integrations = new Map<string, NotionIntegration>();
  readonly authorizeRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, { clientId: string; used: boolean; accessToken: string }>();
  readonly tokens = new Set<string>();

  constructor(private readonly clock: FakeClock) {}

  register(integration: NotionIntegration): NotionIntegration {
    this.integrations.set(integration.clientId, integration);
    return integration;
  }

  issueToken(): string {
    const token = `ntn_${randomBytes(24).toString('hex')}`;
    this.tokens.add(token);
    return token;
  }

  revoke(token: string): void {
    this.tokens.delete(token);
  }

  /** Tokens `POST /v1/oauth/revoke` revoked, in order. */
  readonly revocations: string[] = [];

  /**
   * `POST /v1/oauth/revoke`: HTTP Basic client credentials and `{token}`. The token, and the refresh
   * token issued with it, stop working (the API answers 401 `unauthorized`). Wrong credentials: 401
   * `invalid_client`; a token unknown or revoked already: 400 `invalid_grant`.
   */
  revokeToken(req: FakeHttpRequest): FakeHttpReply {
    const basic = /^basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const [clientId, clientSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const integration = this.integrations.get(clientId ?? '');
    if (!integration || integration.clientSecret !== clientSecret) return oauthError(401, 'invalid_client', 'Invalid client credentials.');
    const token = req.body?.token;
    if (typeof token !== 'string' || !this.tokens.has(token)) return oauthError(400, 'invalid_grant', 'Invalid token.');
    this.revoke(token);
    for (const grant of this.refreshTokens.values()) if (grant.accessToken === token) grant.used = true;
    this.revocations.push(token);
    return { status: 200, json: { request_id: randomUUID() } };
  }

  authorize(req: FakeHttpRequest): FakeHttpReply {
    this.authorizeRequests.push(new URLSearchParams(req.query));
    const q = req.query;
    const integration = this.integrations.get(q.get('client_id') ?? '');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!integration?.redirectUris.includes(redirectUri) || q.get('response_type') !== 'code' || q.get('owner') !== 'user') {
      return { status: 400, raw: { body: '<html><body>Invalid OAuth request.</body></html>', contentType: 'text/html' } };
    }
    const code = randomUUID();
    this.codes.set(code, { clientId: integration.clientId, redirectUri, expiresAtMs: this.clock.nowMs() + 600_000, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    return { status: 302, headers: { location: back.href } };
  }

  token(req: FakeHttpRequest): FakeHttpReply {
    const basic = /^basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const [clientId, clientSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const integration = this.integrations.get(clientId ?? '');
    if (!integration || integration.clientSecret !== clientSecret) return oauthError(401, 'invalid_client', 'Invalid client credentials.');
    const body = req.body ?? {};
    if (body.grant_type === 'authorization_code') {
      const grant = this.codes.get(body.code ?? '');
      if (!grant || grant.used || grant.clientId !== clientId || grant.expiresAtMs <= this.clock.nowMs())
        return oauthError(400, 'invalid_grant', 'Invalid code.');
      if (body.redirect_uri !== undefined && body.redirect_uri !== grant.redirectUri) return oauthError(400, 'invalid_grant', 'Invalid redirect_uri.');
      grant.used = true;
    } else if (body.grant_type === 'refresh_token') {
      const grant = this.refreshTokens.get(body.refresh_token ?? '');
      if (!grant || grant.used || grant.clientId !== clientId) return oauthError(400, 'invalid_grant', 'Invalid refresh token.');
      grant.used = true;
      this.revoke(grant.accessToken);
    } else {
      return oauthError(400, 'unsupported_grant_type', 'Unsupported grant type.');
    }
    const accessToken = this.issueToken();
    const refreshToken = `nrt_${randomBytes(24).toString('hex')}`;
    this.refreshTokens.set(refreshToken, { clientId: clientId!, used: false, accessToken });
    return {
      status: 200,
      json: {
        access_token: accessToken,
        token_type: 'bearer',
        refresh_token: refreshToken,
        bot_id: WORKSPACE.botId,
        workspace_name: WORKSPACE.name,
        workspace_icon: null,
        workspace_id: WORKSPACE.id,
        owner: { type: 'user', user: { object: 'user', id: OWNER.id, name: OWNER.name, avatar_url: null, type: 'person', person: { email: OWNER.email } } },
        duplicated_template_id: null,
        request_id: randomUUID(),
      },
    };
  }
}

function oauthError(status: number, error: string, description: string): FakeHttpReply {
  return { status, json: { error, error_description: description, request_id: randomUUID() } };
}
