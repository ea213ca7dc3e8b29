import { GoogleClient, toConnectorError } from '../google/http.js';
import { accessToken } from '../google/oauth.js';
import type { GoogleOptions } from '../google/options.js';
import { PageBuilder } from '../pages.js';
import type { SyncPage, SyncRequest } from '../types.js';
import { parseCloudDriveConfig, type CloudDriveConfig } from './config.js';
import { FOLDER, listChanges, listFiles, startPageToken, type DriveFile } from './drive-api.js';
import { driveItem, fileVersion, FolderPaths, isImportable } from './items.js';

/**
 * The cursor, at most about 2.5 KB: a Drive page token and the ids of the files already done on
 * the page under way (at most one page, 100 ids of about 44 characters). `list`: the first full
 * listing, after which changes start at `changesFrom` (taken before the listing began, so nothing
 * changed during it is missed); `changes`: the changes feed from `pageToken`.
 */
export type CloudDriveCursor =
  | { v: 1; phase: 'list'; changesFrom: string; pageToken: string | null; done: string[] }
  | { v: 1; phase: 'changes'; pageToken: string; done: string[] };

function readCursor(raw: unknown): CloudDriveCursor | null {
  const c = raw as CloudDriveCursor | null;
  if (!c || typeof c !== 'object' || c.v !== 1 || !Array.isArray(c.done) || !c.done.every((d) => typeof d === 'string')) return null;
  if (c.phase === 'list' && typeof c.changesFrom === 'string' && (c.pageToken === null || typeof c.pageToken === 'string')) return structuredClone(c);
  if (c.phase === 'changes' && typeof c.pageToken === 'string') return structuredClone(c);
  return null;
}

interface Run {
  drive: GoogleClient;
  base: string;
  config: CloudDriveConfig;
  paths: FolderPaths;
  out: PageBuilder;
}

/** The first sync lists every file; later ones read the changes feed from the stored page token. */
export async function* syncCloudDrive(options: GoogleOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseCloudDriveConfig(request.config);
  const out = new PageBuilder(request);
  const drive = new GoogleClient(options, accessToken(request.credentials), request.signal);
  const base = options.endpoints.driveUrl;
  const run: Run = { drive, base, config, paths: new FolderPaths(drive, base), out };
  try {
    let cursor = readCursor(request.cursor);
    const fresh = cursor === null;
    cursor ??= { v: 1, phase: 'list', changesFrom: await startPageToken(drive, base), pageToken: null, done: [] };
    if (cursor.phase === 'list') {
      const finished = yield* listAll(run, cursor);
      if (!finished) {
        yield out.take(cursor);
        return;
      }
      cursor = { v: 1, phase: 'changes', pageToken: cursor.changesFrom, done: [] };
      // Only a listing this run saw whole tells the engine that what it did not see is gone.
      if (fresh) {
        yield { ...out.take(cursor), complete: true };
        return;
      }
    }
    yield* readChanges(run, cursor);
    yield out.take(cursor);
  } catch (err) {
    throw toConnectorError(err, request.signal);
  }
}

/**
 * Adds one file unless it was done on this page: `unreadable` when its content cannot be had (an
 * export past Google's limit, gone meanwhile); a new file past the documentLimit is passed over
 * without downloading it, and a held one whose version is the one imported is kept, not downloaded.
 * (Documents imported when the version was Drive's own number are kept while that number stands.)
 */
async function addFile(run: Run, file: DriveFile, done: string[]): Promise<'added' | 'unreadable'> {
  if (done.includes(file.id)) return 'added';
  const unchanged = run.out.unchanged(file.id, fileVersion(file)) || (file.version !== undefined && run.out.unchanged(file.id, file.version));
  if (!unchanged && run.out.wants(file.id)) {
    const item = await driveItem(run.drive, run.base, file, run.paths, run.config.maxFileBytes);
    if (!item) {
      done.push(file.id);
      return 'unreadable';
    }
    run.out.add(item);
  }
  done.push(file.id);
  return 'added';
}

async function* listAll(run: Run, cursor: Extract<CloudDriveCursor, { phase: 'list' }>): AsyncGenerator<SyncPage, true> {
  for (;;) {
    const page = await listFiles(run.drive, run.base, cursor.pageToken);
    for (const file of page.files ?? []) {
      if (!isImportable(file, run.config.maxFileBytes)) continue;
      await addFile(run, file, cursor.done);
      if (run.out.full) yield run.out.take(cursor);
    }
    if (!page.nextPageToken) return true;
    cursor.pageToken = page.nextPageToken;
    cursor.done = [];
    yield run.out.take(cursor);
  }
}

async function* readChanges(run: Run, cursor: Extract<CloudDriveCursor, { phase: 'changes' }>): AsyncGenerator<SyncPage> {
  for (;;) {
    const page = await listChanges(run.drive, run.base, cursor.pageToken);
    for (const change of page.changes ?? []) {
      const id = change.file?.id ?? change.fileId;
      if (change.changeType === 'drive' || !id || cursor.done.includes(id)) continue;
      const file = change.file;
      if (file?.mimeType === FOLDER && !change.removed && !file.trashed) {
        // A renamed or moved folder does not re-path what is inside it until those files change.
        continue;
      }
      if (change.removed || !file || file.trashed || !isImportable(file, run.config.maxFileBytes)) {
        run.out.remove(id);
        cursor.done.push(id);
      } else {
        if ((await addFile(run, file, cursor.done)) === 'unreadable') run.out.remove(id);
      }
      if (run.out.full) yield run.out.take(cursor);
    }
    cursor.done = [];
    if (page.newStartPageToken) {
      cursor.pageToken = page.newStartPageToken;
      return;
    }
    if (!page.nextPageToken) return;
    cursor.pageToken = page.nextPageToken;
    yield run.out.take(cursor);
  }
}
