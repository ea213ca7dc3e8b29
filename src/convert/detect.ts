import { mediaTypeOf } from './decode.js';
import { ConversionError, type ConvertInput } from './types.js';

export type Kind = 'pdf' | 'html' | 'csv' | 'json' | 'markdown' | 'text' | 'conversation';

export const CANONICAL_MIME: Record<Kind, string> = {
  pdf: 'application/pdf',
  html: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
  markdown: 'text/markdown',
  text: 'text/plain',
  conversation: 'application/vnd.engram.conversation+json',
};

const FILE_TYPES: Record<string, Kind> = {
  pdf: 'pdf',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  webpage: 'html',
  csv: 'csv',
  json: 'json',
  markdown: 'markdown',
  md: 'markdown',
  text: 'text',
  txt: 'text',
  plain: 'text',
  conversation: 'conversation',
};

const MEDIA_TYPES: Record<string, Kind> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/comma-separated-values': 'csv',
  'application/json': 'json',
  'text/json': 'json',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
};

const EXTENSIONS: Record<string, Kind> = {
  pdf: 'pdf',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  csv: 'csv',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  txt: 'text',
  text: 'text',
  log: 'text',
};

function kindOfMediaType(mediaType: string | null): Kind | null {
  if (!mediaType) return null;
  const known = MEDIA_TYPES[mediaType];
  if (known) return known;
  if (mediaType.endsWith('+json')) return 'json';
  if (mediaType.startsWith('text/')) return 'text';
  return null;
}

function extensionOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : null;
}

function urlPath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

function isPdf(bytes: Uint8Array): boolean {
  // The header may legally sit anywhere in the first 1024 bytes.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.indexOf('%PDF-', 0, 'latin1') !== -1;
}

function sniffText(text: string): Kind | null {
  const start = text.trimStart();
  const head = start.slice(0, 1024).toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  if ((head.startsWith('<!--') || head.startsWith('<?xml')) && head.includes('<html')) return 'html';
  if (start.startsWith('{') || start.startsWith('[')) {
    try {
      JSON.parse(start);
      return 'json';
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Precedence: caller-forced fileType, then magic bytes, then the content
 * type, then the filename (or URL path) extension, then plain text.
 * `text` decodes the bytes lazily; it is only needed for sniffing.
 */
export function detectKind(input: ConvertInput, text: () => string): { kind: Kind; mediaType: string | null } {
  const mediaType = mediaTypeOf(input.contentType);
  const mediaKind = kindOfMediaType(mediaType);

  if (input.fileType) {
    const forced = input.fileType.trim().toLowerCase();
    const kind = FILE_TYPES[forced] ?? kindOfMediaType(forced);
    if (!kind) throw new ConversionError(`unsupported file type: ${input.fileType}`);
    return { kind, mediaType: kind === mediaKind ? mediaType : null };
  }

  if (isPdf(input.bytes)) return { kind: 'pdf', mediaType: mediaKind === 'pdf' ? mediaType : null };
  const sniffed = sniffText(text());
  if (sniffed) return { kind: sniffed, mediaType: mediaKind === sniffed ? mediaType : null };

  const ext = extensionOf(input.filename) ?? extensionOf(urlPath(input.url));
  const extKind = ext ? EXTENSIONS[ext] : undefined;

  // text/plain is what many clients send for any text file, so a more
  // specific extension (notes.md, data.csv) still wins over it.
  if (mediaKind && !(mediaKind === 'text' && extKind && extKind !== 'pdf')) return { kind: mediaKind, mediaType };
  if (extKind) return { kind: extKind, mediaType: null };

  return { kind: 'text', mediaType: null };
}
