import { integerField } from '../config-fields.js';
import { oauthAccessToken } from '../credentials.js';
import { listingSync, readListingCursor, type ListingSource } from '../listing.js';
import { PageBuilder } from '../pages.js';
import type { SyncPage, SyncRequest } from '../types.js';
import { type NotesWorkspaceOptions, NotionClient, type NotionDataSource, type NotionPage, PROVIDER, UnreadableObject } from './api.js';
import { dataSourceItem, pageItem } from './content.js';
import { TitlePaths } from './paths.js';

export interface NotesWorkspaceConfig {
  /** Pages and databases imported at most (also the bound of the cursor). */
  maxPages: number;
}

export function parseNotesWorkspaceConfig(metadata: Record<string, unknown>): NotesWorkspaceConfig {
  return { maxPages: integerField(metadata, 'maxPages', { min: 1, max: 10_000, fallback: 1_000 }) };
}

/** An edit in the last two minutes may share its minute with one still to come: read it again next time. */
const SETTLE_MS = 120_000;
/** Pages, data sources; `d` (a whole database, before 2025-09-03) only in older cursors: those documents give way to their data sources'. */
const KINDS = ['p', 's', 'd'] as const;

type NotionObject = NotionPage | NotionDataSource;

/**
 * Each run lists everything shared with the integration through search (pages and data sources,
 * oldest edit first, 100 a request) and reads the blocks only of pages whose last_edited_time
 * moved; a data source (one table of a database) is read again when it or its newest row changed.
 * What the listing no longer shows is asked for and, when gone or in the trash, deleted. An object
 * Notion will not let the integration read (UnreadableObject) is skipped, reported on the page and
 * read again next run; the run goes on. The cursor is listing.ts's.
 */
export async function* syncNotesWorkspace(options: NotesWorkspaceOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseNotesWorkspaceConfig(request.config);
  const api = new NotionClient(options, oauthAccessToken(request.credentials, PROVIDER), request.signal);
  const paths = new TitlePaths(api);
  const out = new PageBuilder(request);
  const skip = (id: string, err: unknown) => {
    if (!(err instanceof UnreadableObject)) throw err;
    out.skip(id, `${err.status} ${err.notionCode}`);
  };
  const source: ListingSource<NotionObject, (typeof KINDS)[number]> = {
    async page(start) {
      const list = await api.search(start);
      return { results: list.results, next: list.has_more ? list.next_cursor : null };
    },
    seen: (results) => results.forEach((o) => paths.see(o)),
    async describe(object) {
      const gone = object.archived === true || object.in_trash === true;
      return {
        id: object.id,
        kind: object.object === 'page' ? 'p' : 's',
        marker: gone ? '' : await changeMarker(api, object),
        gone,
        settled: Date.parse(object.last_edited_time) < request.now().getTime() - SETTLE_MS,
      };
    },
    async read(object) {
      try {
        const path = await paths.of(object);
        return object.object === 'page' ? await pageItem(api, object, path) : await dataSourceItem(api, object, path);
      } catch (err) {
        skip(object.id, err);
        return null;
      }
    },
    async exists(id, kind) {
      if (kind === 'd') return false;
      try {
        const object = await api.get<NotionObject>(`/${kind === 'p' ? 'pages' : 'data_sources'}/${encodeURIComponent(id)}`);
        return object !== null && !object.archived && !object.in_trash;
      } catch (err) {
        skip(id, err);
        return true;
      }
    },
  };
  yield* listingSync(source, readListingCursor(request.cursor, KINDS), out, config.maxPages);
}

/** What tells a change: last_edited_time, and for a data source also its newest row's ('' when it cannot be read: read tells). */
async function changeMarker(api: NotionClient, object: NotionObject): Promise<string> {
  if (object.object === 'page') return object.last_edited_time;
  try {
    const newest = await api.queryDataSource(object.id, { page_size: 1, sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }] });
    return `${object.last_edited_time}|${newest.results[0]?.last_edited_time ?? ''}`;
  } catch (err) {
    if (err instanceof UnreadableObject) return '';
    throw err;
  }
}
