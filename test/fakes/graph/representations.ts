import { randomUUID } from 'node:crypto';
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
 */
export function driveItemJson(drive: FakeDrive, item: FakeDriveItem, origin: string, options: { withPath: boolean }): Record<string, unknown> {
  const parentReference: Record<string, unknown> = { driveType: 'personal', driveId: DRIVE_ID };
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
  if (item.parentId === null) json.root = {};
  if (item.folder) json.folder = { childCount: [...drive.items.values()].filter((c) => !c.deleted && c.parentId === item.id).length };
  else
    json.file = {
      mimeType: item.mimeType,
      hashes: {
        quickXorHash: Buffer.from(item.guid + item.cTagVersion)
          .toString('base64')
          .slice(0, 28),
      },
    };
  return json;
}
