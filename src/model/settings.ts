import type { ProfileBucket } from './profiles.js';

/** Which items a connector imports or skips. */
export interface ItemRules {
  fileTypes?: string[];
  folderNames?: string[];
  titlePatterns?: string[];
  /** Each matched against the file type, any folder and the title: one of them matching is enough (what a plain list sets). */
  patterns?: string[];
}

/** Connector kinds an organization may bring its own OAuth application for. */
export type ConnectorKeyKind = 'cloudDrive' | 'notesWorkspace' | 'officeDrive' | 'codeHost';

export interface ConnectorKeySettings {
  customKeyEnabled?: boolean | null;
  clientId?: string | null;
}

/** Organization settings apart from client secrets; absent fields mean the default. */
export interface StoredOrgSettings {
  excludeItems?: ItemRules | null;
  includeItems?: ItemRules | null;
  filterPrompt?: string | null;
  shouldLLMFilter?: boolean | null;
  categories?: string[] | null;
  chunkSize?: number | null;
  profileBuckets?: ProfileBucket[] | null;
  workspacePrompt?: string | null;
  connectors?: Partial<Record<ConnectorKeyKind, ConnectorKeySettings>>;
}

/** Connector client secrets, each sealed (never in clear). */
export type SealedSecrets = Partial<Record<ConnectorKeyKind, string>>;
