import { integerField } from '../config-fields.js';
import { oauthAccessToken } from '../credentials.js';
import { PageBuilder } from '../pages.js';
import type { SourceItem, SyncPage, SyncRequest } from '../types.js';
import { NotionClient, PROVIDER, type NotesWorkspaceOptions, type NotionDatabase, type NotionList, type NotionPage } from './api.js';
import { databaseItem, pageItem } from './content.js';
import { TitlePaths } from './paths.js';

export interface NotesWorkspaceConfig {
  /** Pages and databases imported at most (also the bound of the cursor). */
  maxPages: number;
}

export function parseNotesWorkspaceConfig(metadata: Record<string, unknown>): NotesWorkspaceConfig {
  return { maxPages: integerField(metadata, 'maxPages', { min: 1, max: 10_000, fallback: 1_000 }) };
}

/** [change marker, number of the last listing that showed it, 'p' page | 'd' database]. */
type Known = [string, number, 'p' | 'd'];

/**
 * Per imported page or database its change marker (last_edited_time, plus the newest row's for a
 * database; '' to read it again next time) and the listing that last showed it; the listing under
 * way (the search page's start_cursor and how many of its results are done). About 90 bytes per
 * imported object, at most `maxPages` of them.
 */
export interface NotesCursor {
  v: 1;
  known: Record<string, Known>;
  pass: number;
  listing: { start: string | null; skip: number } | null;
}

function readCursor(raw: unknown): NotesCursor {
  const c = raw as Partial<NotesCursor> | null;
  const fresh: NotesCursor = { v: 1, known: {}, pass: 0, listing: null };
  if (!c || c.v !== 1 || !Number.isInteger(c.pass) || !c.known || typeof c.known !== 'object') return fresh;
  const known: Record<string, Known> = {};
  for (const [id, entry] of Object.entries(c.known)) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1]) && (entry[2] === 'p' || entry[2] === 'd')) known[id] = [entry[0], entry[1], entry[2]];
  }
  const l = c.listing;
  const listing = l && (l.start === null || typeof l.start === 'string') && Number.isInteger(l.skip) ? { start: l.start, skip: l.skip } : null;
  return { v: 1, known, pass: c.pass!, listing };
}

/** An edit in the last two minutes may share its minute with one still to come: read it again next time. */
const SETTLE_MS = 120_000;

interface Run {
  api: NotionClient;
  paths: TitlePaths;
  cursor: NotesCursor;
  config: NotesWorkspaceConfig;
  now: () => Date;
}

/**
 * Each run lists everything shared with the integration through search (oldest edit first, 100 a
 * request) and reads the blocks only of pages whose last_edited_time moved; a database is read again
 * when it or its newest row changed. What the listing no longer shows is checked and, when gone or
 * in the trash, deleted.
 */
export async function* syncNotesWorkspace(options: NotesWorkspaceOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseNotesWorkspaceConfig(request.config);
  const api = new NotionClient(options, oauthAccessToken(request.credentials, PROVIDER), request.signal);
  const cursor = readCursor(request.cursor);
  const out = new PageBuilder(request.maxItems);
  if (out.exhausted) return;
  const run: Run = { api, paths: new TitlePaths(api), cursor, config, now: request.now };
  if (!cursor.listing) {
    cursor.pass++;
    cursor.listing = { start: null, skip: 0 };
  }
  for (;;) {
    const listing = cursor.listing!;
    const page: NotionList<NotionPage | NotionDatabase> = await api.search(listing.start);
    for (const object of page.results) run.paths.see(object);
    for (let i = listing.skip; i < page.results.length; i++) {
      const object = page.results[i]!;
      const marker = await changeMarker(run, object);
      const entry = cursor.known[object.id];
      if (object.archived || object.in_trash) {
        if (entry) out.remove(object.id);
        delete cursor.known[object.id];
      } else if (entry && entry[0] !== '' && entry[0] === marker) {
        entry[1] = cursor.pass;
      } else if (entry || Object.keys(cursor.known).length < config.maxPages) {
        if (out.exhausted) {
          yield out.take(cursor);
          return;
        }
        const item = await read(run, object);
        if (item) {
          out.add(item);
          const settled = Date.parse(object.last_edited_time) < request.now().getTime() - SETTLE_MS;
          cursor.known[object.id] = [settled ? marker : '', cursor.pass, object.object === 'page' ? 'p' : 'd'];
        }
      }
      listing.skip = i + 1;
      if (out.full) yield out.take(cursor);
    }
    if (page.has_more && page.next_cursor) {
      cursor.listing = { start: page.next_cursor, skip: 0 };
      continue;
    }
    await sweep(run, out);
    cursor.listing = null;
    yield out.take(cursor);
    return;
  }
}

/** What tells a change: last_edited_time, and for a database also its newest row's. */
async function changeMarker(run: Run, object: NotionPage | NotionDatabase): Promise<string> {
  if (object.object === 'page' || object.archived || object.in_trash) return object.last_edited_time;
  const newest = await run.api.queryDatabase(object.id, { page_size: 1, sorts: [{ timestamp: 'last_edited_time', direction: 'descending' }] });
  return `${object.last_edited_time}|${newest?.results[0]?.last_edited_time ?? ''}`;
}

function read(run: Run, object: NotionPage | NotionDatabase): Promise<SourceItem | null> {
  return run.paths.of(object).then((path) => (object.object === 'page' ? pageItem(run.api, object, path) : databaseItem(run.api, object, path)));
}

/**
 * What this listing did not show: gone (404, no longer shared) or in the trash is a deletion;
 * anything else the search merely missed, and stays.
 */
async function sweep(run: Run, out: PageBuilder): Promise<void> {
  const { cursor, api } = run;
  for (const [id, entry] of Object.entries(cursor.known)) {
    if (entry[1] === cursor.pass) continue;
    const object = await api.get<NotionPage | NotionDatabase>(`/${entry[2] === 'p' ? 'pages' : 'databases'}/${encodeURIComponent(id)}`);
    if (!object || object.archived || object.in_trash) {
      out.remove(id);
      delete cursor.known[id];
    } else {
      entry[1] = cursor.pass;
    }
  }
}
