import Papa from 'papaparse';
import { ConversionError } from './types.js';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\r?\n|\r/g, '<br>').replace(/\|/g, '\\|').trim();
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** First row is the header; ragged rows are padded to the widest row. */
export function convertCsv(text: string): { markdown: string; title: string | null } {
  const parsed = Papa.parse<string[]>(text.trim(), { header: false, skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((r) => Array.isArray(r) && r.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new ConversionError('CSV has no rows');

  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const header = Array.from({ length: width }, (_, i) => cell(rows[0]![i]) || `Column ${i + 1}`);
  const lines = [row(header), row(header.map(() => '---'))];
  for (const r of rows.slice(1)) {
    const cells = Array.from({ length: width }, (_, i) => cell(r[i]));
    lines.push(row(cells));
  }
  return { markdown: lines.join('\n'), title: null };
}
