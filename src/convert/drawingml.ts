import { escapeChars, escapeLineStart, markdownTable } from './markdown.js';
import type { Relationship } from './ooxml.js';
import { attr, child, children, childrenNamed, localName, textValue, type XmlNode } from './xml.js';

/** DrawingML text (slides, notes, table cells, charts) as markdown. */

function runText(run: XmlNode): string {
  const t = child(run, 't');
  return t ? children(t).map(textValue).join('') : '';
}

function styledRun(run: XmlNode, rels: Map<string, Relationship>): string {
  const raw = runText(run);
  if (!raw.trim()) return raw;
  const props = child(run, 'rPr');
  let core = escapeChars(raw.trim());
  if (props && attr(props, 'b') === '1') core = `**${core}**`;
  if (props && attr(props, 'i') === '1') core = `*${core}*`;
  const link = props ? child(props, 'hlinkClick') : undefined;
  const target = link ? rels.get(attr(link, 'r:id') ?? '') : undefined;
  if (target?.external && /^(https?:|mailto:)/i.test(target.target)) {
    core = `[${core}](${target.target.replace(/[()\s]/g, encodeURIComponent)})`;
  }
  // Spaces stay outside the markers: `**bold** text`, never `**bold **text`.
  return `${/^\s*/.exec(raw)![0]}${core}${/\s*$/.exec(raw)![0]}`;
}

/** The plain text of a paragraph: runs, fields and line breaks. */
export function paragraphText(paragraph: XmlNode, rels: Map<string, Relationship> = new Map(), styled = false): string {
  const parts = children(paragraph).map((node) => {
    const name = localName(node);
    if (name === 'r' || name === 'fld') return styled ? styledRun(node, rels) : runText(node);
    if (name === 'br') return ' ';
    return '';
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function bulletKind(paragraph: XmlNode, listByDefault: boolean): 'bullet' | 'number' | null {
  const props = child(paragraph, 'pPr');
  if (props && child(props, 'buNone')) return null;
  if (props && child(props, 'buAutoNum')) return 'number';
  if (props && child(props, 'buChar')) return 'bullet';
  return listByDefault ? 'bullet' : null;
}

/**
 * The paragraphs of a text body, one markdown line or block each. Body
 * placeholders are bulleted unless a paragraph says otherwise; nested levels
 * indent.
 */
export function textBodyMarkdown(body: XmlNode, rels: Map<string, Relationship>, listByDefault: boolean): string {
  const blocks: string[] = [];
  let list: string[] = [];
  let number = 0;
  const flush = (): void => {
    if (list.length) blocks.push(list.join('\n'));
    list = [];
    number = 0;
  };
  for (const paragraph of childrenNamed(body, 'p')) {
    const text = paragraphText(paragraph, rels, true);
    if (!text) continue;
    const kind = bulletKind(paragraph, listByDefault);
    if (!kind) {
      flush();
      blocks.push(escapeLineStart(text));
      continue;
    }
    const level = Number(attr(child(paragraph, 'pPr') ?? {}, 'lvl') ?? 0) || 0;
    const marker = kind === 'number' ? `${++number}.` : '-';
    list.push(`${'  '.repeat(Math.min(level, 8))}${marker} ${text}`);
  }
  flush();
  return blocks.join('\n\n');
}

/** An a:tbl as a markdown table; merged continuation cells repeat the cell they continue. */
export function tableMarkdown(table: XmlNode): string {
  const grid: string[][] = [];
  for (const [r, row] of childrenNamed(table, 'tr').entries()) {
    const cells: string[] = [];
    for (const [c, cell] of childrenNamed(row, 'tc').entries()) {
      const body = child(cell, 'txBody');
      let text = body
        ? childrenNamed(body, 'p')
            .map((p) => paragraphText(p))
            .filter(Boolean)
            .join(' ')
        : '';
      if (attr(cell, 'hMerge') === '1') text = cells[c - 1] ?? '';
      else if (attr(cell, 'vMerge') === '1') text = grid[r - 1]?.[c] ?? '';
      cells.push(text);
    }
    grid.push(cells);
  }
  return markdownTable(grid);
}
