import type { SourceItem } from '../types.js';
import type { DriveItem } from './graph.js';

/**
 * A file as a document: the bytes go to the engine with the file's media type and name, and the
 * conversion layer reads them (DOCX, XLSX, PPTX, PDF…). The version is the cTag, which changes
 * with the content only (a rename or move keeps it), or the eTag where Graph gives no cTag.
 */
export function fileItem(item: DriveItem, path: string, bytes: Uint8Array): SourceItem {
  const name = item.name ?? item.id;
  return {
    externalId: item.id,
    version: item.cTag ?? item.eTag ?? item.lastModifiedDateTime ?? '',
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
