import { createHash } from 'node:crypto';

/**
 * Proof Key for Code Exchange (RFC 7636, S256) for the providers that support it: the authorization
 * link carries the challenge, the code exchange the verifier, so an authorization code intercepted
 * on its way back cannot be redeemed by anyone else.
 */

/** The authorization link's parameters for a verifier (none without one). */
export function challengeParams(codeVerifier: string | undefined): Record<string, string> {
  if (!codeVerifier) return {};
  return { code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'), code_challenge_method: 'S256' };
}

/** The code exchange's parameter for a verifier (none without one). */
export function verifierParams(codeVerifier: string | undefined): Record<string, string> {
  return codeVerifier ? { code_verifier: codeVerifier } : {};
}
