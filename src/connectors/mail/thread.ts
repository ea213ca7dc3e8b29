import { createHash } from 'node:crypto';
import PostalMime, { type Address, type Attachment, type Email } from 'postal-mime';
import { ConversionError } from '../../convert/types.js';
import type { ConvertFile } from '../descriptor.js';
import type { SourceItem } from '../types.js';
import type { MailConfig } from './config.js';

/** Attachment types the conversion layer reads; images are left out (logos and signatures, mostly). */
const CONVERTIBLE = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/epub+zip',
  'application/json',
  'text/csv',
  'text/plain',
  'text/markdown',
  'text/html',
]);
const MAX_ATTACHMENTS_PER_MESSAGE = 10;
const MAX_PARTICIPANTS = 50;

export interface ThreadMessage {
  id: string;
  raw: Buffer;
  internalDate: Date | null;
}

function mailboxes(addresses: Address[] | Address | undefined): { name: string; address: string }[] {
  const list = addresses === undefined ? [] : Array.isArray(addresses) ? addresses : [addresses];
  return list.flatMap((a) => (a.group ? a.group : [a]));
}

function formatAddresses(addresses: Address[] | Address | undefined): string {
  return mailboxes(addresses)
    .map((m) => (m.name ? `${m.name} <${m.address}>` : m.address))
    .join(', ');
}

async function htmlToMarkdown(html: string, convert: ConvertFile): Promise<string | null> {
  try {
    return (await convert({ bytes: Buffer.from(html, 'utf8'), contentType: 'text/html; charset=utf-8' })).markdown;
  } catch (err) {
    if (err instanceof ConversionError) return null;
    throw err;
  }
}

/** The body: HTML through the conversion layer (links and tables kept), else the plain text part. */
async function bodyOf(email: Email, convert: ConvertFile): Promise<string> {
  const fromHtml = email.html ? await htmlToMarkdown(email.html, convert) : null;
  return (fromHtml ?? email.text ?? '').trim();
}

async function attachmentSection(attachment: Attachment, config: MailConfig, convert: ConvertFile): Promise<string | null> {
  if (attachment.related) return null;
  const name = attachment.filename ?? 'attachment';
  const bytes = attachment.content instanceof ArrayBuffer ? new Uint8Array(attachment.content) : (attachment.content as Uint8Array);
  if (!CONVERTIBLE.has(attachment.mimeType)) return `### Attachment: ${name}\n\n_(${attachment.mimeType}, not converted)_`;
  if (bytes.byteLength > config.maxAttachmentBytes) return `### Attachment: ${name}\n\n_(too large to convert)_`;
  try {
    const converted = await convert({ bytes, contentType: attachment.mimeType, filename: attachment.filename });
    return `### Attachment: ${name}\n\n${converted.markdown.trim()}`;
  } catch (err) {
    if (err instanceof ConversionError) return `### Attachment: ${name}\n\n_(could not be converted)_`;
    throw err;
  }
}

async function messageSection(email: Email, sentAt: Date | null, config: MailConfig, convert: ConvertFile): Promise<string> {
  const lines = [`## ${formatAddresses(email.from) || 'Unknown sender'}`, ''];
  const to = formatAddresses(email.to);
  const cc = formatAddresses(email.cc);
  if (to) lines.push(`**To:** ${to}  `);
  if (cc) lines.push(`**Cc:** ${cc}  `);
  if (sentAt) lines.push(`**Date:** ${sentAt.toISOString()}  `);
  if (email.subject) lines.push(`**Subject:** ${email.subject}`);
  const parts = [lines.join('\n').trimEnd(), await bodyOf(email, convert)];
  for (const attachment of email.attachments.slice(0, MAX_ATTACHMENTS_PER_MESSAGE)) {
    const section = await attachmentSection(attachment, config, convert);
    if (section) parts.push(section);
  }
  return parts.filter((p) => p !== '').join('\n\n');
}

/** A thread's version: a hash of its message ids, since Gmail messages never change. */
export function threadVersion(messageIds: readonly string[]): string {
  return createHash('sha256').update(messageIds.join(',')).digest('hex');
}

/**
 * One document per thread: its messages in order, each with its headers, body and converted
 * attachments. The version is a hash of the message ids, since Gmail messages never change: only
 * a message added or deleted changes a thread.
 */
export async function threadItem(
  threadId: string,
  messages: ThreadMessage[],
  config: MailConfig,
  convert: ConvertFile,
  mailWebUrl: string,
  leftOut = 0,
): Promise<SourceItem> {
  const emails = await Promise.all(messages.map((m) => PostalMime.parse(m.raw)));
  const dated = emails.map((email, i) => ({ email, sentAt: messages[i]!.internalDate ?? (email.date ? new Date(email.date) : null) }));
  const subject = emails.find((e) => e.subject)?.subject?.trim() || null;
  const sections: string[] = [`# ${subject ?? '(no subject)'}`];
  for (const { email, sentAt } of dated) sections.push(await messageSection(email, sentAt && !Number.isNaN(sentAt.getTime()) ? sentAt : null, config, convert));
  if (leftOut > 0) sections.push(`_${leftOut} message${leftOut === 1 ? ' was' : 's were'} too large to import._`);
  const participants = [...new Set(emails.flatMap((e) => [...mailboxes(e.from), ...mailboxes(e.to), ...mailboxes(e.cc)]).map((m) => m.address.toLowerCase()))];
  const last = dated.at(-1)?.sentAt ?? null;
  return {
    externalId: threadId,
    version: threadVersion(messages.map((m) => m.id)),
    title: subject,
    url: `${mailWebUrl}#all/${encodeURIComponent(threadId)}`,
    filepath: null,
    type: 'text',
    body: { text: `${sections.join('\n\n---\n\n')}\n`, mediaType: 'text/markdown' },
    metadata: { threadId, messageCount: messages.length + leftOut, participants: participants.slice(0, MAX_PARTICIPANTS) },
    updatedAt: last && !Number.isNaN(last.getTime()) ? last : null,
  };
}
