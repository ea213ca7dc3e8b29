import { ProviderHttp, type ProviderSettings } from '../provider-http.js';

export interface NotesWorkspaceOptions {
  /** The API host, e.g. `https://api.notion.com` (OAuth pages are under it too). */
  apiUrl: string;
  http: ProviderSettings;
  now: () => Date;
}

export const NOTION_DEFAULTS = { apiUrl: 'https://api.notion.com' } as const;
/** The API version every request names; its shapes are what this adapter reads. */
export const NOTION_VERSION = '2022-06-28';
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
  | { type: 'block_id'; block_id: string };

export interface NotionPage {
  object: 'page';
  id: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  url?: string;
  parent: NotionParent;
  properties: Record<string, { type: string; [key: string]: unknown }>;
}

export interface NotionDatabase {
  object: 'database';
  id: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  url?: string;
  parent: NotionParent;
  title: RichText[];
  description?: RichText[];
  properties: Record<string, { type: string }>;
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
    this.http = new ProviderHttp({ ...options.http, provider: PROVIDER }, signal);
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

  search(startCursor: string | null): Promise<NotionList<NotionPage | NotionDatabase>> {
    const body = { sort: { direction: 'ascending', timestamp: 'last_edited_time' }, page_size: PAGE_SIZE, ...(startCursor && { start_cursor: startCursor }) };
    return this.post<NotionList<NotionPage | NotionDatabase>>('/search', body) as Promise<NotionList<NotionPage | NotionDatabase>>;
  }

  children(blockId: string, startCursor: string | null): Promise<NotionList<NotionBlock> | null> {
    const query = new URLSearchParams({ page_size: String(PAGE_SIZE), ...(startCursor && { start_cursor: startCursor }) });
    return this.get<NotionList<NotionBlock>>(`/blocks/${encodeURIComponent(blockId)}/children?${query}`);
  }

  queryDatabase(id: string, body: object): Promise<NotionList<NotionPage> | null> {
    return this.post<NotionList<NotionPage>>(`/databases/${encodeURIComponent(id)}/query`, body, true);
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, 'notion-version': NOTION_VERSION, accept: 'application/json' };
  }
}

export const plainText = (runs: RichText[] | undefined): string => (runs ?? []).map((r) => r.plain_text ?? '').join('');
