import type { PGlite, Results } from '@electric-sql/pglite';
import type { Ticket } from '../turns.js';

/**
 * The messages between the server's main thread and the thread that runs the embedded database
 * (client.ts and worker.ts). Everything in them survives the structured clone: rows, dates, byte
 * arrays, bigints; never functions, so a query's own parsers stay in the main thread (client.ts).
 */

/** How the database is opened (engine.ts). */
export interface EngineOptions {
  /** A directory, or `memory://`. */
  dataDir: string;
  /** A dump of a migrated database to start an in-memory one from. */
  template?: Blob;
  /** The page cache (PGlite's default is 128 MB). */
  sharedBuffersMb?: number;
}

/** A query's options as they cross: PGlite's less its functions, and the types those functions read. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
  /** Types whose values come back as the database's text, for the caller's own parsers. */
  rawTypes?: number[];
}

export type ToWorker =
  | { kind: 'open'; options: Omit<EngineOptions, 'template'>; template?: ArrayBuffer }
  /** A statement of a transaction (`tx`) runs in its turn; any other waits for one, asked as `turn` (turns.ts). */
  | { id: number; kind: 'query'; text: string; params: unknown[]; options: WireQueryOptions; tx?: number; turn?: Ticket }
  /** A transaction (numbered `tx` by the caller) holds its turn from begin to end; answered once it has begun. */
  | { id: number; kind: 'begin'; tx: number; turn?: Ticket }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'listen'; channel: string; listener: number }
  | { id: number; kind: 'unlisten'; listener: number }
  | { id: number; kind: 'backup' }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

export type FromWorker =
  | { kind: 'opened' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'notify'; listener: number; payload: string }
  | { id: number; ok: true; value: Results | number | ArrayBuffer | null }
  | { id: number; ok: false; error: WireError };

/** An error as it crosses: its message, name and own fields (PostgreSQL's `code`, `detail`, `constraint`…). */
export interface WireError {
  /** The class it was made by (PGlite's statement errors are DatabaseErrors named `error`). */
  type: string;
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

/** Fields PGlite adds to a failed statement's error that hold functions or the statement's values. */
const DROPPED_FIELDS = new Set(['queryOptions', 'params']);

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { type: 'Error', name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (DROPPED_FIELDS.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { type: error.constructor?.name ?? 'Error', name: error.name, message: error.message, stack: error.stack, fields };
}

/** A database error raised in the database's thread, with PostgreSQL's fields (`code`, `detail`, `constraint`…). */
export class DatabaseError extends Error {
  code?: string;
}

/**
 * The error for the caller, raised where it waited: the stack is the caller's, the database
 * thread's frames follow as `threadStack`.
 */
export function fromWire(wire: WireError): Error {
  const error = wire.type === 'DatabaseError' ? new DatabaseError(wire.message) : new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  if (wire.stack) Object.defineProperty(error, 'threadStack', { value: wire.stack, enumerable: false });
  return error;
}

/**
 * The embedded database as the store uses it, wherever it runs: to drizzle a PGlite (`query` and
 * `transaction` are all it calls), plus notifications, dumps and closing.
 */
export interface EmbeddedClient {
  query: PGlite['query'];
  transaction: PGlite['transaction'];
  /** Calls `onNotify` with the payload of every notification on `channel`; answers a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** A consistent copy of the database's files, gzipped (engine.ts). */
  backup(): Promise<Blob>;
  /** The database's files, uncompressed: a template for `EngineOptions.template`. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
  /**
   * Where the client takes turns itself (the database's thread, `turns.ts` there): whether it is
   * busy and the statements waiting, by who asks. Absent, the caller takes the turns.
   */
  usage?(): TurnUsage;
}

/** The one connection in use, and the turns waiting for it by who asks. */
export interface TurnUsage {
  busy: boolean;
  foreground: number;
  background: number;
}
