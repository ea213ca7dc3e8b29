import type { SyncTrigger } from './connections.js';

/** What a job of each kind carries in `payload`: an ingest job has its document instead. */
export interface JobPayloads {
  ingest: null;
  merge: { mergeId: string };
  sync: { connectionId: string; trigger: SyncTrigger };
}

export type JobKind = keyof JobPayloads;

/** A job of one kind, with that kind's payload: what the worker hands the kind's handler. */
export type JobOf<K extends JobKind> = Omit<JobRecord, 'kind' | 'payload'> & { kind: K; payload: JobPayloads[K] };

/** A durable unit of background work (`ingest` a document, `merge` tags, …), as stored. */
export interface JobRecord {
  id: string;
  orgId: string;
  /** Set for per-document jobs (ingest); other kinds carry what they need in `payload`. */
  documentId: string | null;
  kind: string;
  payload: Record<string, unknown> | null;
  generation: number;
  status: string;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}
