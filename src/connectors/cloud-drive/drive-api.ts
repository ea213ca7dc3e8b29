import type { GoogleClient } from '../google/http.js';

export const FOLDER = 'application/vnd.google-apps.folder';

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents?: string[];
  /**
   * Drive's version number: it grows with every change to the file on the server, a star, a share
   * or a new description included, so it is no measure of the content.
   */
  version?: string;
  /** Set when the file itself is modified (not by a star or a share). */
  modifiedTime?: string;
  /** The stored bytes' MD5 (files with content in Drive; Google formats have none). */
  md5Checksum?: string;
  size?: string;
  webViewLink?: string;
  trashed?: boolean;
}

export interface DriveChange {
  changeType?: string;
  removed?: boolean;
  fileId?: string;
  file?: DriveFile;
  time?: string;
}

export const FILE_FIELDS = 'id,name,mimeType,parents,version,modifiedTime,md5Checksum,size,webViewLink,trashed';
const PAGE_SIZE = 100;
/** Files in shared drives are seen only by a caller that says it supports them. */
const ALL_DRIVES = { supportsAllDrives: true };
/** Lists and the changes feed include shared drives' items only when asked to as well. */
const ITEMS_FROM_ALL_DRIVES = { ...ALL_DRIVES, includeItemsFromAllDrives: true };

export function listFiles(drive: GoogleClient, base: string, pageToken: string | null) {
  return drive.json<{ nextPageToken?: string; files?: DriveFile[]; incompleteSearch?: boolean }>({
    url: `${base}/files`,
    query: {
      q: `trashed = false and mimeType != '${FOLDER}'`,
      // My Drive, what is shared with the user, and the shared drives the user is a member of.
      corpora: 'allDrives',
      ...ITEMS_FROM_ALL_DRIVES,
      spaces: 'drive',
      pageSize: PAGE_SIZE,
      pageToken,
      fields: `nextPageToken,incompleteSearch,files(${FILE_FIELDS})`,
    },
  });
}

export async function startPageToken(drive: GoogleClient, base: string): Promise<string> {
  const answer = await drive.json<{ startPageToken: string }>({ url: `${base}/changes/startPageToken` });
  return answer.startPageToken;
}

export function listChanges(drive: GoogleClient, base: string, pageToken: string) {
  return drive.json<{ nextPageToken?: string; newStartPageToken?: string; changes?: DriveChange[] }>({
    url: `${base}/changes`,
    query: {
      pageToken,
      pageSize: PAGE_SIZE,
      includeRemoved: true,
      ...ITEMS_FROM_ALL_DRIVES,
      spaces: 'drive',
      fields: `nextPageToken,newStartPageToken,changes(changeType,removed,fileId,time,file(${FILE_FIELDS}))`,
    },
  });
}

export function getFolder(drive: GoogleClient, base: string, id: string) {
  return drive.json<{ id: string; name: string; parents?: string[] }>({
    url: `${base}/files/${encodeURIComponent(id)}`,
    query: { fields: 'id,name,parents', ...ALL_DRIVES },
  });
}

export function exportFile(drive: GoogleClient, base: string, id: string, mimeType: string, maxBytes: number) {
  return drive.bytes({ url: `${base}/files/${encodeURIComponent(id)}/export`, query: { mimeType, ...ALL_DRIVES } }, maxBytes);
}

export function downloadFile(drive: GoogleClient, base: string, id: string, maxBytes: number) {
  return drive.bytes({ url: `${base}/files/${encodeURIComponent(id)}`, query: { alt: 'media', ...ALL_DRIVES } }, maxBytes);
}

export interface DriveChannel {
  id: string;
  resourceId: string;
  expiration?: string;
}

export function watchChanges(
  drive: GoogleClient,
  base: string,
  pageToken: string,
  channel: { id: string; address: string; token: string; expiration: number },
) {
  return drive.json<DriveChannel>({
    method: 'POST',
    url: `${base}/changes/watch`,
    query: { pageToken, ...ITEMS_FROM_ALL_DRIVES },
    json: { id: channel.id, type: 'web_hook', address: channel.address, token: channel.token, expiration: String(channel.expiration) },
  });
}

export function stopChannel(drive: GoogleClient, base: string, channel: { id: string; resourceId: string }) {
  return drive.json<void>({ method: 'POST', url: `${base}/channels/stop`, json: { id: channel.id, resourceId: channel.resourceId } });
}
