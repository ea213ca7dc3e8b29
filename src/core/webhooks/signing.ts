import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each secret, space-separated (two while a rotation's grace lasts). */
export function signatureHeader(id: string, timestampSeconds: number, body: string, secrets: string[]): string {
  return secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`).join(' ');
}
