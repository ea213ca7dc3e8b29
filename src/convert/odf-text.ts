import { escapeChars, escapeLineStart, markdownTable } from './markdown.js';
import { attr, children, childrenNamed, findAll, isText, localName, textValue, type XmlNode } from './xml.js';

/** OpenDocument text (text:h, text:p, text:list, table:table, draw:frame…) as markdown. */

interface TextStyle {
  bold: boolean;
  italic: boolean;
  parent?: string;
}

export interface OdfStyles {
  text: Map<string, TextStyle>;
  /** List style name → the levels (1-based) that are numbered. */
  numbered: Map<string, Set<number>>;
}

export interface OdfRenderer {
  styles: OdfStyles;
  /** href of a draw:image ('Pictures/x.png') → markdown link to its attachment. */
  images: Map<string, string>;
  /** Footnotes and endnotes met so far, in order. */
  notes: string[];
  maxColumns: number;
}

const SKIPPED = new Set([
  'table-of-content',
  'alphabetical-index',
  'sequence-decls',
  'forms',
  'tracked-changes',
  'annotation',
  'annotation-end',
  'bookmark',
  'bookmark-start',
  'bookmark-end',
  'soft-page-break',
  'variable-decls',
  'user-field-decls',
]);

/** Reads text and list styles from the automatic and common styles of content.xml and styles.xml. */
export function readOdfStyles(...roots: (XmlNode[] | null)[]): OdfStyles {
  const styles: OdfStyles = { text: new Map(), numbered: new Map() };
  for (const root of roots) {
    if (!root) continue;
    for (const style of findAll(root, 'style')) {
      const name = attr(style, 'style:name');
      if (!name) continue;
      const props = childrenNamed(style, 'text-properties')[0];
      styles.text.set(name, {
        bold: props ? /bold|[6-9]00/.test(attr(props, 'fo:font-weight') ?? '') : false,
        italic: props ? /italic|oblique/.test(attr(props, 'fo:font-style') ?? '') : false,
        parent: attr(style, 'style:parent-style-name'),
      });
    }
    for (const list of findAll(root, 'list-style')) {
      const name = attr(list, 'style:name');
      if (!name) continue;
      const levels = new Set<number>();
      for (const level of childrenNamed(list, 'list-level-style-number')) levels.add(Number(attr(level, 'text:level') ?? 1));
      styles.numbered.set(name, levels);
    }
  }
  return styles;
}

function emphasis(styles: OdfStyles, name: string | undefined): { bold: boolean; italic: boolean } {
  const result = { bold: false, italic: false };
  for (let i = 0; name && i < 8; i++) {
    const style = styles.text.get(name);
    if (!style) break;
    result.bold ||= style.bold;
    result.italic ||= style.italic;
    name = style.parent;
  }
  return result;
}

function wrap(text: string, marker: string): string {
  const core = text.trim();
  if (!core) return text;
  return `${/^\s*/.exec(text)![0]}${marker}${core}${marker}${/\s*$/.exec(text)![0]}`;
}

/** The inline markdown of a paragraph's content. */
export function inline(nodes: XmlNode[], r: OdfRenderer): string {
  let out = '';
  for (const node of nodes) {
    if (isText(node)) {
      out += escapeChars(textValue(node).replace(/\s+/g, ' '));
      continue;
    }
    const name = localName(node)!;
    if (SKIPPED.has(name)) continue;
    if (name === 's') out += ' '.repeat(Math.min(Number(attr(node, 'text:c') ?? 1) || 1, 100));
    else if (name === 'tab' || name === 'line-break') out += ' ';
    else if (name === 'span') {
      const { bold, italic } = emphasis(r.styles, attr(node, 'text:style-name'));
      let text = inline(children(node), r);
      if (bold) text = wrap(text, '**');
      if (italic) text = wrap(text, '*');
      out += text;
    } else if (name === 'a') {
      const href = attr(node, 'xlink:href') ?? '';
      const text = inline(children(node), r);
      out += /^(https?:|mailto:)/i.test(href) && text.trim() ? `[${text.trim()}](${href.replace(/[()\s]/g, encodeURIComponent)})` : text;
    } else if (name === 'note') {
      const body = childrenNamed(node, 'note-body')[0];
      r.notes.push(body ? blocks(children(body), r).join(' ') : '');
      out += `[^${r.notes.length}]`;
    } else if (name === 'frame') {
      out += ` ${blocks([node], r).join(' ')} `;
    } else {
      out += inline(children(node), r);
    }
  }
  return out;
}

