export const DOCUMENT_TYPES = ['text', 'pdf', 'webpage', 'csv', 'json', 'markdown', 'html', 'conversation'] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface ConvertInput {
  bytes: Uint8Array;
  contentType?: string | null;
  filename?: string | null;
  url?: string | null;
  /** Caller-forced type (e.g. 'pdf'); wins over every form of detection. */
  fileType?: string | null;
}

export interface ConvertedDocument {
  markdown: string;
  title: string | null;
  type: DocumentType;
  mimeType: string;
}

/** Unsupported or corrupt input. Retrying will never help. */
export class ConversionError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
  }
}
