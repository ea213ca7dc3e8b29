/** Where Google's services live; tests point them all at one local fake. */
export interface GoogleEndpoints {
  /** The consent page, e.g. `https://accounts.google.com/o/oauth2/v2/auth`. */
  authUrl: string;
  /** Code exchange and refresh, e.g. `https://oauth2.googleapis.com/token`. */
  tokenUrl: string;
  /** Token revocation, e.g. `https://oauth2.googleapis.com/revoke`: revoking a refresh token ends the grant. */
  revokeUrl: string;
  /** The OpenID Connect user info of the signed-in account. */
  userinfoUrl: string;
  /** The JWKS of the keys Google signs its ID tokens with (Pub/Sub's authenticated pushes), e.g. `https://www.googleapis.com/oauth2/v3/certs`. */
  certsUrl: string;
  /** Drive API v3 base, e.g. `https://www.googleapis.com/drive/v3`. */
  driveUrl: string;
  /** Gmail API v1 base, e.g. `https://gmail.googleapis.com/gmail/v1`. */
  gmailUrl: string;
  /** Where a person opens a Drive file or a mail thread (links only). */
  mailWebUrl: string;
}

export const GOOGLE_DEFAULTS: Readonly<GoogleEndpoints> = Object.freeze({
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  certsUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  driveUrl: 'https://www.googleapis.com/drive/v3',
  gmailUrl: 'https://gmail.googleapis.com/gmail/v1',
  mailWebUrl: 'https://mail.google.com/mail/u/0/',
});

export interface GoogleOptions {
  endpoints: GoogleEndpoints;
  userAgent: string;
  /** Rate-limit waits up to this long are waited out; longer ones end the run as rate_limited. */
  maxRateLimitWaitSeconds: number;
  /** Milliseconds per second of a Retry-After and of retry backoff (tests shrink it). */
  retryBaseMs: number;
  /** Per request; a download counts as one request. */
  timeoutMs: number;
  now: () => Date;
}
