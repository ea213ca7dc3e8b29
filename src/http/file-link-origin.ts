import type { FastifyRequest } from 'fastify';
import type { FileLinks } from '../core/access/file-links.js';

/**
 * Where the asking request came in (scheme and host): file links and OAuth redirect URLs start
 * there unless PUBLIC_URL says otherwise.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Turns the `attachment:NAME` links of a document's markdown into signed links for this request.
 * The stored markdown keeps the plain names: links expire, so they are signed when read.
 */
export function attachmentLinker(fileLinks: FileLinks, request: FastifyRequest, orgId: string) {
  const origin = requestOrigin(request);
  return <T extends string | null | undefined>(documentId: string, markdown: T): T =>
    (typeof markdown === 'string' ? fileLinks.linkAttachments(markdown, orgId, documentId, origin) : markdown) as T;
}
