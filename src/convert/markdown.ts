/** A value fit for one markdown table cell: one line, pipes escaped. */
export function tableCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/\r?\n|\r/g, '<br>')
    .replace(/\|/g, '\\|')
    .trim();
}

/**
 * A GFM table; the first row is the header (blank header cells become
 * "Column N"), ragged rows are padded to the widest row.
 */
export function markdownTable(rows: unknown[][]): string {
  const width = rows.reduce((max, r) => Math.max(max, r.length), 0);
  if (rows.length === 0 || width === 0) return '';
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  const header = Array.from({ length: width }, (_, i) => tableCell(rows[0]![i]) || `Column ${i + 1}`);
  const lines = [line(header), line(header.map(() => '---'))];
  for (const r of rows.slice(1)) lines.push(line(Array.from({ length: width }, (_, i) => tableCell(r[i]))));
  return lines.join('\n');
}

/** Shifts ATX headings so the highest one sits at `level` (capped at h6), to nest one document in another. */
export function nestHeadings(markdown: string, level: number): string {
  const levels = [...markdown.matchAll(/^(#{1,6})[ \t]/gm)].map((match) => match[1]!.length);
  if (levels.length === 0) return markdown;
  const shift = level - Math.min(...levels);
  return markdown.replace(/^(#{1,6})(?=[ \t])/gm, (hashes) => '#'.repeat(Math.max(1, Math.min(6, hashes.length + shift))));
}

/** Joins non-empty blocks with one blank line between them. */
export function joinBlocks(blocks: (string | null | undefined)[]): string {
  return blocks
    .map((block) => block?.trim() ?? '')
    .filter((block) => block !== '')
    .join('\n\n');
}

/**
 * Escapes what would turn plain text into markup mid-line: emphasis, code,
 * links, HTML. Underscores inside words stay as they are (GFM ignores them).
 */
export function escapeChars(text: string): string {
  return text.replace(/[\\`*[\]<]/g, '\\$&').replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_');
}

/** Escapes what would turn a whole line into a heading, quote or list item. */
export function escapeLineStart(text: string): string {
  return text.replace(/^(\s*)([#>+-])(?=\s|$)/, '$1\\$2').replace(/^(\s*\d+)([.)])(?=\s|$)/, '$1\\$2');
}

export function escapeInline(text: string): string {
  return escapeLineStart(escapeChars(text));
}
