import type { AttachmentSink } from './attachments.js';
import type { Budget } from './limits.js';

/** What a converter of a rich format is handed besides the bytes. */
export interface ConvertContext {
  budget: Budget;
  attachments: AttachmentSink;
  /**
   * Converts a file embedded in the document (a workbook inside a slide) on
   * the same budget and returns its markdown; throws ConversionError when it
   * cannot, which the caller notes instead of failing the whole document.
   */
  convertEmbedded(bytes: Uint8Array, filename: string): Promise<string>;
}

export interface ConverterResult {
  markdown: string;
  title: string | null;
  /** The title is only a guess (a text's first line), not stated by the document. */
  titleGuessed?: boolean;
}
