import { createHmac, timingSafeEqual } from 'node:crypto';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  return undefined;
}

/** `X-Notion-Signature: sha256=<HMAC-SHA256 of the raw body>` keyed with the subscription's verification token. */
export function verifyNotionSignature(headers: Headers, rawBody: Buffer, secret: string): boolean {
  const signature = header(headers, 'x-notion-signature');
  if (!signature || !secret) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The event's own id (stable across Notion's retries), its type, and the page or database it is about. */
export function describeNotionEvent(_headers: Headers, body: unknown): { deliveryId: string; resource: string | null; event: string } {
  const event = (body ?? {}) as { id?: unknown; type?: unknown; entity?: { id?: unknown } };
  return {
    deliveryId: typeof event.id === 'string' ? event.id : '',
    resource: typeof event.entity?.id === 'string' ? event.entity.id : null,
    event: typeof event.type === 'string' ? event.type : 'unknown',
  };
}
