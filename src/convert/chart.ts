import { paragraphText } from './drawingml.js';
import { escapeInline, markdownTable } from './markdown.js';
import { allText, attr, child, children, find, findAll, localName, type XmlNode } from './xml.js';

function points(node: XmlNode | undefined): Map<number, string> {
  const values = new Map<number, string>();
  for (const pt of node ? findAll([node], 'pt') : []) {
    const v = child(pt, 'v');
    values.set(Number(attr(pt, 'idx') ?? values.size), v ? allText(v).trim() : '');
  }
  return values;
}

/**
 * A DrawingML chart (the part a slide or document links to) as its title and
 * a table of the values cached in it: one row per category, one column per
 * series. Charts carry those caches precisely so readers need not compute.
 */
export function chartMarkdown(nodes: XmlNode[]): string | null {
  const chart = find(nodes, 'chart');
  const plotArea = chart ? child(chart, 'plotArea') : undefined;
  if (!chart || !plotArea) return null;
  const titleNode = child(chart, 'title');
  const title = titleNode
    ? findAll([titleNode], 'p')
        .map((p) => paragraphText(p))
        .join(' ')
        .trim()
    : '';

  const series = children(plotArea)
    .filter((node) => localName(node)?.endsWith('Chart'))
    .flatMap((group) => findAll(children(group), 'ser'));
  if (series.length === 0) return title ? `**Chart: ${escapeInline(title)}**` : null;

  const columns = series.map((ser, i) => {
    const tx = child(ser, 'tx');
    const label = tx ? (find([tx], 'v') ?? find([tx], 'p')) : undefined;
    return {
      name: (label && allText(label).replace(/\s+/g, ' ').trim()) || `Series ${i + 1}`,
      categories: points(child(ser, 'cat') ?? child(ser, 'xVal')),
      values: points(child(ser, 'val') ?? child(ser, 'yVal')),
    };
  });
  const indexes = [...new Set(columns.flatMap((column) => [...column.values.keys()]))].sort((a, b) => a - b);
  const rows = indexes.map((i) => [
    columns.find((column) => column.categories.has(i))?.categories.get(i) ?? String(i + 1),
    ...columns.map((column) => column.values.get(i) ?? ''),
  ]);
  const table = markdownTable([['Category', ...columns.map((column) => column.name)], ...rows]);
  return `**Chart${title ? `: ${escapeInline(title)}` : ''}**\n\n${table}`;
}
