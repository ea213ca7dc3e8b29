import { ConversionError } from './types.js';

/** Lower-cased media type without parameters, or null. */
export function mediaTypeOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  return essence || null;
}

export function charsetOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match ? match[1]!.toLowerCase() : null;
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Decodes bytes as text: a BOM wins, then the charset label, then UTF-8. */
export function decodeText(bytes: Uint8Array, charset?: string | null): string {
  const label = bomEncoding(bytes) ?? charset ?? 'utf-8';
  const text = decoderFor(label).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const SAMPLE_CHARS = 64 * 1024;

/**
 * Rejects content that decoded into mostly garbage: NULs and other control
 * characters never appear in real text, and U+FFFD marks invalid UTF-8.
 */
export function assertTextual(text: string): void {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  if (sample.length === 0) return;
  let controls = 0;
  let replacements = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0xfffd) replacements++;
    else if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x1b) controls++;
  }
  if (controls / sample.length > 0.01 || replacements / sample.length > 0.05) {
    throw new ConversionError('unsupported binary content');
  }
}

const MAX_TITLE = 120;

/** Collapses whitespace and caps a title at 120 characters. */
export function clampTitle(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const title = raw.replace(/\s+/g, ' ').trim();
  if (!title) return null;
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1).trimEnd()}…` : title;
}