function paragraph(node: XmlNode, r: OdfRenderer): string {
  return escapeLineStart(inline(children(node), r).replace(/ {2,}/g, ' ').trim());
}

function listLines(list: XmlNode, r: OdfRenderer, depth: number, styleName: string | undefined): string[] {
  const style = attr(list, 'text:style-name') ?? styleName;
  const numbered = style ? (r.styles.numbered.get(style)?.has(depth + 1) ?? false) : false;
  const indent = '  '.repeat(Math.min(depth, 8));
  const lines: string[] = [];
  let number = 0;
  for (const item of childrenNamed(list, 'list-item')) {
    let marker: string | null = numbered ? `${++number}.` : '-';
    for (const part of children(item)) {
      const name = localName(part);
      if (name === 'list') {
        lines.push(...listLines(part, r, depth + 1, style));
      } else if (name === 'p' || name === 'h') {
        const text = paragraph(part, r);
        if (!text) continue;
        lines.push(marker ? `${indent}${marker} ${text}` : `${indent}  ${text}`);
        marker = null;
      }
    }
  }
  return lines;
}

function repeat(node: XmlNode, name: string, cap: number): number {
  return Math.max(1, Math.min(Number(attr(node, name) ?? 1) || 1, cap));
}

function tableGrid(table: XmlNode, r: OdfRenderer): string[][] {
  const rows = findAll(children(table), 'table-row');
  const grid: string[][] = [];
  for (const row of rows) {
    const cells: string[] = [];
    for (const cell of children(row)) {
      const name = localName(cell);
      if (name !== 'table-cell' && name !== 'covered-table-cell') continue;
      const text = blocks(children(cell), r).join(' ').replace(/\n+/g, ' ');
      const times = repeat(cell, 'table:number-columns-repeated', r.maxColumns - cells.length);
      for (let i = 0; i < times && cells.length < r.maxColumns; i++) cells.push(text);
    }
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    const times = repeat(row, 'table:number-rows-repeated', 1000);
    for (let i = 0; i < times && cells.length; i++) grid.push(cells);
    if (grid.length > 10_000) break;
  }
  return grid;
}

/** Block-level markdown, one string per paragraph, heading, list, table or image. */
export function blocks(nodes: XmlNode[], r: OdfRenderer): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    const name = localName(node);
    if (!name || SKIPPED.has(name)) continue;
    if (name === 'h') {
      const level = Math.min(6, Math.max(1, Number(attr(node, 'text:outline-level') ?? 1) || 1));
      const text = inline(children(node), r).replace(/\s+/g, ' ').trim();
      if (text) out.push(`${'#'.repeat(level)} ${text}`);
    } else if (name === 'p') {
      const text = paragraph(node, r);
      if (text) out.push(text);
    } else if (name === 'list') {
      const lines = listLines(node, r, 0, undefined);
      if (lines.length) out.push(lines.join('\n'));
    } else if (name === 'table') {
      const grid = tableGrid(node, r);
      if (grid.length) out.push(markdownTable(grid));
    } else if (name === 'image') {
      const link = r.images.get(attr(node, 'xlink:href') ?? '');
      if (link) out.push(link);
    } else {
      out.push(...blocks(children(node), r));
    }
  }
  return out;
}

/** `[^1]: …` lines for the notes collected while rendering. */
export function noteDefinitions(r: OdfRenderer): string {
  return r.notes.map((note, i) => `[^${i + 1}]: ${note}`).join('\n');
}
