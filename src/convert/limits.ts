import { ConversionError, type ConversionLimits, type ConvertProgress } from './types.js';

export type { ConversionLimits };

export const DEFAULT_LIMITS: Readonly<ConversionLimits> = Object.freeze({
  timeoutMs: 120_000,
  maxArchiveEntries: 5_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxUncompressedBytes: 160 * 1024 * 1024,
  maxXmlDepth: 96,
  // Readability and turndown take about a second for 500 nested HTML elements, and recurse per level.
  maxNestingDepth: 256,
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
    return conversionTimeout(this.limits.timeoutMs);
  }

  /** Reserves uncompressed bytes before they are inflated. */
  reserveBytes(bytes: number): void {
    if (this.account.inflated + bytes > this.limits.maxUncompressedBytes) {
      throw new ConversionError(`archive expands beyond ${formatMb(this.limits.maxUncompressedBytes)} uncompressed (possible zip bomb)`);
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

export function conversionTimeout(timeoutMs: number): ConversionError {
  return new ConversionError(`conversion took longer than ${timeoutMs / 1000}s`);
}

export function formatMb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
