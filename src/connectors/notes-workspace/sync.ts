import { integerField } from '../config-fields.js';
import { oauthAccessToken } from '../credentials.js';
import { listingSync, readListingCursor, type ListingSource } from '../listing.js';
import { PageBuilder } from '../pages.js';
import type { SyncPage, SyncRequest } from '../types.js';
import { NotionClient, PROVIDER, type NotesWorkspaceOptions, type NotionDatabase, type NotionPage } from './api.js';
import { databaseItem, pageItem } from './content.js';
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
const KINDS = ['p', 'd'] as const;

type NotionObject = NotionPage | NotionDatabase;

/**
 * Each run lists everything shared with the integration through search (oldest edit first, 100 a
 * request) and reads the blocks only of pages whose last_edited_time moved; a database is read again
 * when it or its newest row changed. What the listing no longer shows is asked for and, when gone or
 * in the trash, deleted. The cursor is listing.ts's.
 */
export async function* syncNotesWorkspace(options: NotesWorkspaceOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseNotesWorkspaceConfig(request.config);
  const api = new NotionClient(options, oauthAccessToken(request.credentials, PROVIDER), request.signal);
  const paths = new TitlePaths(api);
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
        kind: object.object === 'page' ? 'p' : 'd',
        marker: gone ? '' : await changeMarker(api, object),
        gone,
        settled: Date.parse(object.last_edited_time) < request.now().getTime() - SETTLE_MS,
      };
    },
    async read(object) {
      const path = await paths.of(object);
      return object.object === 'page' ? pageItem(api, object, path) : databaseItem(api, object, path);
    },
    async exists(id, kind) {
      const object = await api.get<NotionObject>(`/${kind === 'p' ? 'pages' : 'databases'}/${encodeURIComponent(id)}`);
      return object !== null && !object.archived && !object.in_trash;
    },
  };
  yield* listingSync(source, readListingCursor(request.cursor, KINDS), new PageBuilder(request), config.maxPages);
}

/** What tells a change: last_edited_time, and for a database also its newest row's. */
async function changeMarker(api: NotionClient, object: NotionObject): Promise<string> {
  if (object.object === 'page') return object.last_edited_time;
  const newest = await api.queryDatabase(object.id, { page_size: 1, sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }] });
  return `${object.last_edited_time}|${newest?.results[0]?.last_edited_time ?? ''}`;
}
