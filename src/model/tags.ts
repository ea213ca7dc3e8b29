import type { ProfileBucket } from './profiles.js';

/** Where writes without a container tag go. */
export const DEFAULT_CONTAINER_TAG = 'sm_project_default';
export const CONTAINER_TAG_PATTERN = /^[a-zA-Z0-9_:-]+$/;
export const CONTAINER_TAG_MAX = 100;

/** A container tag's own settings (a "space"); a tag comes into being on first write. */
export interface SpaceRecord {
  id: string;
  orgId: string;
  containerTag: string;
  name: string | null;
  entityContext: string | null;
  memoryFilesystemPaths: string[] | null;
  /** The tag's own profile buckets, added to the organization's. */
  profileBuckets: ProfileBucket[] | null;
  createdAt: Date;
  updatedAt: Date;
}

export type MergeStatus = 'queued' | 'waiting_for_ingest' | 'db_committing' | 'completed' | 'failed';

export interface MergeProgress {
  phase?: MergeStatus;
  currentSourceTag?: string;
  copiedRows?: number;
  completedSourceTags?: string[];
  inFlightItems?: number;
  attempt?: number;
  waitingSince?: string;
  moved?: { documents: number; chunks: number; memories: number; renamedCustomIds: number; duplicateMemories: number };
}

/** A merge of container tags into a target. */
export interface MergeRecord {
  id: string;
  orgId: string;
  /** In the order the caller gave them: on a customId clash the earlier source keeps the id. */
  sourceTags: string[];
  targetTag: string;
  status: MergeStatus;
  progress: MergeProgress | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}
