import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { SenderCheck } from '../types.js';
import type { GoogleOptions } from './options.js';
import { header, type Headers } from '../webhook-headers.js';

/** Google signs its ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** Clocks that differ by this much still agree on `iat` and `exp`. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Pub/Sub waits for a push's answer until its acknowledgement deadline (10 s by default), then redelivers. */
const CERTS_TIMEOUT_MS = 10_000;

/** Who an authenticated push subscription says it is: its `--push-auth-token-audience` and `--push-auth-service-account`. */
export interface PushSender {
  audience: string;
  serviceAccount: string;
}

/**
 * Pub/Sub's authenticated push: `Authorization: Bearer` an OpenID Connect ID token Google signed
 * (RS256, its keys at `certsUrl`, fetched and cached) for the subscription's audience, naming its
 * service account with a verified `email`. The audience alone proves nothing: anyone can have Google
 * sign a token for any audience with a service account of their own.
 */
export function googlePushSenderCheck(options: GoogleOptions, sender: PushSender): (headers: Headers) => Promise<SenderCheck> {
  const keys = createRemoteJWKSet(new URL(options.endpoints.certsUrl), {
    timeoutDuration: Math.min(options.timeoutMs, CERTS_TIMEOUT_MS),
    headers: { 'user-agent': options.userAgent },
  });
  const serviceAccount = sender.serviceAccount.toLowerCase();
  return async (headers) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(headers, 'authorization') ?? '');
    if (!bearer) return { verified: false, reason: 'no bearer token in Authorization' };
    try {
      const { payload } = await jwtVerify(bearer[1]!, keys, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: sender.audience,
        requiredClaims: ['iat', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: options.now(),
      });
      if (payload.email_verified !== true) return { verified: false, reason: 'the token says its email is not verified' };
      if (typeof payload.email !== 'string' || payload.email.toLowerCase() !== serviceAccount)
        return { verified: false, reason: 'the token names another service account' };
      return { verified: true };
    } catch (err) {
      return { verified: false, reason: whyNot(err) };
    }
  };
}

/** jose's reason, which never quotes the token. */
function whyNot(err: unknown): string {
  if (err instanceof errors.JWTClaimValidationFailed) return `claim ${err.claim}: ${err.reason} (${err.message})`;
  if (err instanceof errors.JOSEError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
