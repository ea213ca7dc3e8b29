import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { currentTicket, type Priority } from '../turns.js';
import { type EmbeddedClient, type EngineOptions, type FromWorker, fromWire, type ToWorker, type TurnUsage, type WireQueryOptions } from './protocol.js';

/**
 * The embedded database in a thread of its own (worker.ts), and the main thread's client for it.
 * PGlite runs every statement synchronously in WebAssembly and parses the rows in JavaScript; in
 * the main thread that time is taken from every request. Here the main thread posts a statement
 * and serves others until the rows come back, already parsed. To drizzle the client is a PGlite
 * (`query`, `transaction`); a query's own parsers (drizzle leaves dates as text) are applied here,
 * the worker returning those types' text. Errors come back with PostgreSQL's fields (`code`,
 * `detail`, `constraint`…), so `store/errors.ts` reads them as before. Each statement and each
 * transaction goes with the ticket of the work that asks (turns.ts): the thread takes the turns.
 */

/**
 * How the thread starts: the compiled worker.js next to this file or, when this runs as
 * TypeScript source (dev, tests, benchmarks under tsx or vitest), a bootstrap that loads worker.ts
 * through tsx's require hook: a new thread has no loader of its own.
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { script: new URL('./worker.js', import.meta.url), eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return { script: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(worker)}, __filename);`, eval: true };
}

/** Starts the thread and opens the database in it; rejects with the database's error if it does not open. */
export async function openInWorker(options: EngineOptions): Promise<EmbeddedClient> {
  const entry = workerEntry();
  const worker = new Worker(entry.script, { eval: entry.eval });
  const { template, ...rest } = options;
  const buffer = template ? await template.arrayBuffer() : undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const onMessage = (message: FromWorker) => {
      if (!('kind' in message) || (message.kind !== 'opened' && message.kind !== 'failed')) return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      worker.off('error', onError);
      if (message.kind === 'opened') resolve();
      else reject(fromWire(message.error));
    };
    const onExit = (code: number) => reject(new Error(`the embedded database's thread ended before the database opened (exit code ${code})`));
    const onError = (error: Error) => reject(error);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.on('error', onError);
  });
  const open: ToWorker = { kind: 'open', options: rest, ...(buffer ? { template: buffer } : {}) };
  worker.postMessage(open, buffer ? [buffer] : []);
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return new WorkerClient(worker);
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** A call that waits for a turn in the thread (a statement outside a transaction, a begin), as whose. */
  turn?: Priority;
}

type WithoutId<M> = M extends { id: number } ? Omit<M, 'id'> : never;
/** A call to the thread; its id is added when it is sent. */
type Call = WithoutId<ToWorker>;

class WorkerClient implements EmbeddedClient {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private calls = 0;
  private listened = 0;
  /** Set when the thread failed or ended: every call after it is refused with it. */
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  /** Transactions begun and not yet ended: each holds the thread's turn. */
  private readonly open = new Set<number>();
  private transactions = 0;

