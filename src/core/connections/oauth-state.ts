import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../shared/clock.js';

export const AUTH_LINK_LIFETIME_MS = 60 * 60 * 1000;

export interface StatePayload {
  connectionId: string;
  nonce: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
}

/**
 * The OAuth `state` of an authorization link: `{connectionId, nonce, exp}` with an HMAC under a key
 * derived from the server secret. The MAC makes it unforgeable, `exp` bounds it to an hour and the
 * nonce (stored with the connection, cleared by the callback) makes it single-use.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;
  private readonly pkceKey: Buffer;

  constructor(
    serverSecret: Buffer,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', serverSecret).update('engram/oauth-state/v1').digest();
    this.pkceKey = createHmac('sha256', serverSecret).update('engram/oauth-pkce/v1').digest();
  }

  /**
   * The PKCE code verifier of one authorization (43 characters), derived from its connection and
   * nonce under a key of the server's: the link and the callback compute the same one and nothing
   * is stored, and whoever sees the state (it travels in URLs) cannot compute it.
   */
  codeVerifier(connectionId: string, nonce: string): string {
    return createHmac('sha256', this.pkceKey).update(`${connectionId}.${nonce}`).digest('base64url');
  }

  sign(connectionId: string, nonce: string): { state: string; expiresAt: Date } {
    const exp = this.clock.now().getTime() + AUTH_LINK_LIFETIME_MS;
    const payload = Buffer.from(JSON.stringify({ connectionId, nonce, exp } satisfies StatePayload)).toString('base64url');
    return { state: `${payload}.${this.mac(payload)}`, expiresAt: new Date(exp) };
  }

  /** The payload of a genuine, unexpired state; null otherwise (which of the two is not told apart). */
  verify(state: string): StatePayload | null {
    const [payload, mac, extra] = state.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const p = parsed as Partial<StatePayload>;
    if (typeof p.connectionId !== 'string' || typeof p.nonce !== 'string' || typeof p.exp !== 'number') return null;
    if (p.exp <= this.clock.now().getTime()) return null;
    return { connectionId: p.connectionId, nonce: p.nonce, exp: p.exp };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
