import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import type { Clock } from '../shared/clock.js';

/** What the memory services share. */
export interface MemoryContext {
  db: Db;
  clock: Clock;
  embedder: Embedder;
  /** After memories of a tag changed: its profile is rebuilt and cached search counts are dropped. */
  onChanged(orgId: string, containerTag: string): Promise<void>;
}
