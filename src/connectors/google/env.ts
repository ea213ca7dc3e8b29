import { z } from 'zod';
import { oauthAppEnv, type ConnectorContext, type ConnectorOptions } from '../descriptor.js';
import { GOOGLE_DEFAULTS, type GoogleOptions } from './options.js';

/** The service's own Google OAuth application (cloud drive and mail) and Google's endpoints, each replaceable on its own (a proxy, or a local fake in tests). */
export const googleEnv = z.object({
  ...oauthAppEnv('GOOGLE'),
  GOOGLE_AUTH_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_REVOKE_URL: z.string().url().optional(),
  GOOGLE_USERINFO_URL: z.string().url().optional(),
  GOOGLE_CERTS_URL: z.string().url().optional(),
  GOOGLE_DRIVE_URL: z.string().url().optional(),
  GOOGLE_GMAIL_URL: z.string().url().optional(),
});

export function googleOptionsFrom(env: z.infer<typeof googleEnv>): Partial<ConnectorOptions> {
  const endpoints = {
    authUrl: env.GOOGLE_AUTH_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    revokeUrl: env.GOOGLE_REVOKE_URL,
    userinfoUrl: env.GOOGLE_USERINFO_URL,
    certsUrl: env.GOOGLE_CERTS_URL,
    driveUrl: env.GOOGLE_DRIVE_URL,
    gmailUrl: env.GOOGLE_GMAIL_URL,
  };
  return { google: Object.fromEntries(Object.entries(endpoints).filter(([, url]) => url !== undefined)) };
}

export function googleOptions(context: ConnectorContext): GoogleOptions {
  return {
    endpoints: { ...GOOGLE_DEFAULTS, ...context.options.google },
    userAgent: context.userAgent,
    maxRateLimitWaitSeconds: context.maxRateLimitWaitSeconds,
    retryBaseMs: context.retryBaseMs,
    timeoutMs: context.options.googleTimeoutMs ?? 60_000,
    now: context.now,
  };
}
