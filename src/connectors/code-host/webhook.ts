import { header, isSha256Signature, type Headers } from '../webhook-headers.js';

/** `X-Hub-Signature-256` is the HMAC-SHA256 of the exact bytes received; compared in constant time. */
export function verifyGitHubSignature(headers: Headers, rawBody: Buffer, secret: string): boolean {
  return isSha256Signature(header(headers, 'x-hub-signature-256'), rawBody, secret);
}

export function describeGitHubDelivery(headers: Headers, body: unknown): { deliveryId: string; resource: string | null; event: string } {
  const fullName = (body as { repository?: { full_name?: unknown } } | null)?.repository?.full_name;
  return {
    deliveryId: header(headers, 'x-github-delivery') ?? '',
    resource: typeof fullName === 'string' ? fullName : null,
    event: header(headers, 'x-github-event') ?? 'unknown',
  };
}
