import { integerField } from '../config-fields.js';
import { ConnectorConfigError } from '../types.js';

export interface CloudDriveConfig {
  /** Files (and exports) larger than this are left out. */
  maxFileBytes: number;
}

export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export function parseCloudDriveConfig(metadata: Record<string, unknown>): CloudDriveConfig {
  // The SDK's `syncScope: 'full'`: the whole drive the account can read, which is all this kind does.
  const scope = metadata.syncScope;
  if (scope !== undefined && scope !== null && scope !== 'full') throw new ConnectorConfigError('metadata.syncScope', "must be 'full'");
  return { maxFileBytes: integerField(metadata, 'maxFileBytes', { min: 1, max: MAX_FILE_BYTES, fallback: 20 * 1024 * 1024 }) };
}
