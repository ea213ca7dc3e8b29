import { ConnectorError, type SyncCredentials } from './types.js';

/** The access token of an OAuth connection; without one the user has to authorize again. */
export function oauthAccessToken(credentials: SyncCredentials, provider: string): string {
  if ('tokens' in credentials && credentials.tokens.accessToken) return credentials.tokens.accessToken;
  throw new ConnectorError('auth_expired', `the connection has no ${provider} token`);
}

/** `expires_in` seconds from the local clock, or null when the provider gives none. */
export function expiryFrom(expiresIn: unknown, now: () => Date): Date | null {
  const seconds = Number(expiresIn);
  return expiresIn === undefined || expiresIn === null || !Number.isFinite(seconds) ? null : new Date(now().getTime() + seconds * 1000);
}
