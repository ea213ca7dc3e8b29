import { createHash } from 'node:crypto';
import type { Attachment } from './types.js';

export const ATTACHMENT_SCHEME = 'attachment:';

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  emf: 'image/emf',
  wmf: 'image/wmf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  wma: 'audio/x-ms-wma',
};

const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/x-emf': 'emf',
  'image/x-wmf': 'wmf',
};

export function mimeTypeOfName(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

export function extensionOfMime(mimeType: string): string {
  return EXTENSION_BY_MIME[mimeType.toLowerCase()] ?? 'bin';
}

function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(-100) || 'file';
}

/**
 * Collects the files a document carries. The same bytes added twice get the
 * same name; names are made safe and unique. Past the count or size limit a
 * file is dropped and add() returns null, so the caller writes no link.
 */
export class AttachmentSink {
  private readonly list: Attachment[] = [];
  private readonly byHash = new Map<string, string>();
  private readonly taken = new Set<string>();
  private bytes = 0;
  dropped = 0;

  constructor(
    private readonly maxCount: number,
    private readonly maxBytes: number,
  ) {}

  add(suggestedName: string, mimeType: string, bytes: Uint8Array): string | null {
    const hash = createHash('sha256').update(bytes).digest('hex');
    const known = this.byHash.get(hash);
    if (known) return known;
    if (this.list.length >= this.maxCount || this.bytes + bytes.byteLength > this.maxBytes) {
      this.dropped++;
      return null;
    }
    const name = this.unique(safeName(suggestedName));
    this.list.push({ name, mimeType, bytes });
    this.byHash.set(hash, name);
    this.bytes += bytes.byteLength;
    return name;
  }

  all(): Attachment[] {
    return [...this.list];
  }

  private unique(name: string): string {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let i = 2; this.taken.has(candidate.toLowerCase()); i++) candidate = `${stem}-${i}${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** Markdown for a file reference: an image embed for images, a link otherwise. */
export function attachmentLink(name: string, mimeType: string, label: string): string {
  const text =
    label
      .replace(/[[\]\\]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || name;
  return `${mimeType.startsWith('image/') ? '!' : ''}[${text}](${ATTACHMENT_SCHEME}${name})`;
}
