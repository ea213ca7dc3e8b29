import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { FakeClock } from '../github/clock.js';
import type { FakeReply } from '../github/http.js';

/**
 * What an authenticated push sends in `Authorization`: a token signed as Google signs (`valid`),
 * none (`missing`), or a bad one: signed by a key Google does not publish though naming one of its
 * key ids (`forged`), expired an hour ago (`expired`), for another audience, naming another service
 * account, or saying its e-mail is not verified.
 */
export type IdTokenMode = 'valid' | 'missing' | 'forged' | 'expired' | 'other-audience' | 'other-service-account' | 'unverified-email';

const ID_TOKEN_LIFETIME_SECONDS = 3600;
const ISSUER = 'https://accounts.google.com';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** Google's ID-token signing: RSA keys made at start, published as a JWKS at `GET /oauth2/v3/certs`. */
export class FakeGoogleIdTokens {
  /** Google publishes more than one key (the next one is out before it signs); tokens are signed with the first. */
  private readonly keys = Promise.all([signingKey(), signingKey()]);
  /** Never published. */
  private readonly forger = signingKey();

  constructor(private readonly clock: FakeClock) {}

  /** `GET /oauth2/v3/certs`, cacheable for hours as Google's is. */
  async certs(): Promise<FakeReply> {
    const keys = await this.keys;
    const maxAge = 6 * 3600;
    return {
      status: 200,
      json: { keys: keys.map((k) => k.publicJwk) },
      headers: {
        'cache-control': `public, max-age=${maxAge}, must-revalidate, no-transform`,
        expires: new Date(this.clock.nowMs() + maxAge * 1000).toUTCString(),
      },
    };
  }

  /**
   * The ID token a push subscription's service account gets for `audience`: `iss`, `aud`, `azp` and
   * `sub` (the account's numeric id), `email`, `email_verified`, `iat`, `exp`; RS256 with `kid` and `typ` in the header.
   */
  async sign(sender: { serviceAccountEmail: string; audience: string }, mode: Exclude<IdTokenMode, 'missing'> = 'valid'): Promise<string> {
    const [published] = await this.keys;
    const key = mode === 'forged' ? { ...(await this.forger), kid: published!.kid } : published!;
    const email = mode === 'other-service-account' ? 'someone-else@another-project.iam.gserviceaccount.com' : sender.serviceAccountEmail;
    const audience = mode === 'other-audience' ? 'https://elsewhere.example.com/push' : sender.audience;
    const iat = this.clock.nowSeconds() - (mode === 'expired' ? 2 * ID_TOKEN_LIFETIME_SECONDS : 0);
    const id = accountId(email);
    return new SignJWT({ email, email_verified: mode !== 'unverified-email', azp: id })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_LIFETIME_SECONDS)
      .sign(key.privateKey);
  }
}

async function signingKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const kid = randomBytes(20).toString('hex');
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A service account's `sub`: a stable 21-digit number. */
function accountId(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 16)}`).toString();
  return `1${digits.padStart(20, '0').slice(0, 20)}`;
}
