/**
 * A file that came out of a document (an image in a DOCX, the media of a slide, a scanned image),
 * kept with the document and served through signed links.
 */
export interface StoredAttachment {
  documentId: string;
  orgId: string;
  /** Unique within the document, made of [A-Za-z0-9._-]; the markdown links to it as `attachment:NAME`. */
  name: string;
  mimeType: string;
  size: number;
  data: Uint8Array;
  createdAt: Date;
}

/**
 * The link target conversion writes for an attachment, `](attachment:NAME)`. convert/ writes the
 * same scheme (a leaf, it cannot import it); a test holds the two together.
 */
export const ATTACHMENT_SCHEME = 'attachment:';

const LINK = /\]\(attachment:([A-Za-z0-9._-]+)\)/g;

/** Replaces every `(attachment:NAME)` link target with what `urlOf` returns for it (unchanged if null). */
export function rewriteAttachmentLinks(markdown: string, urlOf: (name: string) => string | null): string {
  return markdown.replace(LINK, (whole, name: string) => {
    const url = urlOf(name);
    return url === null ? whole : `](${url})`;
  });
}
