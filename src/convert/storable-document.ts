import { mimeTypeOfName } from './attachments.js';
import { storableMediaType, storableText } from './storable-text.js';
import type { ConvertedDocument } from './types.js';

const FALLBACK_MEDIA_TYPE = 'application/octet-stream';

/**
 * A conversion's output as it may be stored: every string it carries (the markdown, the title,
 * the media types of the document and of each attachment, the attachments' names) is text
 * PostgreSQL accepts, and each media type a well-formed one. Whatever the input, its strings
 * reach the database only through here.
 */
export function storableDocument(document: ConvertedDocument): ConvertedDocument {
  return {
    ...document,
    markdown: storableText(document.markdown),
    title: document.title === null ? null : storableText(document.title),
    mimeType: storableMediaType(document.mimeType, FALLBACK_MEDIA_TYPE),
    attachments: document.attachments.map((attachment) => {
      const name = storableText(attachment.name);
      return { ...attachment, name, mimeType: storableMediaType(attachment.mimeType, mimeTypeOfName(name)) };
    }),
  };
}
