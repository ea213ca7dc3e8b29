import type { SourceItem } from '../types.js';
import type { DriveItem } from './graph.js';

/**
 * What changes with a file's content only, so a rename or a move re-ingests nothing. A personal
 * OneDrive's delta gives the cTag; OneDrive for Business (`driveType` `business`, or a
 * `documentLibrary`) leaves it out of delta, so there the content hash is read first, and the cTag
 * only where no hash is given. The eTag, which changes with the name and place too, only where
 * Graph gives neither.
 */
export function contentVersion(item: DriveItem): string {
  const hashes = item.file?.hashes;
  const hash = hashes?.quickXorHash
    ? `quickXorHash:${hashes.quickXorHash}`
    : hashes?.sha256Hash
      ? `sha256:${hashes.sha256Hash}`
      : hashes?.sha1Hash
        ? `sha1:${hashes.sha1Hash}`
        : undefined;
  const personal = item.parentReference?.driveType === 'personal';
  return (personal ? (item.cTag ?? hash) : (hash ?? item.cTag)) ?? item.eTag ?? item.lastModifiedDateTime ?? '';
}

/**
 * A file as a document: the bytes go to the engine with the file's media type and name, and the
 * conversion layer reads them (DOCX, XLSX, PPTX, PDF…). The version is `contentVersion`.
 */
export function fileItem(item: DriveItem, path: string, bytes: Uint8Array): SourceItem {
  const name = item.name ?? item.id;
  return {
    externalId: item.id,
    version: contentVersion(item),
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
