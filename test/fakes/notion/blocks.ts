import { randomUUID } from 'node:crypto';

/** A rich-text run as Notion sends it. */
export interface RichText {
  type: 'text';
  text: { content: string; link: { url: string } | null };
  annotations: { bold: boolean; italic: boolean; strikethrough: boolean; underline: boolean; code: boolean; color: string };
  plain_text: string;
  href: string | null;
}

export type Annotations = Partial<Pick<RichText['annotations'], 'bold' | 'italic' | 'strikethrough' | 'code'>> & { link?: string };

/** One run of text, e.g. `rich('Revenue', { bold: true })`. */
export function rich(content: string, annotations: Annotations = {}): RichText {
  const { link, ...marks } = annotations;
  return {
    type: 'text',
    text: { content, link: link ? { url: link } : null },
    annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default', ...marks },
    plain_text: content,
    href: link ?? null,
  };
}

type Text = string | RichText[];

/** What a test writes; the fake turns it into Notion's block objects. */
export type BlockInput =
  | {
      type: 'paragraph' | 'quote' | 'toggle' | 'bulleted_list_item' | 'numbered_list_item' | 'heading_1' | 'heading_2' | 'heading_3' | 'callout';
      text: Text;
      children?: BlockInput[];
    }
  | { type: 'to_do'; text: Text; checked: boolean; children?: BlockInput[] }
  | { type: 'code'; text: string; language: string }
  | { type: 'divider' }
  | { type: 'table'; rows: string[][]; header?: boolean }
  | { type: 'child_page'; pageId: string; title: string }
  | { type: 'child_database'; databaseId: string; title: string }
  | { type: 'image'; url: string; caption?: string }
  | { type: 'bookmark'; url: string; caption?: string }
  | { type: 'equation'; expression: string }
  | { type: 'unsupported' };

/** A block as stored: Notion's JSON without its children, which are listed apart. */
export interface StoredBlock {
  json: Record<string, any>;
  children: StoredBlock[];
}

const runs = (text: Text): RichText[] => (typeof text === 'string' ? (text ? [rich(text)] : []) : text);

export function buildBlock(input: BlockInput, parent: { type: string; id: string }, timeIso: string): StoredBlock {
  const id = input.type === 'child_page' ? input.pageId : input.type === 'child_database' ? input.databaseId : randomUUID();
  let content: Record<string, unknown>;
  let children: BlockInput[] = [];
  switch (input.type) {
    case 'to_do':
      content = { rich_text: runs(input.text), checked: input.checked, color: 'default' };
      children = input.children ?? [];
      break;
    case 'code':
      content = { rich_text: runs(input.text), language: input.language, caption: [] };
      break;
    case 'divider':
    case 'unsupported':
      content = {};
      break;
    case 'table':
      content = { table_width: input.rows[0]?.length ?? 0, has_column_header: input.header ?? true, has_row_header: false };
      break;
    case 'child_page':
    case 'child_database':
      content = { title: input.title };
      break;
    case 'image':
      content = { type: 'external', external: { url: input.url }, caption: runs(input.caption ?? '') };
      break;
    case 'bookmark':
      content = { url: input.url, caption: runs(input.caption ?? '') };
      break;
    case 'equation':
      content = { expression: input.expression };
      break;
    default:
      content = {
        rich_text: runs(input.text),
        color: 'default',
        ...(input.type.startsWith('heading') && { is_toggleable: false }),
        ...(input.type === 'callout' && { icon: { type: 'emoji', emoji: '💡' } }),
      };
      children = input.children ?? [];
  }
  const self = { type: 'block_id', id };
  const childBlocks =
    input.type === 'table'
      ? input.rows.map((cells) => ({ json: blockJson(randomUUID(), self, timeIso, 'table_row', { cells: cells.map((c) => runs(c)) }, false), children: [] }))
      : children.map((c) => buildBlock(c, self, timeIso));
  return { json: blockJson(id, parent, timeIso, input.type, content, childBlocks.length > 0), children: childBlocks };
}

function blockJson(
  id: string,
  parent: { type: string; id: string },
  timeIso: string,
  type: string,
  content: unknown,
  hasChildren: boolean,
): Record<string, any> {
  const user = { object: 'user', id: 'c2f20311-9e54-4d11-8c79-7398424ae41e' };
  return {
    object: 'block',
    id,
    parent: { type: parent.type, [parent.type]: parent.id },
    created_time: timeIso,
    last_edited_time: timeIso,
    created_by: user,
    last_edited_by: user,
    has_children: hasChildren,
    archived: false,
    in_trash: false,
    type,
    [type]: content,
  };
}
