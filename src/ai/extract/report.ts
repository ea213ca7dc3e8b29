import type { ExtractionReport } from '../../model/documents.js';
import type { ExtractedMemory, ExtractionInput, Extractor } from './types.js';

/** Who extracted a document's memories and what the chat model cost: the domain's type, filled here. */
export type { ExtractionReport };

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
