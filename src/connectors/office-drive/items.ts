import type { SourceItem } from '../types.js';
import type { DriveItem } from './graph.js';

/**
 * The version of a file's content, from the driveItem alone (so it is compared before a download):
 * the cTag, which changes with the content only (a rename or move keeps it); where Graph gives no
 * cTag (delta on business drives), a hash of the content (`file.hashes`), else the eTag (which a
 * rename changes too).
 */
export function itemVersion(item: DriveItem): string {
  if (item.cTag) return item.cTag;
  const hashes = item.file?.hashes;
  const hash = hashes?.quickXorHash ?? hashes?.sha256Hash ?? hashes?.sha1Hash ?? hashes?.crc32Hash;
  if (hash) return `hash:${hash}`;
  return item.eTag ?? item.lastModifiedDateTime ?? '';
}

/**
 * A file as a document: the bytes go to the engine with the file's media type and name, and the
 * conversion layer reads them (DOCX, XLSX, PPTX, PDF…). Its version is `itemVersion`.
 */
export function fileItem(item: DriveItem, path: string, bytes: Uint8Array): SourceItem {
  const name = item.name ?? item.id;
  return {
    externalId: item.id,
    version: itemVersion(item),
    title: name,
    url: item.webUrl ?? null,
    filepath: path,
    type: 'onedrive',
    body: { bytes, mediaType: item.file?.mimeType ?? null, filename: name },
    metadata: {
      driveId: item.parentReference?.driveId ?? '',
      path,
      mimeType: item.file?.mimeType ?? '',
      size: item.size ?? bytes.byteLength,
    },
    updatedAt: item.lastModifiedDateTime ? new Date(item.lastModifiedDateTime) : null,
  };
}
