/** A durable unit of background work (`ingest` a document, `merge` tags, …). */
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
