import type { NotionBlock, RichText } from './api.js';

/** A block with its children, as fetched. */
export interface BlockNode {
  block: NotionBlock;
  children: BlockNode[];
}

const escapeInline = (text: string) => text.replace(/([\\`*_[\]])/g, '\\$1');

/** Rich text as inline markdown: bold, italic, strikethrough, code and links kept. */
export function inline(runs: RichText[] | undefined): string {
  return (runs ?? [])
    .map((run) => {
      const text = run.plain_text ?? '';
      if (!text) return '';
      const marks = run.annotations ?? {};
      let out = marks.code ? `\`${text.replace(/`/g, '\u02cb')}\`` : escapeInline(text);
      if (marks.bold) out = `**${out}**`;
      if (marks.italic) out = `*${out}*`;
      if (marks.strikethrough) out = `~~${out}~~`;
      if (run.href) out = `[${out}](${run.href})`;
      return out;
    })
    .join('');
}

const cell = (runs: RichText[] | undefined) => inline(runs).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(node: BlockNode): string {
  const rows = node.children.filter((c) => c.block.type === 'table_row').map((c) => ((c.block.table_row as { cells?: RichText[][] }).cells ?? []).map(cell));
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  // GFM needs a header row; without a column header the first row serves as one.
  return [line(rows[0]!), `| ${Array(width).fill('---').join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((l) => (l ? prefix + l : l))
    .join('\n');
}

/** One block (and what it holds) as markdown; '' for what has no text. */
function render(node: BlockNode, pageUrl: (id: string) => string): string {
  const { block } = node;
  const data = (block[block.type] ?? {}) as {
    rich_text?: RichText[];
    checked?: boolean;
    language?: string;
    title?: string;
    url?: string;
    caption?: RichText[];
    expression?: string;
    type?: string;
    external?: { url?: string };
    icon?: { emoji?: string };
  };
  const text = inline(data.rich_text);
  const nested = renderBlocks(node.children, pageUrl);
  const under = (head: string) => (nested ? `${head}\n${indent(nested, '   ')}` : head);
  switch (block.type) {
    case 'paragraph':
      return nested ? `${text}\n\n${nested}` : text;
    case 'heading_1':
    case 'heading_2':
    case 'heading_3':
      return `${'#'.repeat(Number(block.type.at(-1)) + 1)} ${text}${nested ? `\n\n${nested}` : ''}`;
    case 'bulleted_list_item':
    case 'toggle':
      return under(`- ${text}`);
    case 'numbered_list_item':
      return under(`1. ${text}`);
    case 'to_do':
      return under(`- [${data.checked ? 'x' : ' '}] ${text}`);
    case 'quote':
      return indent(nested ? `${text}\n\n${nested}` : text, '> ');
    case 'callout':
      return indent(`${data.icon?.emoji ? `${data.icon.emoji} ` : ''}${text}${nested ? `\n\n${nested}` : ''}`, '> ');
    case 'code': {
      const source = (data.rich_text ?? []).map((r) => r.plain_text ?? '').join('');
      const fence = source.includes('```') ? '~~~~' : '```';
      return `${fence}${data.language && data.language !== 'plain text' ? data.language : ''}\n${source}\n${fence}`;
    }
    case 'divider':
      return '---';
    case 'equation':
      return `$$\n${data.expression ?? ''}\n$$`;
    case 'table':
      return table(node);
    case 'child_page':
      return `[${escapeInline(data.title || 'Untitled')}](${pageUrl(block.id)})`;
    case 'child_database':
      return `Database: [${escapeInline(data.title || 'Untitled')}](${pageUrl(block.id)})`;
    case 'image':
    case 'video':
    case 'file':
    case 'pdf': {
      const caption = inline(data.caption) || block.type;
      // Notion-hosted file links expire within the hour: only external ones are worth keeping.
      return data.type === 'external' && data.external?.url ? `${block.type === 'image' ? '!' : ''}[${caption}](${data.external.url})` : inline(data.caption);
    }
    case 'bookmark':
    case 'embed':
    case 'link_preview':
      return data.url ? `[${inline(data.caption) || escapeInline(data.url)}](${data.url})` : '';
    default:
      // Columns, synced blocks and the like only hold other blocks.
      return nested;
  }
}

const LIST_TYPES = new Set(['bulleted_list_item', 'numbered_list_item', 'to_do', 'toggle']);

/** Blocks as markdown: items of one list stay together, other blocks (and other lists) are paragraphs apart. */
export function renderBlocks(nodes: BlockNode[], pageUrl: (id: string) => string): string {
  let out = '';
  let previousList: string | null = null;
  for (const node of nodes) {
    const text = render(node, pageUrl);
    if (!text) continue;
    const list = LIST_TYPES.has(node.block.type) ? node.block.type : null;
    out += out === '' ? text : `${list !== null && list === previousList ? '\n' : '\n\n'}${text}`;
    previousList = list;
  }
  return out;
}
