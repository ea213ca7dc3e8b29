import type { ExtractedMemory, ExtractionInput, Extractor } from './types.js';

/**
 * Who extracted a document's memories and what the chat model cost: recorded on the document's
 * memories step (its processing metadata) and in the log line of its ingest. No content.
 */
export interface ExtractionReport {
  /**
   * `llm`: the chat model extracted every part of the document; `offline`: the rule-based extractor
   * did (no chat model configured, or the model failed on every part); `llm+offline`: the offline
   * extractor stood in for the model on some parts.
   */
  extractor: 'llm' | 'offline' | 'llm+offline';
  /** The chat model asked, when one is configured. */
  model?: string;
  /** Parts the document was sent to the model in (a long one is split). */
  parts?: number;
  /** Where the offline extractor stood in for the model: on how many parts, and why (the first failure's reason). */
  fallback?: { reason: string; parts: number };
  /** Requests sent to the model, retries included. */
  requests?: number;
  /** Tokens the model reported (`usage`), summed over every request, retries included. */
  tokens?: { prompt: number; completion: number; total: number };
  /** Replies cut at the model's token limit, of which only the complete memories were kept. */
  truncatedReplies?: number;
}

export interface ReportedExtraction {
  memories: ExtractedMemory[];
  report: ExtractionReport;
}

/** An extractor that says what it did; the offline one needs not (it is always `offline`, at no cost). */
export interface ReportingExtractor extends Extractor {
  extractWithReport(input: ExtractionInput): Promise<ReportedExtraction>;
}

/** Runs any extractor and says who extracted what it returns. */
export async function extractWithReport(extractor: Extractor, input: ExtractionInput): Promise<ReportedExtraction> {
  if (isReporting(extractor)) return extractor.extractWithReport(input);
  return { memories: await extractor.extract(input), report: { extractor: 'offline' } };
}

function isReporting(extractor: Extractor): extractor is ReportingExtractor {
  return typeof (extractor as Partial<ReportingExtractor>).extractWithReport === 'function';
}
