import { randomBytes } from 'node:crypto';

export interface MailAttachment {
  filename: string;
  mimeType: string;
  bytes: Buffer | Uint8Array;
}

export interface MailContent {
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
  messageId?: string;
  inReplyTo?: string;
}

const CRLF = '\r\n';

/** RFC 2047 for headers that are not plain ASCII. */
function header(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function base64Lines(bytes: Buffer | Uint8Array): string {
  return (
    Buffer.from(bytes)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join(CRLF);
}

function part(contentType: string, bytes: Buffer | Uint8Array, extra: string[] = []): string {
  return [`Content-Type: ${contentType}`, 'Content-Transfer-Encoding: base64', ...extra, '', base64Lines(bytes)].join(CRLF);
}

function multipart(subtype: string, parts: string[]): string {
  const boundary = `=_${randomBytes(12).toString('hex')}`;
  return [`Content-Type: multipart/${subtype}; boundary="${boundary}"`, '', ...parts.map((p) => `--${boundary}${CRLF}${p}`), `--${boundary}--`, ''].join(CRLF);
}

/** An RFC 2822 message as Gmail stores it: text and/or HTML alternatives, attachments in multipart/mixed. */
export function buildRawMessage(mail: MailContent, date: Date): Buffer {
  const bodies: string[] = [];
  if (mail.text !== undefined) bodies.push(part('text/plain; charset="UTF-8"', Buffer.from(mail.text, 'utf8')));
  if (mail.html !== undefined) bodies.push(part('text/html; charset="UTF-8"', Buffer.from(mail.html, 'utf8')));
  let body = bodies.length === 1 ? bodies[0]! : multipart('alternative', bodies);
  if (mail.attachments?.length) {
    const files = mail.attachments.map((a) =>
      part(`${a.mimeType}; name="${a.filename}"`, a.bytes, [`Content-Disposition: attachment; filename="${a.filename}"`]),
    );
    body = multipart('mixed', [body, ...files]);
  }
  const headers = [
    `From: ${header(mail.from)}`,
    `To: ${mail.to.map(header).join(', ')}`,
    ...(mail.cc?.length ? [`Cc: ${mail.cc.map(header).join(', ')}`] : []),
    `Subject: ${header(mail.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${mail.messageId ?? `<${randomBytes(8).toString('hex')}@mail.fake>`}`,
    ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`, `References: ${mail.inReplyTo}`] : []),
    'MIME-Version: 1.0',
  ];
  return Buffer.from(`${headers.join(CRLF)}${CRLF}${body}`, 'utf8');
}
