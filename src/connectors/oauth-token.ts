import { expiryFrom } from './credentials.js';
import { ConnectorError, type TokenSet } from './types.js';

/** What a token endpoint answered: its status and body (text, or JSON a client library parsed already). */
export interface TokenEndpointAnswer {
  status: number;
  body: unknown;
  /** From a 429's Retry-After, when the caller read it. */
  retryAfterMs?: number | null;
}

export interface TokenAnswerContext {
  /** Names the provider in error messages, e.g. `Google`. */
  provider: string;
  now: () => Date;
  /** The refresh token just used: kept when the answer brings no new one (a provider that does not rotate). */
  previousRefreshToken?: string | null;
}

/** OAuth error codes that mean our request was malformed, not that the grant or the client was refused. */
const MALFORMED = new Set(['invalid_request', 'unsupported_grant_type', 'unsupported_response_type', 'invalid_scope']);
/** OAuth error codes of a provider that is having trouble. */
const UNAVAILABLE = new Set(['server_error', 'temporarily_unavailable']);
/** Without a Retry-After, a rate-limited token endpoint is asked again in a minute. */
const DEFAULT_RATE_LIMIT_MS = 60_000;

interface TokenFields {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

function fieldsOf(body: unknown): TokenFields {
  if (body && typeof body === 'object' && !Array.isArray(body) && !(body instanceof Uint8Array)) return body as TokenFields;
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : '';
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TokenFields) : {};
  } catch {
    // A proxy's page or a form-encoded answer we did not ask for: no token in it.
    return {};
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The provider's error code, reduced to what an OAuth code looks like so that nothing else reaches a message. */
function errorCodeOf(fields: TokenFields): string | null {
  const code = text(fields.error);
  return code && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : null;
}

/**
 * One reading of every OAuth token endpoint's answer (RFC 6749 §5): a token set, or the
 * ConnectorError the engine acts on. A refused grant or client (`invalid_grant`, `invalid_client`,
 * `bad_verification_code`, a bare 401…) is `auth_expired`: the user must authorize again; a
 * malformed request is `internal`; 5xx and `temporarily_unavailable` are `provider_unavailable`;
 * 429 is `rate_limited`. Some providers (GitHub) answer errors with a 200.
 */
export function readTokenAnswer(answer: TokenEndpointAnswer, context: TokenAnswerContext): TokenSet {
  const { status } = answer;
  const fields = fieldsOf(answer.body);
  const error = errorCodeOf(fields);
  if (status === 429)
    throw new ConnectorError('rate_limited', `${context.provider}'s token endpoint is rate limited`, answer.retryAfterMs ?? DEFAULT_RATE_LIMIT_MS);
  if (status >= 500 || (error && UNAVAILABLE.has(error))) {
    throw new ConnectorError('provider_unavailable', `${context.provider}'s token endpoint answered ${error ?? `HTTP ${status}`}`);
  }
  const accessToken = text(fields.access_token);
  if (status >= 200 && status < 300 && !error && accessToken) {
    return {
      accessToken,
      refreshToken: text(fields.refresh_token) ?? context.previousRefreshToken ?? null,
      expiresAt: expiryFrom(fields.expires_in, context.now),
      scope: text(fields.scope),
    };
  }
  const refused = error ? !MALFORMED.has(error) : status === 401;
  throw new ConnectorError(
    refused ? 'auth_expired' : 'internal',
    `${context.provider} refused the grant (${error ?? (status < 300 ? 'no token' : `HTTP ${status}`)})`,
  );
}
