import { createHash } from 'node:crypto';
import { GoogleApiError, TooLargeError, type GoogleClient } from '../google/http.js';
import type { SourceBody, SourceDocumentType, SourceItem } from '../types.js';
import { downloadFile, exportFile, getFolder, type DriveFile } from './drive-api.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Google's own formats have no bytes of their own: each is exported to a format the conversion reads. */
const EXPORTS: Record<string, { mimeType: string; extension: string | null; type: SourceDocumentType }> = {
  'application/vnd.google-apps.document': { mimeType: 'text/markdown', extension: null, type: 'google_doc' },
  'application/vnd.google-apps.spreadsheet': { mimeType: XLSX, extension: 'xlsx', type: 'google_sheet' },
  'application/vnd.google-apps.presentation': { mimeType: PPTX, extension: 'pptx', type: 'google_slide' },
};

/** Stored files the conversion layer reads, and the document type each becomes. */
function downloadedType(mimeType: string): SourceDocumentType | null {
  if (mimeType === 'application/pdf') return 'pdf';
  if (/^image\/(png|jpeg|gif|webp|tiff)$/.test(mimeType)) return 'image';
  // The SDK's types name no text format: CSV, HTML, markdown and JSON are `text`, their format goes in processingMetadata.
  if (mimeType.startsWith('text/') || mimeType === 'application/json') return 'text';
  if (/^application\/vnd\.(openxmlformats-officedocument\.|oasis\.opendocument\.(text|spreadsheet|presentation)$)/.test(mimeType)) return 'text';
  if (mimeType === 'application/epub+zip') return 'text';
  return null;
}

/** Whether a file is imported at all: Google formats that export, and files the conversion reads. */
export function isImportable(file: DriveFile, maxFileBytes: number): boolean {
  if (Object.hasOwn(EXPORTS, file.mimeType)) return true;
  if (downloadedType(file.mimeType) === null) return false;
  return file.size === undefined || Number(file.size) <= maxFileBytes;
}

/** The file's content as the engine ingests it, or null when it cannot be had (too large to export, gone meanwhile). */
async function bodyOf(drive: GoogleClient, base: string, file: DriveFile, maxFileBytes: number): Promise<SourceBody | null> {
  try {
    const target = EXPORTS[file.mimeType];
    if (target?.extension === null) return await exportText(drive, base, file, maxFileBytes);
    if (target) {
      const { bytes } = await exportFile(drive, base, file.id, target.mimeType, maxFileBytes);
      return { bytes, mediaType: target.mimeType, filename: `${file.name}.${target.extension}` };
    }
    const { bytes } = await downloadFile(drive, base, file.id, maxFileBytes);
    return { bytes, mediaType: file.mimeType, filename: file.name };
  } catch (err) {
    // Exports over Google's 10 MB limit, files removed or made unreadable since they were listed.
    if (err instanceof TooLargeError) return null;
    if (err instanceof GoogleApiError && (err.status === 404 || err.status === 403 || err.status === 400)) return null;
    throw err;
  }
}

/** A Doc as markdown; where Drive does not offer that export (400), as HTML for the conversion layer. */
async function exportText(drive: GoogleClient, base: string, file: DriveFile, maxFileBytes: number): Promise<SourceBody> {
  const asText = async (mediaType: string): Promise<SourceBody> => {
    const { bytes } = await exportFile(drive, base, file.id, mediaType, maxFileBytes);
    return { text: Buffer.from(bytes).toString('utf8'), mediaType };
  };
  try {
    return await asText('text/markdown');
  } catch (err) {
    if (err instanceof GoogleApiError && err.status === 400) return asText('text/html');
    throw err;
  }
}

/** Folder names from the top of the drive down, one lookup per folder per run. */
export class FolderPaths {
  private readonly folders = new Map<string, Promise<{ name: string; parent: string | null } | null>>();

  constructor(
    private readonly drive: GoogleClient,
    private readonly base: string,
  ) {}

  async pathOf(file: DriveFile): Promise<string> {
    const names = [file.name];
    let parent = file.parents?.[0] ?? null;
    // Depth is bounded so a cycle in odd data cannot keep the run going.
    for (let depth = 0; parent !== null && depth < 32; depth++) {
      const folder = await this.folder(parent);
      if (!folder) break;
      names.unshift(folder.name);
      parent = folder.parent;
    }
    return names.map((n) => n.replaceAll('/', '∕')).join('/');
  }

  private folder(id: string) {
    let known = this.folders.get(id);
    if (!known) {
      known = getFolder(this.drive, this.base, id).then(
        (f) => ({ name: f.name, parent: f.parents?.[0] ?? null }),
        (err: unknown) => {
          // A parent the account cannot read (a file shared from someone else's folder) ends the path.
          if (err instanceof GoogleApiError && (err.status === 404 || err.status === 403)) return null;
          throw err;
        },
      );
      this.folders.set(id, known);
    }
    return known;
  }
}

/**
 * The version of what is imported of a file, from its metadata alone (so it is compared before a
 * download): the content (a stored file's MD5, else, for Google formats, `modifiedTime`), its
 * name and its folder. A change of metadata alone (a star, a share), which grows Drive's own
 * `version`, leaves it as it is; an edit, a rename or a move changes it.
 */
export function fileVersion(file: DriveFile): string {
  const content = file.md5Checksum ? `md5:${file.md5Checksum}` : `modified:${file.modifiedTime ?? file.version ?? ''}`;
  return createHash('sha256')
    .update(JSON.stringify([content, file.name, file.parents?.[0] ?? null]))
    .digest('base64url');
}

export async function driveItem(drive: GoogleClient, base: string, file: DriveFile, paths: FolderPaths, maxFileBytes: number): Promise<SourceItem | null> {
  const body = await bodyOf(drive, base, file, maxFileBytes);
  if (!body) return null;
  const type = EXPORTS[file.mimeType]?.type ?? downloadedType(file.mimeType) ?? 'text';
  return {
    externalId: file.id,
    version: fileVersion(file),
    title: file.name,
    url: file.webViewLink ?? null,
    filepath: await paths.pathOf(file),
    type,
    body,
    metadata: { mimeType: file.mimeType, ...(file.modifiedTime && { modifiedTime: file.modifiedTime }) },
    updatedAt: file.modifiedTime ? new Date(file.modifiedTime) : null,
  };
}
