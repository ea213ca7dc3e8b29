import { oauthAccessToken } from '../credentials.js';
import { PageBuilder } from '../pages.js';
import { ConnectorError, type SyncPage, type SyncRequest } from '../types.js';
import { isSelectedFile, parseOfficeDriveConfig, type OfficeDriveConfig } from './config.js';
import { GraphClient, PROVIDER, type DeltaPage, type DriveItem, type OfficeDriveOptions } from './graph.js';
import { contentVersion, fileItem } from './items.js';

/**
 * Where a sync stands: the delta page to read (a nextLink, or the deltaLink of the last run; null
 * before the first), how many of its items are done, and whether it belongs to the first full
 * enumeration. One Graph URL of at most 8 KB and two scalars.
 */
export interface OfficeDriveCursor {
  v: 1;
  link: string | null;
  skip: number;
  initial: boolean;
}

const DELTA_PATH = '/me/drive/root/delta';

export function readCursor(raw: unknown, graph: GraphClient): OfficeDriveCursor {
  const c = raw as Partial<OfficeDriveCursor> | null;
  if (c && c.v === 1 && graph.isOwnLink(c.link) && Number.isInteger(c.skip) && c.skip! >= 0 && typeof c.initial === 'boolean') {
    return { v: 1, link: c.link, skip: c.skip!, initial: c.initial };
  }
  return { v: 1, link: null, skip: 0, initial: true };
}

/** Folder paths by id, learnt from delta and, for folders delta did not show, from Graph. */
class FolderPaths {
  private readonly paths = new Map<string, string>();

  constructor(private readonly graph: GraphClient) {}

  remember(item: DriveItem, parentPath: string | null): void {
    this.paths.set(item.id, item.root ? '' : `${parentPath ?? ''}/${item.name ?? item.id}`);
  }

  /** `/Documents/Reports` for a folder id; the root is the empty string. */
  async of(id: string | undefined): Promise<string | null> {
    if (!id) return null;
    const known = this.paths.get(id);
    if (known !== undefined) return known;
    const { status, body } = await this.graph.json<DriveItem>(`/me/drive/items/${encodeURIComponent(id)}?$select=id,name,root,parentReference`, {
      allow: [404],
    });
    if (status === 404) return null;
    const path = body.root ? '' : `${(body.parentReference?.path ?? '').replace(/^\/drive\/root:/, '')}/${body.name ?? id}`;
    this.paths.set(id, path);
    return path;
  }
}

/**
 * `/me/drive/root/delta`: the first run enumerates the drive page by page (`@odata.nextLink`), its
 * last page gives a `@odata.deltaLink`, which the next run reads for what changed since. Items with
 * a `deleted` facet are deletions; a 410 (`resyncRequired`) starts a full enumeration again.
 */
export async function* syncOfficeDrive(options: OfficeDriveOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseOfficeDriveConfig(request.config);
  const graph = new GraphClient(options, oauthAccessToken(request.credentials, PROVIDER), request.signal);
  const cursor = readCursor(request.cursor, graph);
  const out = new PageBuilder(request);
  const folders = new FolderPaths(graph);
  // Only an enumeration read whole in this run lists everything there is.
  let fullListing = cursor.link === null;
  let resynced = false;
  cursor.link ??= graph.url(DELTA_PATH);

  for (;;) {
    const { status, body } = await graph.json<DeltaPage>(cursor.link, { allow: [410] });
    if (status === 410) {
      if (resynced) throw new ConnectorError('provider_unavailable', `${PROVIDER} asked for a resync twice`);
      resynced = fullListing = true;
      Object.assign(cursor, { link: graph.url(DELTA_PATH), skip: 0, initial: true });
      continue;
    }
    const items = Array.isArray(body?.value) ? body.value : [];
    for (let i = cursor.skip; i < items.length; i++) {
      const item = items[i]!;
      await take(item, { graph, folders, config, out, initial: cursor.initial });
      cursor.skip = i + 1;
      if (out.full) yield out.take(cursor);
    }
    const next = body?.['@odata.nextLink'] ?? body?.['@odata.deltaLink'];
    if (!graph.isOwnLink(next)) throw new ConnectorError('internal', `${PROVIDER} gave no next or delta link`);
    Object.assign(cursor, { link: next, skip: 0 });
    if (body['@odata.nextLink'] === undefined) {
      cursor.initial = false;
      const last = out.take(cursor);
      if (fullListing) last.complete = true;
      yield last;
      return;
    }
  }
}

interface Run {
  graph: GraphClient;
  folders: FolderPaths;
  config: OfficeDriveConfig;
  out: PageBuilder;
  initial: boolean;
}

async function take(item: DriveItem, run: Run): Promise<void> {
  if (item.deleted) {
    run.out.remove(item.id);
    return;
  }
  if (item.folder || item.root) {
    run.folders.remember(item, item.root ? null : await run.folders.of(item.parentReference?.id));
    return;
  }
  if (!item.file) return;
  const selected = isSelectedFile(item.name ?? '', item.size, run.config);
  // A held file whose content is the one imported is kept (a rename, a move, a resync's
  // enumeration); one imported with its eTag as the version is kept while the eTag stands.
  if (selected && (run.out.unchanged(item.id, contentVersion(item)) || (item.eTag !== undefined && run.out.unchanged(item.id, item.eTag)))) return;
  // A new file past the documentLimit is passed over without downloading it.
  if (selected && !run.out.wants(item.id)) return;
  const bytes = selected ? await run.graph.download(item.id, run.config.maxFileBytes) : null;
  if (bytes) {
    const parent = await run.folders.of(item.parentReference?.id);
    run.out.add(fileItem(item, `${parent ?? ''}/${item.name ?? item.id}`, bytes));
  } else if (!run.initial) {
    // Renamed to a type not imported, grown past the size cap, or gone meanwhile: no longer a document.
    run.out.remove(item.id);
  }
}
