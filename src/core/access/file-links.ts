import { createHmac, timingSafeEqual } from 'node:crypto';
import { rewriteAttachmentLinks } from '../../model/attachments.js';
import { ForbiddenError } from '../../model/errors.js';
import type { Clock } from '../shared/clock.js';

export const FILE_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface FileLinkOptions {
  /** Where the server is reached from outside; links otherwise start with the address a request came to. */
  publicUrl?: string;
}

/** What a link names: a document's uploaded file, or one of its attachments. */
export interface LinkedFile {
  orgId: string;
  documentId: string;
  /** The attachment's name; absent, the link is to the uploaded file. */
  attachment?: string;
}

/** Signed, expiring links to uploaded files and attachments, verified without a database lookup of the link. */
export class FileLinks {
  constructor(
    private readonly key: Buffer,
    private readonly clock: Clock,
    private readonly options: FileLinkOptions = {},
  ) {}

  /** A link to a document's uploaded file, valid for FILE_LINK_TTL_MS; `requestOrigin` is where the asking request came in. */
  link(orgId: string, documentId: string, requestOrigin: string): { url: string; expiresAt: Date } {
    return this.signedUrl({ orgId, documentId }, requestOrigin);
  }

  /** The markdown with each `attachment:NAME` link turned into a signed link to that attachment of the document. */
  linkAttachments(markdown: string, orgId: string, documentId: string, requestOrigin: string): string {
    return rewriteAttachmentLinks(markdown, (attachment) => this.signedUrl({ orgId, documentId, attachment }, requestOrigin).url);
  }

  private signedUrl(file: LinkedFile, requestOrigin: string): { url: string; expiresAt: Date } {
    const expiresAt = new Date(this.clock.now().getTime() + FILE_LINK_TTL_MS);
    const base = this.options.publicUrl ?? requestOrigin;
    return { url: `${base.replace(/\/$/, '')}/files/${this.sign(file, expiresAt)}`, expiresAt };
  }

  private sign(file: LinkedFile, expiresAt: Date): string {
    const claims = { o: file.orgId, d: file.documentId, e: expiresAt.getTime(), ...(file.attachment ? { a: file.attachment } : {}) };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The file a link names; refused when the link was not signed here or has expired. */
  verify(token: string): LinkedFile {
    const now = this.clock.now();
    const [payload, mac] = token.split('.');
    // Compared as bytes: a MAC with the right number of characters may have another number of bytes.
    const given = Buffer.from(mac ?? '');
    const expected = Buffer.from(payload ? this.mac(payload) : '');
    if (!payload || given.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ForbiddenError('Invalid file link');
    }
    const { o, d, e, a } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o: string; d: string; e: number; a?: string };
    if (e < now.getTime()) throw new ForbiddenError('File link expired');
    return { orgId: o, documentId: d, ...(a ? { attachment: a } : {}) };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(`file-link:${payload}`).digest('base64url');
  }
}
