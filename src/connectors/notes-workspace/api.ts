import { type ProviderAnswer, ProviderHttp, type ProviderSettings } from '../provider-http.js';
import { ConnectorError } from '../types.js';

export interface NotesWorkspaceOptions {
  /** The API host, e.g. `https://api.notion.com` (OAuth pages are under it too). */
  apiUrl: string;
  http: ProviderSettings;
  now: () => Date;
}

export const NOTION_DEFAULTS = { apiUrl: 'https://api.notion.com' } as const;
/**
 * The API version every request names; its shapes are what this adapter reads. Since 2025-09-03 a
 * database is a container of data sources (tables), read through `/v1/data_sources`; before it, a
 * database with a second data source could not be read or queried at all.
 */
export const NOTION_VERSION = '2025-09-03';
export const PROVIDER = 'the notes workspace';

export type RichText = {
  plain_text?: string;
  href?: string | null;
  type?: string;
  annotations?: Partial<Record<'bold' | 'italic' | 'strikethrough' | 'code', boolean>>;
};

export type NotionParent =
  | { type: 'workspace' }
  | { type: 'page_id'; page_id: string }
  | { type: 'database_id'; database_id: string }
  | { type: 'data_source_id'; data_source_id: string; database_id: string }
  | { type: 'block_id'; block_id: string };

/** What every page, database and data source carries. */
interface NotionObject {
  id: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  url?: string;
}

export interface NotionPage extends NotionObject {
  object: 'page';
  parent: NotionParent;
  properties: Record<string, { type: string; [key: string]: unknown }>;
}

/** A database (2025-09-03): a container; its rows and schema are its data sources'. */
export interface NotionDatabase extends NotionObject {
  object: 'database';
  parent: NotionParent;
  title: RichText[];
  description?: RichText[];
  data_sources?: { id: string; name: string }[];
}

/** One table of a database: its schema (`properties`) and rows (pages whose parent is it). */
export interface NotionDataSource extends NotionObject {
  object: 'data_source';
  parent: { type: 'database_id'; database_id: string };
  /** The database's own parent. */
  database_parent?: NotionParent;
  title: RichText[];
  description?: RichText[];
  properties: Record<string, { type: string }>;
}

/**
 * One object Notion will not let this integration read (403 `restricted_resource`, 404
 * `object_not_found` where the object was just listed, 400 `validation_error` about it): the sync
 * skips and reports it. Outside the reading of one object it is an ordinary `internal` failure.
 */
export class UnreadableObject extends ConnectorError {
  constructor(
    readonly status: number,
    readonly notionCode: string,
  ) {
    super('internal', `${PROVIDER} answered HTTP ${status} ${notionCode}`);
    this.name = 'UnreadableObject';
  }
}

const OBJECT_ERRORS: Record<number, readonly string[]> = {
  400: ['validation_error'],
  403: ['restricted_resource'],
  404: ['object_not_found'],
};

function classify(answer: ProviderAnswer): Error | null {
  const codes = OBJECT_ERRORS[answer.status];
  if (!codes) return null;
  let code: unknown;
  try {
    code = answer.json<{ code?: unknown }>().code;
  } catch {
    return null;
  }
  return typeof code === 'string' && codes.includes(code) ? new UnreadableObject(answer.status, code) : null;
}

export interface NotionBlock {
  object: 'block';
  id: string;
  type: string;
  has_children: boolean;
  [key: string]: unknown;
}

export interface NotionList<T> {
  results: T[];
  next_cursor: string | null;
  has_more: boolean;
}

export const PAGE_SIZE = 100;

/** Notion's REST API with one token, `Notion-Version` on every request. */
export class NotionClient {
  private readonly http: ProviderHttp;
  private readonly base: string;

  constructor(
    options: NotesWorkspaceOptions,
    private readonly token: string,
    signal: AbortSignal,
  ) {
    this.http = new ProviderHttp({ ...options.http, provider: PROVIDER, classify }, signal);
    this.base = `${options.apiUrl.replace(/\/+$/, '')}/v1`;
  }

  /** The object, or null when it is gone or no longer shared with the integration (404). */
  async get<T>(path: string): Promise<T | null> {
    const answer = await this.http.request(this.base + path, { headers: this.headers(), allow: [404] });
    return answer.status === 404 ? null : answer.json<T>();
  }

  async post<T>(path: string, body: object, allow404 = false): Promise<T | null> {
    const answer = await this.http.request(this.base + path, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      allow: allow404 ? [404] : [],
    });
    return answer.status === 404 ? null : answer.json<T>();
  }

  /** Pages and data sources (not databases, since 2025-09-03) shared with the integration. */
  search(startCursor: string | null): Promise<NotionList<NotionPage | NotionDataSource>> {
    const body = { sort: { direction: 'ascending', timestamp: 'last_edited_time' }, page_size: PAGE_SIZE, ...(startCursor && { start_cursor: startCursor }) };
    return this.post<NotionList<NotionPage | NotionDataSource>>('/search', body) as Promise<NotionList<NotionPage | NotionDataSource>>;
  }

  children(blockId: string, startCursor: string | null): Promise<NotionList<NotionBlock> | null> {
    const query = new URLSearchParams({ page_size: String(PAGE_SIZE), ...(startCursor && { start_cursor: startCursor }) });
    return this.get<NotionList<NotionBlock>>(`/blocks/${encodeURIComponent(blockId)}/children?${query}`);
  }

  /** A data source's rows; an unreadable or vanished data source throws UnreadableObject. */
  queryDataSource(id: string, body: object): Promise<NotionList<NotionPage>> {
    return this.post<NotionList<NotionPage>>(`/data_sources/${encodeURIComponent(id)}/query`, body) as Promise<NotionList<NotionPage>>;
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, 'notion-version': NOTION_VERSION, accept: 'application/json' };
  }
}

export const plainText = (runs: RichText[] | undefined): string => (runs ?? []).map((r) => r.plain_text ?? '').join('');
