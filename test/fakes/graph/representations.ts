import { createHash, randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeHttpReply } from '../fake-server.js';
import { DRIVE_ID, type FakeDrive, type FakeDriveItem } from './drive.js';

/** Graph's error body: `{error: {code, message, innerError: {date, request-id, client-request-id}}}`. */
export function graphError(status: number, code: string, message: string, clock: FakeClock, headers?: Record<string, string>): FakeHttpReply {
  const requestId = randomUUID();
  return {
    status,
    headers: { 'request-id': requestId, 'client-request-id': requestId, ...headers },
    json: {
      error: {
        code,
        message,
        innerError: {
          date: clock
            .now()
            .toISOString()
            .replace(/\.\d+Z$/, ''),
          'request-id': requestId,
          'client-request-id': requestId,
        },
      },
    },
  };
}

/**
 * A driveItem as Graph shows it. Delta leaves `parentReference.path` out (items are to be tracked by
 * id); a plain GET of one item includes it. Deleted items carry only their id, parent and `deleted`.
 * On a business drive delta gives no `cTag`: the content hash (`file.hashes.quickXorHash`) is what
 * tells a content change from a rename there.
 */
export function driveItemJson(drive: FakeDrive, item: FakeDriveItem, origin: string, options: { withPath: boolean; delta?: boolean }): Record<string, unknown> {
  const parentReference: Record<string, unknown> = { driveType: drive.driveType, driveId: DRIVE_ID };
  if (item.parentId !== null) parentReference.id = item.parentId;
  if (item.deleted) return { id: item.id, parentReference, deleted: { state: 'deleted' } };
  const parent = item.parentId === null ? undefined : drive.items.get(item.parentId);
  if (options.withPath && parent) parentReference.path = `/drive/root:${drive.pathOf(parent)}`;
  const json: Record<string, unknown> = {
    id: item.id,
    name: item.name,
    eTag: `"{${item.guid}},${item.eTagVersion}"`,
    cTag: `"c:{${item.guid}},${item.cTagVersion}"`,
    createdDateTime: new Date(item.createdMs).toISOString(),
    lastModifiedDateTime: new Date(item.modifiedMs).toISOString(),
    size: item.folder ? 0 : item.content.length,
    webUrl: `${origin}/personal/octo/Documents${encodeURI(drive.pathOf(item))}`,
    parentReference,
    fileSystemInfo: { createdDateTime: new Date(item.createdMs).toISOString(), lastModifiedDateTime: new Date(item.modifiedMs).toISOString() },
  };
  // OneDrive for Business leaves cTag out of delta on create and modify (driveItem: delta, Remarks).
  if (options.delta && drive.driveType === 'business') delete json.cTag;
  if (item.parentId === null) json.root = {};
  if (item.folder) json.folder = { childCount: [...drive.items.values()].filter((c) => !c.deleted && c.parentId === item.id).length };
  else
    json.file = {
      mimeType: item.mimeType,
      // 20 bytes in base64, as quickXorHash is; derived from the content alone (a SHA-1 stands in for the algorithm).
      hashes: { quickXorHash: createHash('sha1').update(item.content).digest('base64') },
    };
  return json;
}
