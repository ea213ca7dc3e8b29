import { convertConversation } from './conversation.js';
import { convertCsv } from './csv.js';
import { assertTextual, charsetOf, decodeText } from './decode.js';
import { CANONICAL_MIME, detectKind, type Kind } from './detect.js';
import { convertHtml } from './html.js';
import { convertJson } from './json.js';
import { convertPdf } from './pdf.js';
import { storableText } from './storable-text.js';
import { convertText } from './text.js';
import { ConversionError, type ConvertedDocument, type ConvertInput, type DocumentType } from './types.js';

export { ConversionError, DOCUMENT_TYPES } from './types.js';
export type { ConvertedDocument, ConvertInput, DocumentType } from './types.js';
export { FetchError, fetchUrl } from './fetch-url.js';
export { storableText } from './storable-text.js';
export type { FetchedResource, FetchUrlOptions } from './fetch-url.js';

function convertDecoded(kind: Exclude<Kind, 'pdf'>, text: string, url: string | null | undefined) {
  switch (kind) {
    case 'html':
      return convertHtml(text, url);
    case 'csv':
      return convertCsv(text);
    case 'json':
      return convertJson(text);
    case 'conversation':
      return convertConversation(text);
    case 'markdown':
    case 'text':
      return convertText(text);
  }
}

function documentType(kind: Kind, url: string | null | undefined): DocumentType {
  if (kind === 'html') return url ? 'webpage' : 'html';
  return kind;
}

/**
 * Converts raw bytes into markdown. Throws ConversionError for unsupported,
 * corrupt or empty input; that error is permanent and never worth retrying.
 */
export async function convertToMarkdown(input: ConvertInput): Promise<ConvertedDocument> {
  let decoded: string | undefined;
  const text = (): string => (decoded ??= decodeText(input.bytes, charsetOf(input.contentType)));

  const { kind, mediaType } = detectKind(input, text);

  let result: { markdown: string; title: string | null };
  if (kind === 'pdf') {
    result = await convertPdf(input.bytes);
  } else {
    assertTextual(text());
    // A few NULs pass as text (under the binary threshold); they carry nothing and cannot be stored.
    result = convertDecoded(kind, storableText(text()), input.url);
  }
  // JSON escapes (\u0000, lone \ud800) and PDF text can still produce what cannot be stored.
  const markdown = storableText(result.markdown);
  if (markdown.trim() === '') throw new ConversionError('document has no text content');

  return {
    markdown,
    title: result.title === null ? null : storableText(result.title),
    type: documentType(kind, input.url),
    mimeType: mediaType ?? CANONICAL_MIME[kind],
  };
}
