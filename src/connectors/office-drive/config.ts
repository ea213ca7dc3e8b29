import { booleanField, integerField, stringListField } from '../config-fields.js';
import { ConnectorConfigError } from '../types.js';

export interface OfficeDriveConfig {
  /** File name extensions (lowercase, without the dot) that are imported. */
  extensions: string[];
  /** Files larger than this are left out. */
  maxFileBytes: number;
  /**
   * Change notifications (a Graph subscription to the drive). Graph lets only a token that may
   * write files subscribe, so push on asks for write permission; off asks to read the user's files
   * only, and the drive is synced on schedule.
   */
  push: boolean;
}

/** What the conversion layer reads: office documents, PDF, text, web pages, e-books. */
export const DEFAULT_EXTENSIONS = ['docx', 'xlsx', 'pptx', 'pdf', 'odt', 'ods', 'odp', 'epub', 'txt', 'md', 'markdown', 'csv', 'html', 'htm', 'json'];
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export function parseOfficeDriveConfig(metadata: Record<string, unknown>): OfficeDriveConfig {
  const extensions = stringListField(metadata, 'extensions', { pattern: /^\.?[A-Za-z0-9_+-]{1,16}$/, describe: 'file name extensions', maxItems: 100 });
  if (extensions?.length === 0) throw new ConnectorConfigError('metadata.extensions', 'must name at least one extension');
  return {
    extensions: extensions ? [...new Set(extensions.map((e) => e.replace(/^\./, '').toLowerCase()))] : DEFAULT_EXTENSIONS,
    maxFileBytes: integerField(metadata, 'maxFileBytes', { min: 1, max: MAX_FILE_BYTES, fallback: 50 * 1024 * 1024 }),
    push: booleanField(metadata, 'push', true),
  };
}

export function isSelectedFile(name: string, size: number | undefined, config: OfficeDriveConfig): boolean {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return config.extensions.includes(extension) && (size === undefined || size <= config.maxFileBytes);
}
