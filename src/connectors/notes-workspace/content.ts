import { createHash } from 'node:crypto';
import type { SourceItem } from '../types.js';
import { type NotionClient, type NotionDatabase, type NotionDataSource, type NotionPage, plainText, type RichText } from './api.js';
import { renderBlocks, inline, type BlockNode } from './markdown.js';

/** Blocks read per page at most, and how deep nesting is followed: a bound on one page's requests. */
export const MAX_BLOCKS_PER_PAGE = 5_000;
const MAX_DEPTH = 10;
/** Rows of a database shown in its table. */
export const MAX_DATABASE_ROWS = 1_000;

export const pageUrlOf = (id: string) => `https://www.notion.so/${id.replace(/-/g, '')}`;

/** A page's blocks with their children, page by page of 100, within the bounds above. */
export async function blockTree(api: NotionClient, id: string, budget = { left: MAX_BLOCKS_PER_PAGE }, depth = 0): Promise<BlockNode[]> {
  const nodes: BlockNode[] = [];
  let cursor: string | null = null;
  do {
    const list = await api.children(id, cursor);
    if (!list) return nodes;
    for (const block of list.results) {
      if (budget.left-- <= 0) return nodes;
      const descend = block.has_children && depth < MAX_DEPTH && block.type !== 'child_page' && block.type !== 'child_database';
      nodes.push({ block, children: descend ? await blockTree(api, block.id, budget, depth + 1) : [] });
    }
    cursor = list.has_more ? list.next_cursor : null;
  } while (cursor);
  return nodes;
}

/** A property's value as text (people, relations and rollups by what Notion gives in place). */
export function propertyText(property: { type: string; [key: string]: unknown }): string {
  const value = property[property.type] as any;
  if (value === null || value === undefined) return '';
  switch (property.type) {
    case 'title':
    case 'rich_text':
      return inline(value as RichText[]);
    case 'select':
    case 'status':
      return value.name ?? '';
    case 'multi_select':
      return (value as { name: string }[]).map((o) => o.name).join(', ');
    case 'date':
      return value.end ? `${value.start} → ${value.end}` : (value.start ?? '');
    case 'checkbox':
      return value ? 'yes' : 'no';
    case 'number':
    case 'url':
    case 'email':
    case 'phone_number':
    case 'created_time':
    case 'last_edited_time':
      return String(value);
    case 'people':
      return (value as { name?: string }[])
        .map((p) => p.name ?? '')
        .filter(Boolean)
        .join(', ');
    case 'formula':
      return String(value[value.type] ?? '');
    default:
      return '';
  }
}

export function titleOf(object: NotionPage | NotionDatabase | NotionDataSource): string {
  if (object.object !== 'page') return plainText(object.title) || 'Untitled';
  const title = Object.values(object.properties).find((p) => p.type === 'title');
  return (title ? plainText(title.title as RichText[]) : '') || 'Untitled';
}

const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function item(object: NotionPage | NotionDataSource, text: string, path: string): SourceItem {
  const parent = object.parent;
  return {
    externalId: object.id,
    // Notion keeps last_edited_time to the minute: the content's digest tells edits apart.
    version: versionOf(text),
    title: titleOf(object),
    url: object.url ?? pageUrlOf(object.id),
    filepath: path,
    type: 'notion_doc',
    body: { text, mediaType: 'text/markdown' },
    metadata: {
      notionObject: object.object,
      parentType: parent.type,
      ...((parent.type === 'database_id' || parent.type === 'data_source_id') && { databaseId: parent.database_id }),
      ...(parent.type === 'data_source_id' && { dataSourceId: parent.data_source_id }),
      lastEditedTime: object.last_edited_time,
    },
    updatedAt: new Date(object.last_edited_time),
  };
}

/** A page as markdown: its title, its properties when it is a database row, then its blocks. */
export async function pageItem(api: NotionClient, page: NotionPage, path: string): Promise<SourceItem> {
  const title = titleOf(page);
  const facts = Object.entries(page.properties)
    .filter(([, p]) => p.type !== 'title')
    .map(([name, p]) => [name, propertyText(p)] as const)
    .filter(([, v]) => v !== '')
    .map(([name, v]) => `- **${name}**: ${v}`);
  const body = renderBlocks(await blockTree(api, page.id), pageUrlOf);
  const text = [`# ${title}`, facts.join('\n'), body].filter(Boolean).join('\n\n') + '\n';
  return item(page, text, path);
}

/** A data source (a database's table) as markdown: title, description and a table of its rows' properties. */
export async function dataSourceItem(api: NotionClient, db: NotionDataSource, path: string): Promise<SourceItem> {
  const columns = Object.entries(db.properties)
    .sort(([, a], [, b]) => Number(b.type === 'title') - Number(a.type === 'title'))
    .map(([name]) => name);
  const rows: string[][] = [];
  let cursor: string | null = null;
  do {
    const list = await api.queryDataSource(db.id, { page_size: 100, ...(cursor && { start_cursor: cursor }) });
    for (const row of list.results) {
      if (rows.length >= MAX_DATABASE_ROWS) break;
      rows.push(columns.map((c) => (row.properties[c] ? propertyText(row.properties[c]!) : '').replace(/\|/g, '\\|').replace(/\n/g, ' ')));
    }
    cursor = list.has_more && rows.length < MAX_DATABASE_ROWS ? list.next_cursor : null;
  } while (cursor);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const table = [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
  const text = [`# ${titleOf(db)}`, inline(db.description), table].filter(Boolean).join('\n\n') + '\n';
  return item(db, text, path);
}
