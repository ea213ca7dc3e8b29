import { ConversionError, type ConvertProgress } from './types.js';

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

export const DEFAULT_LIMITS: Readonly<ConversionLimits> = Object.freeze({
  timeoutMs: 120_000,
  maxArchiveEntries: 5_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxUncompressedBytes: 160 * 1024 * 1024,
  maxXmlDepth: 96,
  // mammoth needs about 70 bytes of memory per byte of a DOCX body: 8 MB is ~600 MB at worst.
  maxXmlPartBytes: 8 * 1024 * 1024,
  maxPdfPages: 2_000,
  maxOcrPages: 50,
  maxSheets: 50,
  maxRowsPerSheet: 2_000,
  maxColumnsPerSheet: 100,
  maxCells: 200_000,
  maxSlides: 500,
  maxImagePixels: 40_000_000,
  maxAttachments: 200,
  maxAttachmentBytes: 50 * 1024 * 1024,
  maxEmbedDepth: 1,
});

export function resolveLimits(overrides?: Partial<ConversionLimits>): ConversionLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}

interface Account {
  readonly deadline: number;
  inflated: number;
  cells: number;
}

/**
 * The running account of one conversion: its deadline, how many bytes it has
 * inflated, how many cells it has rendered, and where progress goes. The
 * objects embedded in a document spend the same account.
 */
export class Budget {
  private constructor(
    readonly limits: ConversionLimits,
    private readonly account: Account,
    readonly embedDepth: number,
    private readonly onProgress?: (step: ConvertProgress) => void,
  ) {}

  static start(limits: ConversionLimits, onProgress?: (step: ConvertProgress) => void): Budget {
    return new Budget(limits, { deadline: Date.now() + limits.timeoutMs, inflated: 0, cells: 0 }, 0, onProgress);
  }

  /** A budget for an object embedded in this document: same account, one level deeper, no progress. */
  nested(): Budget {
    return new Budget(this.limits, this.account, this.embedDepth + 1);
  }

  remainingMs(): number {
    return this.account.deadline - Date.now();
  }

  checkTime(): void {
    if (this.remainingMs() < 0) throw this.timeoutError();
  }

  timeoutError(): ConversionError {
    return new ConversionError(`conversion took longer than ${this.limits.timeoutMs / 1000}s`);
  }

  /** Reserves uncompressed bytes before they are inflated. */
  reserveBytes(bytes: number): void {
    if (this.account.inflated + bytes > this.limits.maxUncompressedBytes) {
      throw new ConversionError(
        `archive expands beyond ${formatMb(this.limits.maxUncompressedBytes)} uncompressed (possible zip bomb)`,
      );
    }
    this.account.inflated += bytes;
  }

  /** Takes up to `wanted` cells from the document-wide allowance; returns how many were granted. */
  takeCells(wanted: number): number {
    const granted = Math.max(0, Math.min(wanted, this.limits.maxCells - this.account.cells));
    this.account.cells += granted;
    return granted;
  }

  progress(name: string, done: number, total: number): void {
    this.onProgress?.({ name, done, total });
  }
}

export function formatMb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
