import { createHash } from 'node:crypto';

/** What an authorization request asked of the code exchange (RFC 7636). */
export interface PkceChallenge {
  challenge: string;
  method: 'S256' | 'plain';
}

/** 43 to 128 unreserved characters: the form of a verifier, and so of an S256 challenge. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** The challenge an authorize request carries: none, one, or `invalid` (an unknown method, a malformed challenge). */
export function readChallenge(query: URLSearchParams): PkceChallenge | null | 'invalid' {
  const challenge = query.get('code_challenge');
  if (challenge === null) return null;
  const method = query.get('code_challenge_method') ?? 'plain';
  if ((method !== 'S256' && method !== 'plain') || !VERIFIER.test(challenge)) return 'invalid';
  return { challenge, method };
}

/** Whether a code exchange's verifier answers the authorization's challenge (there is nothing to answer without one). */
export function checkVerifier(pkce: PkceChallenge | null | undefined, verifier: string | undefined): 'ok' | 'missing' | 'mismatch' {
  if (!pkce) return 'ok';
  if (!verifier) return 'missing';
  if (!VERIFIER.test(verifier)) return 'mismatch';
  const derived = pkce.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return derived === pkce.challenge ? 'ok' : 'mismatch';
}
