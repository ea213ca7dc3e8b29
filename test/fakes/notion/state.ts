import { randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import { buildBlock, rich, type BlockInput, type StoredBlock } from './blocks.js';

export type NotionParent =
  | { type: 'workspace'; workspace: true }
  | { type: 'page_id'; page_id: string }
  | { type: 'database_id'; database_id: string }
  | { type: 'data_source_id'; data_source_id: string; database_id: string };

/** The API version a request names: its shapes differ (2025-09-03 brought data sources). */
export type ApiVersion = 'legacy' | 'data-sources';

export type PropertyType = 'title' | 'rich_text' | 'select' | 'multi_select' | 'date' | 'checkbox' | 'number' | 'url';
export type PropertyValue = string | string[] | number | boolean | null;

export interface FakePage {
  object: 'page';
  id: string;
  parent: NotionParent;
  /** Property name → value; a page outside a database has only `title`. */
  values: Record<string, PropertyValue>;
  blocks: StoredBlock[];
  createdMs: number;
  editedMs: number;
  inTrash: boolean;
}

export interface FakeDatabase {
  object: 'database';
  id: string;
  parent: NotionParent;
  title: string;
  /** The first data source's schema: property name → type; exactly one is `title`. */
  schema: Record<string, PropertyType>;
  /** Its data sources' ids, the first made with it. */
  sources: string[];
  createdMs: number;
  editedMs: number;
  inTrash: boolean;
}

/** One table of a database (2025-09-03): its own schema and rows. */
export interface FakeDataSource {
  object: 'data_source';
  id: string;
  databaseId: string;
  title: string;
  schema: Record<string, PropertyType>;
  createdMs: number;
  editedMs: number;
  inTrash: boolean;
}

/** Notion keeps `last_edited_time` to the minute. */
export const isoMinute = (ms: number): string => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

/** A workspace's pages, databases and blocks, as shared with the integration. */
export class NotionState {
  readonly pages = new Map<string, FakePage>();
  readonly databases = new Map<string, FakeDatabase>();
  readonly dataSources = new Map<string, FakeDataSource>();
  /** Every block by id, for `GET /v1/blocks/{id}/children`. */
  readonly blocks = new Map<string, StoredBlock>();

  constructor(private readonly clock: FakeClock) {}

  /** A page; under a database it is a row of the database's first data source. */
  addPage(options: {
    title: string;
    parent?: FakePage | FakeDatabase | FakeDataSource;
    blocks?: BlockInput[];
    values?: Record<string, PropertyValue>;
  }): FakePage {
    const now = this.clock.nowMs();
    const source =
      options.parent?.object === 'database'
        ? this.dataSources.get(options.parent.sources[0]!)!
        : options.parent?.object === 'data_source'
          ? options.parent
          : undefined;
    const parent: NotionParent = source
      ? { type: 'data_source_id', data_source_id: source.id, database_id: source.databaseId }
      : parentOf(options.parent as FakePage | undefined);
    const values = { ...options.values };
    const titleName = source ? Object.entries(source.schema).find(([, t]) => t === 'title')![0] : 'title';
    values[titleName] = options.title;
    const page: FakePage = { object: 'page', id: randomUUID(), parent, values, blocks: [], createdMs: now, editedMs: now, inTrash: false };
    this.pages.set(page.id, page);
    this.setBlocks(page, options.blocks ?? []);
    return page;
  }

  addDatabase(options: { title: string; parent?: FakePage; schema: Record<string, PropertyType> }): FakeDatabase {
    const now = this.clock.nowMs();
    const db: FakeDatabase = {
      object: 'database',
      id: randomUUID(),
      parent: parentOf(options.parent),
      title: options.title,
      schema: options.schema,
      sources: [],
      createdMs: now,
      editedMs: now,
      inTrash: false,
    };
    this.databases.set(db.id, db);
    this.addDataSource(db, { title: options.title, schema: options.schema });
    return db;
  }

  /** Another data source (table) in a database: the database then has several, which 2022-06-28 cannot read. */
  addDataSource(db: FakeDatabase, options: { title: string; schema: Record<string, PropertyType> }): FakeDataSource {
    const now = this.clock.nowMs();
    const source: FakeDataSource = {
      object: 'data_source',
      id: randomUUID(),
      databaseId: db.id,
      title: options.title,
      schema: options.schema,
      createdMs: now,
      editedMs: now,
      inTrash: false,
    };
    this.dataSources.set(source.id, source);
    db.sources.push(source.id);
    return source;
  }

  /** Changes a page's title, values or blocks (replacing them all); its last_edited_time moves. */
  editPage(page: FakePage, change: { title?: string; values?: Record<string, PropertyValue>; blocks?: BlockInput[] }): void {
    if (change.values) Object.assign(page.values, change.values);
    if (change.title !== undefined) page.values[this.titleProperty(page)] = change.title;
    if (change.blocks) this.setBlocks(page, change.blocks);
    page.editedMs = this.clock.nowMs();
  }

  /** Moves a page or database to the trash: it leaves search and answers `in_trash: true`. */
  trash(target: FakePage | FakeDatabase | FakeDataSource): void {
    target.inTrash = true;
    target.editedMs = this.clock.nowMs();
  }

  titleProperty(page: FakePage): string {
    const source = this.sourceOf(page);
    return source ? Object.entries(source.schema).find(([, t]) => t === 'title')![0] : 'title';
  }

  sourceOf(page: FakePage): FakeDataSource | undefined {
    return page.parent.type === 'data_source_id' ? this.dataSources.get(page.parent.data_source_id) : undefined;
  }

  /** A page as the version names its parent: a row's is its database under 2022-06-28, its data source since. */
  pageJson(page: FakePage, origin: string, version: ApiVersion = 'data-sources'): Record<string, unknown> {
    const schema: Record<string, PropertyType> = this.sourceOf(page)?.schema ?? { title: 'title' };
    const properties: Record<string, unknown> = {};
    for (const [name, type] of Object.entries(schema)) properties[name] = propertyJson(name, type, page.values[name] ?? null);
    return {
      object: 'page',
      id: page.id,
      created_time: isoMinute(page.createdMs),
      last_edited_time: isoMinute(page.editedMs),
      created_by: { object: 'user', id: 'c2f20311-9e54-4d11-8c79-7398424ae41e' },
      last_edited_by: { object: 'user', id: 'c2f20311-9e54-4d11-8c79-7398424ae41e' },
      cover: null,
      icon: null,
      parent: version === 'legacy' && page.parent.type === 'data_source_id' ? { type: 'database_id', database_id: page.parent.database_id } : page.parent,
      archived: page.inTrash,
      in_trash: page.inTrash,
      properties,
      url: `${origin}/${slug(String(page.values[this.titleProperty(page)] ?? ''))}-${page.id.replace(/-/g, '')}`,
      public_url: null,
    };
  }

  /** A database: under 2022-06-28 with its (only) data source's properties, since 2025-09-03 a container naming its data sources. */
  databaseJson(db: FakeDatabase, origin: string, version: ApiVersion = 'data-sources'): Record<string, unknown> {
    const common = {
      object: 'database',
      id: db.id,
      created_time: isoMinute(db.createdMs),
      last_edited_time: isoMinute(db.editedMs),
      title: [rich(db.title)],
      description: [],
      icon: null,
      cover: null,
      parent: db.parent,
      url: `${origin}/${db.id.replace(/-/g, '')}`,
      archived: db.inTrash,
      in_trash: db.inTrash,
      is_inline: false,
      public_url: null,
    };
    if (version === 'legacy') return { ...common, properties: propertiesJson(db.schema) };
    const sources = db.sources.map((id) => this.dataSources.get(id)!).filter((s) => !s.inTrash);
    return { ...common, is_locked: false, data_sources: sources.map((s) => ({ id: s.id, name: s.title })) };
  }

  dataSourceJson(source: FakeDataSource, origin: string): Record<string, unknown> {
    const db = this.databases.get(source.databaseId)!;
    const gone = source.inTrash || db.inTrash;
    return {
      object: 'data_source',
      id: source.id,
      created_time: isoMinute(source.createdMs),
      last_edited_time: isoMinute(Math.max(source.editedMs, db.editedMs)),
      created_by: { object: 'user', id: 'c2f20311-9e54-4d11-8c79-7398424ae41e' },
      last_edited_by: { object: 'user', id: 'c2f20311-9e54-4d11-8c79-7398424ae41e' },
      title: [rich(source.title)],
      description: [],
      icon: null,
      cover: null,
      parent: { type: 'database_id', database_id: db.id },
      database_parent: db.parent,
      properties: propertiesJson(source.schema),
      url: `${origin}/${source.id.replace(/-/g, '')}`,
      archived: gone,
      in_trash: gone,
      is_inline: false,
      public_url: null,
    };
  }

  private setBlocks(page: FakePage, inputs: BlockInput[]): void {
    const time = isoMinute(this.clock.nowMs());
    page.blocks = inputs.map((b) => buildBlock(b, { type: 'page_id', id: page.id }, time));
    const index = (list: StoredBlock[]) => {
      for (const b of list) {
        this.blocks.set(b.json.id, b);
        index(b.children);
      }
    };
    index(page.blocks);
  }
}

function parentOf(parent: FakePage | FakeDatabase | undefined): NotionParent {
  if (!parent) return { type: 'workspace', workspace: true };
  return parent.object === 'page' ? { type: 'page_id', page_id: parent.id } : { type: 'database_id', database_id: parent.id };
}

function propertiesJson(schema: Record<string, PropertyType>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(schema)) properties[name] = { id: propertyId(name, type), name, type, [type]: {} };
  return properties;
}

const slug = (title: string) => title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Untitled';
const propertyId = (name: string, type: PropertyType) => (type === 'title' ? 'title' : encodeURIComponent(name.slice(0, 4)));

function propertyJson(name: string, type: PropertyType, value: PropertyValue): Record<string, unknown> {
  const option = (n: string) => ({ id: randomUUID().slice(0, 4), name: n, color: 'default' });
  const data: Record<PropertyType, () => unknown> = {
    title: () => (value ? [rich(String(value))] : []),
    rich_text: () => (value ? [rich(String(value))] : []),
    select: () => (value ? option(String(value)) : null),
    multi_select: () => (Array.isArray(value) ? value.map(option) : []),
    date: () => (value ? { start: String(value), end: null, time_zone: null } : null),
    checkbox: () => value === true,
    number: () => (typeof value === 'number' ? value : null),
    url: () => (value ? String(value) : null),
  };
  return { id: propertyId(name, type), type, [type]: data[type]() };
}