  constructor(private readonly worker: Worker) {
    // The thread keeps the process alive only while a call waits for it, as PGlite in the main thread would.
    worker.unref();
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => this.fail(new Error(`the embedded database's thread failed: ${error.message}`, { cause: error })));
    worker.on('messageerror', (error) => this.fail(new Error(`a message from the embedded database's thread could not be read: ${error.message}`)));
    worker.on('exit', (code) => this.fail(new Error(`the embedded database's thread ended (exit code ${code})`)));
  }

  get closed(): boolean {
    return this.closing !== null || this.failure !== null;
  }

  query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> => {
    if (options?.serializers || options?.blob) throw new Error('the embedded database thread takes no serializers or blobs');
    const parsers = options?.parsers;
    const wire: WireQueryOptions = {
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}),
      ...(parsers ? { rawTypes: Object.keys(parsers).map(Number) } : {}),
    };
    const call: Call =
      tx === undefined ? { kind: 'query', text, params, options: wire, turn: currentTicket() } : { kind: 'query', text, params, options: wire, tx };
    const result = (await this.call(call)) as Results<T>;
    if (parsers) applyParsers(result as Results, parsers, options?.rowMode ?? 'object');
    return result;
  };

  /**
   * A transaction in the thread: begun in its turn there, then the callback runs. The callback
   * starts only once the transaction holds the connection, as on PostgreSQL: what it reads of this
   * thread's state is read then (a claim reads the jobs its worker runs when it judges leases).
   */
  transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const id = ++this.transactions;
    await this.call({ kind: 'begin', tx: id, turn: currentTicket() });
    this.open.add(id);
    let closed = false;
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.query<R>(text, params, options, id);
      },
      get closed() {
        return closed;
      },
    };
    const end = (commit: boolean) => this.call({ kind: 'end', tx: id, commit }).finally(() => this.open.delete(id));
    let result: T;
    try {
      result = await callback(tx as unknown as Transaction);
    } catch (error) {
      closed = true;
      await end(false).catch(() => undefined);
      throw error;
    }
    closed = true;
    await end(true);
    return result;
  };

  /**
   * Seen from here: the thread busy while a call for a turn is unanswered or a transaction open,
   * and the calls waiting (those unanswered less the one running, counted a request's when any waits).
   */
  usage(): TurnUsage {
    let foreground = 0;
    let background = 0;
    for (const { turn } of this.pending.values()) {
      if (turn === 'foreground') foreground++;
      else if (turn === 'background') background++;
    }
    const busy = this.open.size > 0 || foreground + background > 0;
    if (!this.open.size && foreground) foreground--;
    else if (!this.open.size && background) background--;
    return { busy, foreground, background };
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = ++this.listened;
    this.listeners.set(listener, onNotify);
    try {
      await this.call({ kind: 'listen', channel, listener });
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.listeners.delete(listener);
      if (!this.closed) await this.call({ kind: 'unlisten', listener });
    };
  }

  async backup(): Promise<Blob> {
    return new Blob([(await this.call({ kind: 'backup' })) as ArrayBuffer]);
  }

  async dump(): Promise<Blob> {
    return new Blob([(await this.call({ kind: 'dump' })) as ArrayBuffer]);
  }

  close(): Promise<void> {
    this.closing ??= this.shut();
    return this.closing;
  }

  private async shut(): Promise<void> {
    if (this.failure) return;
    try {
      await this.call({ kind: 'close' }, { evenClosing: true });
    } finally {
      // The database is closed (or the thread failed): what remains of the thread has nothing to keep.
      await this.worker.terminate();
    }
  }

  private call(message: Call, { evenClosing = false } = {}): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing && !evenClosing) return Promise.reject(new Error('the embedded database is closed'));
    const id = ++this.calls;
    return new Promise((resolve, reject) => {
      if (!this.pending.size) this.worker.ref();
      const turn = (message.kind === 'query' && message.tx === undefined) || message.kind === 'begin' ? (message.turn?.priority ?? 'foreground') : undefined;
      this.pending.set(id, { resolve, reject, ...(turn ? { turn } : {}) });
      try {
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        // Not sent (a value the structured clone refuses, such as a function): nothing will answer it.
        this.settled(id);
        reject(error);
      }
    });
  }

  /** Calls sent to the thread and not yet answered. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Forgets a call, answered or never sent; with none left waiting, the thread no longer keeps the process alive. */
  private settled(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (pending && !this.pending.size) this.worker.unref();
    return pending;
  }

  private receive(message: FromWorker): void {
    if ('id' in message) {
      const pending = this.settled(message.id);
      if (!pending) return;
      if (message.ok) pending.resolve(message.value);
      else pending.reject(fromWire(message.error));
    } else if (message.kind === 'notify') {
      this.listeners.get(message.listener)?.(message.payload);
    }
  }

  private fail(error: Error): void {
    // Not closing: the database is gone for this process; readiness reports it not answering.
    if (!this.failure && !this.closing) process.emitWarning(error.message);
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }
}

/** Applies a query's own parsers to the values of their types, as PGlite does to what it parses. */
function applyParsers(result: Results, parsers: NonNullable<QueryOptions['parsers']>, rowMode: 'array' | 'object'): void {
  const columns: { at: number | string; parse: (value: string, type: number) => unknown; type: number }[] = [];
  const names = new Set<string>();
  for (const [i, field] of result.fields.entries()) {
    const parse = parsers[field.dataTypeID];
    if (!parse) continue;
    if (rowMode === 'array') columns.push({ at: i, parse, type: field.dataTypeID });
    // An object row keeps the last of two columns of one name, parsed once.
    else if (!names.has(field.name)) {
      names.add(field.name);
      const lastType = result.fields.filter((f) => f.name === field.name).at(-1)!.dataTypeID;
      const lastParse = parsers[lastType];
      if (lastParse) columns.push({ at: field.name, parse: lastParse, type: lastType });
    }
  }
  if (!columns.length) return;
  for (const row of result.rows as Record<number | string, unknown>[]) {
    for (const { at, parse, type } of columns) {
      const value = row[at];
      if (value !== null && value !== undefined) row[at] = parse(value as string, type);
    }
  }
}
