import { integerField, stringListField } from '../config-fields.js';

export interface MailConfig {
  /** Label ids (`INBOX`, `Label_12`…): only threads with a message under one of them; empty: all mail. */
  labels: string[];
  /** Attachments larger than this are named but not converted. */
  maxAttachmentBytes: number;
}

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export function parseMailConfig(metadata: Record<string, unknown>): MailConfig {
  const labels = stringListField(metadata, 'labels', { pattern: /^[A-Za-z0-9_-]{1,64}$/, describe: 'Gmail label ids', maxItems: 50 }) ?? [];
  return {
    labels: [...new Set(labels)],
    maxAttachmentBytes: integerField(metadata, 'maxAttachmentBytes', { min: 0, max: MAX_ATTACHMENT_BYTES, fallback: 10 * 1024 * 1024 }),
  };
}
