import type { WebhookDescription } from '../types.js';
import { header, isSha256Signature, type Headers } from '../webhook-headers.js';

/** `X-Notion-Signature: sha256=<HMAC-SHA256 of the raw body>` keyed with the subscription's verification token. */
export function verifyNotionSignature(headers: Headers, rawBody: Buffer, secret: string): boolean {
  return isSha256Signature(header(headers, 'x-notion-signature'), rawBody, secret);
}

/** The event's own id (stable across Notion's retries), its type, the page or database it is about and its workspace. */
export function describeNotionEvent(_headers: Headers, body: unknown): WebhookDescription {
  const event = (body ?? {}) as { id?: unknown; type?: unknown; entity?: { id?: unknown }; workspace_id?: unknown };
  return {
    deliveryId: typeof event.id === 'string' ? event.id : '',
    resource: typeof event.entity?.id === 'string' ? event.entity.id : null,
    event: typeof event.type === 'string' ? event.type : 'unknown',
    account: typeof event.workspace_id === 'string' ? event.workspace_id : null,
  };
}

const MAX_VERIFICATION_BODY = 4096;

/**
 * The first POST after a subscription is made in the integration's settings: `{verification_token}`,
 * unsigned. Anything signed, or with more in it, is not one.
 */
export function notionVerificationToken(headers: Headers, rawBody: Buffer): string | null {
  if (header(headers, 'x-notion-signature') !== undefined || rawBody.length > MAX_VERIFICATION_BODY) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body);
  if (entries.length !== 1 || entries[0]![0] !== 'verification_token') return null;
  const token = entries[0]![1];
  return typeof token === 'string' && /^[\x21-\x7e]{8,512}$/.test(token) ? token : null;
}
