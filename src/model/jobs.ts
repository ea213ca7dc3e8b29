import type { ConnectorKind, SyncTrigger } from './connections.js';

/** What a job of each kind carries in `payload`: an ingest job has its document instead. */
export interface JobPayloads {
  ingest: null;
  merge: { mergeId: string };
  sync: { connectionId: string; trigger: SyncTrigger };
  /** What a deleted connection held that its cleanup at the provider needs (the row is gone). */
  cleanup: {
    connectionId: string;
    kind: ConnectorKind;
    /** The account it was authorized for: another connection of that account and OAuth client shares its grant. */
    accountId: string | null;
    usesCustomKey: boolean;
    /** Sealed for the connection as its row held them; replaced when a refresh rotates them. */
    tokens: string | null;
    config: Record<string, unknown>;
    /** The push subscription's state, null when it had none. */
    subscription: unknown;
  };
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
