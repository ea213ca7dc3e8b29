import Papa from 'papaparse';
import { markdownTable } from './markdown.js';
import { ConversionError } from './types.js';

/** First row is the header; ragged rows are padded to the widest row. */
export function convertCsv(text: string): { markdown: string; title: string | null } {
  const parsed = Papa.parse<string[]>(text.trim(), { header: false, skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((r) => Array.isArray(r) && r.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new ConversionError('CSV has no rows');
  return { markdown: markdownTable(rows), title: null };
}
