import { createHmac, timingSafeEqual } from 'node:crypto';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** `X-Hub-Signature-256` is the HMAC-SHA256 of the exact bytes received; compared in constant time. */
export function verifyGitHubSignature(headers: Headers, rawBody: Buffer, secret: string): boolean {
  const signature = header(headers, 'x-hub-signature-256');
  if (!signature || !secret) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function describeGitHubDelivery(headers: Headers, body: unknown): { deliveryId: string; resource: string | null; event: string } {
  const fullName = (body as { repository?: { full_name?: unknown } } | null)?.repository?.full_name;
  return {
    deliveryId: header(headers, 'x-github-delivery') ?? '',
    resource: typeof fullName === 'string' ? fullName : null,
    event: header(headers, 'x-github-event') ?? 'unknown',
  };
}
