/**
 * The SDK's document types (api-reference §2) a conversion yields: markdown,
 * CSV, JSON, HTML and office files are all 'text' (a fetched page 'webpage'),
 * the finer format is `format`. 'conversation' is engram's own, for the
 * documents /v4/conversations writes.
 */
export const DOCUMENT_TYPES = ['text', 'pdf', 'image', 'webpage', 'conversation'] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The precise source format, finer than DocumentType (an XLSX is type 'text', format 'xlsx'). */
export type DocumentFormat =
  | 'pdf'
  | 'html'
  | 'csv'
  | 'json'
  | 'markdown'
  | 'text'
  | 'conversation'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'epub'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'tiff';

export interface ConvertProgress {
  /** What is being worked through: 'pages', 'ocr', 'sheets', 'slides', 'chapters'. */
  name: string;
  done: number;
  total: number;
}

export interface ConvertInput {
  bytes: Uint8Array;
  contentType?: string | null;
  filename?: string | null;
  url?: string | null;
  /** Caller-forced type (e.g. 'pdf'); wins over every form of detection. */
  fileType?: string | null;
  /** Called as a large document is worked through (pages, slides, sheets, OCR). */
  onProgress?: (step: ConvertProgress) => void;
  /** Tightens or loosens the defaults of limits.ts. */
  limits?: Partial<ConversionLimits>;
  /** Stops the conversion (the conversion pool ends its thread): the server is stopping. */
  signal?: AbortSignal;
}

/**
 * A file that came out of a document: an image in a DOCX, the media of a
 * slide, the scanned image itself. The markdown refers to it as
 * `![alt](attachment:NAME)` (or `[label](attachment:NAME)` for non-images),
 * where NAME is `name`: unique within the document, made of [A-Za-z0-9._-]
 * only and the same every time the same file is converted, so storing the
 * attachments and rewriting the links to where they are served (model/
 * attachments.ts reads the same scheme) is all it takes to serve them. An image document lists the image itself
 * as its only attachment; when that image is already stored as the
 * document's file, its link may point at the file's own URL instead.
 */
export interface Attachment {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface ConvertedDocument {
  markdown: string;
  title: string | null;
  /**
   * The title is only a guess, a plain text's first line, not stated by the document (metadata,
   * core properties, a heading): a file name says more.
   */
  titleGuessed: boolean;
  /** One of the SDK's document types (api-reference §2); the finer format is in `format`. */
  type: DocumentType;
  format: DocumentFormat;
  mimeType: string;
  attachments: Attachment[];
  /** Files left out because the document reached maxAttachments or maxAttachmentBytes. */
  droppedAttachments: number;
}

/** Unsupported or corrupt input. Retrying will never help. */
export class ConversionError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
  }
}

/**
 * Every bound a conversion runs under. Structural limits (archive size and
 * entries, XML depth, image pixels, time) refuse the document; volume limits
 * (pages, sheets, rows, columns, cells, slides, OCR'd pages, attachments)
 * truncate it and say so in the markdown.
 */
export interface ConversionLimits {
  /** Wall time for one conversion, OCR included. */
  timeoutMs: number;
  /** Entries in a zip container (DOCX, XLSX, PPTX, ODF, EPUB). */
  maxArchiveEntries: number;
  /** Uncompressed size of one zip entry. */
  maxEntryBytes: number;
  /** Uncompressed size of all the zip entries read for one document. */
  maxUncompressedBytes: number;
  /** Element nesting depth of any XML part. */
  maxXmlDepth: number;
  /** Nesting depth of a JSON value's arrays and objects, and of HTML elements (an EPUB chapter's too). */
  maxNestingDepth: number;
  /**
   * Size of one XML part that is parsed into a tree (a DOCX body, a slide, an
   * ODF content.xml, an EPUB chapter); spreadsheet sheets, which SheetJS
   * scans without a tree, are bounded by maxEntryBytes and maxRowsPerSheet.
   */
  maxXmlPartBytes: number;
  maxPdfPages: number;
  /** Pages without a text layer that are rendered and OCR'd. */
  maxOcrPages: number;
  maxSheets: number;
  maxRowsPerSheet: number;
  maxColumnsPerSheet: number;
  /** Cells over all sheets of one workbook. */
  maxCells: number;
  maxSlides: number;
  /** Width × height of an image, read from its header before decoding. */
  maxImagePixels: number;
  maxAttachments: number;
  maxAttachmentBytes: number;
  /** Embedded objects (a workbook inside a slide) are converted this many levels deep. */
  maxEmbedDepth: number;
}
