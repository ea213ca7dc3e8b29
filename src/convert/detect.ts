import { mediaTypeOf } from './decode.js';
import { imageFormatOf, type ImageFormat } from './image-header.js';
import type { ConversionLimits } from './limits.js';
import { ConversionError, type ConvertInput } from './types.js';
import { isZip, ZipArchive } from './zip.js';

export type ContainerKind = 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'epub';
export type Kind = 'pdf' | 'html' | 'csv' | 'json' | 'markdown' | 'text' | 'conversation' | ContainerKind | ImageFormat;

export const CANONICAL_MIME: Record<Kind, string> = {
  pdf: 'application/pdf',
  html: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
  markdown: 'text/markdown',
  text: 'text/plain',
  conversation: 'application/vnd.engram.conversation+json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
};

/** Kinds that are only ever recognised by their bytes (zip containers, images), never by a name alone. */
const BINARY = new Set<Kind>(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'png', 'jpeg', 'gif', 'webp', 'tiff']);
const IMAGES = new Set<Kind>(['png', 'jpeg', 'gif', 'webp', 'tiff']);

const BINARY_FILE_TYPES: Record<string, Kind> = {
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  epub: 'epub',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  tif: 'tiff',
  tiff: 'tiff',
};

const FILE_TYPES: Record<string, Kind | 'image'> = {
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
  image: 'image',
  ...BINARY_FILE_TYPES,
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
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/x-png': 'png',
  ...Object.fromEntries(
    Object.entries(CANONICAL_MIME)
      .filter(([kind]) => BINARY.has(kind as Kind))
      .map(([kind, mime]) => [mime, kind as Kind]),
  ),
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

const ODF_MIMETYPES: Record<string, ContainerKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.text-template': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.spreadsheet-template': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.presentation-template': 'odp',
  'application/epub+zip': 'epub',
};

/**
 * Which format a zip is, from its directory alone: the OOXML main part
 * ([Content_Types].xml packages) or the ODF/EPUB `mimetype` entry.
 */
export function containerKind(bytes: Uint8Array, limits: ConversionLimits): ContainerKind {
  const zip = ZipArchive.open(bytes, limits);
  if (zip.has('word/document.xml')) return 'docx';
  if (zip.has('xl/workbook.xml')) return 'xlsx';
  if (zip.has('ppt/presentation.xml')) return 'pptx';
  const mimetype = zip.readSmallSync('mimetype', 256);
  const declared = mimetype ? ODF_MIMETYPES[new TextDecoder().decode(mimetype).trim()] : undefined;
  if (declared) return declared;
  if (zip.has('META-INF/container.xml')) return 'epub';
  throw new ConversionError('unsupported zip archive: not an Office, OpenDocument or EPUB file');
}

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

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function sniffBinary(bytes: Uint8Array, limits: ConversionLimits): Kind | null {
  if (isPdf(bytes)) return 'pdf';
  if (CFB_MAGIC.every((byte, i) => bytes[i] === byte)) {
    throw new ConversionError('legacy Office files (.doc, .xls, .ppt) are not supported; save as .docx, .xlsx or .pptx');
  }
  const image = imageFormatOf(bytes);
  if (image) return image;
  return isZip(bytes) ? containerKind(bytes, limits) : null;
}

function forcedKind(bytes: Uint8Array, fileType: string, _limits: ConversionLimits): Kind {
  const forced = fileType.trim().toLowerCase();
  const kind = FILE_TYPES[forced] ?? kindOfMediaType(forced);
  if (!kind) throw new ConversionError(`unsupported file type: ${fileType}`);
  if (kind !== 'image' && !IMAGES.has(kind)) return kind;
  const image = imageFormatOf(bytes);
  if (!image) throw new ConversionError(`file is not a supported image (PNG, JPEG, GIF, WebP or TIFF)`);
  return image;
}

/**
 * Precedence: caller-forced fileType, then magic bytes (PDF, images, zip
 * containers by their directory), then the content type, then the filename
 * (or URL path) extension, then plain text. Zip and image kinds come from
 * the bytes only: a name claiming them for other bytes is ignored.
 * `text` decodes the bytes lazily; it is only needed for sniffing.
 */
export function detectKind(input: ConvertInput, text: () => string, limits: ConversionLimits): { kind: Kind; mediaType: string | null } {
  const mediaType = mediaTypeOf(input.contentType);
  const claimed = kindOfMediaType(mediaType);
  const mediaKind = claimed && BINARY.has(claimed) ? null : claimed;
  const sameMedia = (kind: Kind): string | null => (kind === claimed ? mediaType : null);

  if (input.fileType) {
    const kind = forcedKind(input.bytes, input.fileType, limits);
    return { kind, mediaType: sameMedia(kind) };
  }

  const binary = sniffBinary(input.bytes, limits);
  if (binary) return { kind: binary, mediaType: sameMedia(binary) };
  const sniffed = sniffText(text());
  if (sniffed) return { kind: sniffed, mediaType: sameMedia(sniffed) };

  const ext = extensionOf(input.filename) ?? extensionOf(urlPath(input.url));
  const extKind = ext ? EXTENSIONS[ext] : undefined;

  // text/plain is what many clients send for any text file, so a more
  // specific extension (notes.md, data.csv) still wins over it.
  if (mediaKind && !(mediaKind === 'text' && extKind && extKind !== 'pdf')) return { kind: mediaKind, mediaType };
  if (extKind) return { kind: extKind, mediaType: null };

  return { kind: 'text', mediaType: null };
}
