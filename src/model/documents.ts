/** Where a document is on its way through ingest; `done` and `failed` are final. */
export type DocumentStatus = 'queued' | 'extracting' | 'chunking' | 'embedding' | 'indexing' | 'done' | 'failed';

/** `superrag` documents are chunked and indexed only; `memory` ones also yield memories. */
export type TaskType = 'memory' | 'superrag';

/** Flat key/value metadata a caller attaches to a document or memory. */
export type Metadata = Record<string, string | number | boolean | string[]>;

export interface MemoryCursor {
  /** `turns` counts conversation turns, `chars` characters of the source text. */
  unit: 'turns' | 'chars';
  upTo: number;
  /** Hash of the source up to `upTo`: if it differs, the past was rewritten and everything is extracted again. */
  hash: string;
}

export interface ProcessingStep {
  name: string;
  startedAt: string;
  finishedAt?: string;
  status: 'running' | 'completed' | 'failed';
  error?: string;
  /** Counts a step reports, e.g. memories created. */
  detail?: Record<string, number>;
  /** The memories step: who extracted them, and what the chat model cost. */
  extraction?: ExtractionReport;
}

/**
 * Who extracted a document's memories and what the chat model cost (`ai/extract/report.ts` fills it):
 * recorded on the document's memories step and in the log line of its ingest. No content.
 */
export interface ExtractionReport {
  /**
   * `llm`: the chat model extracted every part; `offline`: the rule-based extractor did (no chat
   * model configured, or the model failed on every part); `llm+offline`: the offline extractor
   * stood in for the model on some parts.
   */
  extractor: 'llm' | 'offline' | 'llm+offline';
  /** The chat model asked, when one is configured. */
  model?: string;
  /** Parts the document was sent to the model in (a long one is split). */
  parts?: number;
  /** Where the offline extractor stood in: on how many parts, and why (the first failure's reason). */
  fallback?: { reason: string; parts: number };
  /** Requests sent to the model, retries included. */
  requests?: number;
  /** Tokens the model reported, summed over every request, retries included. */
  tokens?: { prompt: number; completion: number; total: number };
  /** Replies cut at the model's token limit, of which only the complete memories were kept. */
  truncatedReplies?: number;
}

export interface ProcessingLog {
  steps: ProcessingStep[];
  attempts?: number;
  /** The source format conversion found (docx, xlsx, csv, png…), finer than the document's type. */
  format?: string;
  /** The media type of that format. */
  mimeType?: string;
}

/** A stored document. */
export interface DocumentRecord {
  id: string;
  orgId: string;
  containerTag: string;
  customId: string | null;
  status: string;
  taskType: string;
  type: string;
  title: string | null;
  /** What the caller sent: text, or the URL to fetch. */
  source: string | null;
  /** Markdown produced by the extracting stage. */
  content: string | null;
  url: string | null;
  summary: string | null;
  filepath: string | null;
  metadata: Record<string, unknown>;
  connectionId: string | null;
  connectorSource: string | null;
  externalId: string | null;
  sourceVersion: string | null;
  documentDate: Date | null;
  error: string | null;
  processing: ProcessingLog;
  /** Bumped on every content change; a job only commits work for the generation it was queued for. */
  generation: number;
  hasFile: boolean;
  /** How far memory extraction got, so a grown transcript or an appended text is extracted only past it. */
  memoryCursor: MemoryCursor | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A document as lists show it: without its source and processing log, with its content only when asked for. */
export type ListedDocument = Omit<DocumentRecord, 'content' | 'source' | 'processing'> & { content?: string | null };

/** What search results say about the document a hit came from. */
export interface DocumentBrief {
  id: string;
  customId: string | null;
  createdAt: Date;
  updatedAt: Date;
  title: string | null;
  type: string;
  metadata: Record<string, unknown>;
  summary: string | null;
  filepath: string | null;
  containerTag: string;
}

/** A retrieval chunk of a document (its vector and full-text column are not part of it). */
export interface ChunkRecord {
  id: string;
  documentId: string;
  orgId: string;
  containerTag: string;
  position: number;
  content: string;
  type: string;
  headingPath: string[];
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

/** The bytes of an uploaded document. */
export interface StoredFile {
  documentId: string;
  orgId: string;
  filename: string | null;
  mimeType: string | null;
  /** Type the uploader forced (`fileType`), overriding detection. */
  forcedType: string | null;
  size: number;
  data: Uint8Array;
  createdAt: Date;
}
