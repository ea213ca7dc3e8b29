/**
 * Body of the embedded database's thread (started by client.ts): opens the database (engine.ts)
 * and answers the main thread's calls. Statements run here and their rows are parsed here, so the
 * main thread serves requests meanwhile. A transaction is a session: begun, its statements tagged
 * with its number, ended by commit or rollback; PGlite's locks keep every other statement out
 * until it ends, as in one thread.
 */
import { parentPort } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { openEngine } from './engine.js';
import { type EmbeddedClient, type FromWorker, type ToWorker, toWire, type WireQueryOptions } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-thread/worker.ts runs only as a worker thread');

interface Session {
  tx: Transaction;
  /** Commits (or rolls back) and settles when the database has. */
  end(commit: boolean): Promise<void>;
}

let engine: EmbeddedClient | null = null;
const sessions = new Map<number, Session>();
const listeners = new Map<number, () => Promise<void>>();
let transactions = 0;
/** What a session's callback is rejected with to roll back: not an error to report. */
const ROLLBACK = Symbol('rollback');

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

port.on('message', (message: ToWorker) => {
  if (message.kind === 'open') void open(message);
  else void answer(message);
});

async function open({ options, template }: Extract<ToWorker, { kind: 'open' }>): Promise<void> {
  try {
    engine = await openEngine({ ...options, ...(template ? { template: new Blob([template]) } : {}) });
    send({ kind: 'opened' });
  } catch (error) {
    send({ kind: 'failed', error: toWire(error) });
    port!.close();
  }
}

async function answer(message: Exclude<ToWorker, { kind: 'open' }>): Promise<void> {
  try {
    const value = await handle(message);
    send({ id: message.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (error) {
    send({ id: message.id, ok: false, error: toWire(error) });
  }
}

async function handle(message: Exclude<ToWorker, { kind: 'open' }>): Promise<Extract<FromWorker, { ok: true }>['value']> {
  if (!engine) throw new Error('the embedded database is not open');
  switch (message.kind) {
    case 'query': {
      const target = message.tx === undefined ? engine : session(message.tx).tx;
      return target.query(message.text, message.params, queryOptions(message.options));
    }
    case 'begin':
      return begin(engine);
    case 'end':
      await session(message.tx).end(message.commit);
      return null;
    case 'listen':
      listeners.set(message.listener, await engine.listen(message.channel, (payload) => send({ kind: 'notify', listener: message.listener, payload })));
      return null;
    case 'unlisten':
      await listeners.get(message.listener)?.();
      listeners.delete(message.listener);
      return null;
    case 'backup':
      return (await engine.backup()).arrayBuffer();
    case 'dump':
      return (await engine.dump()).arrayBuffer();
    case 'close':
      await engine.close();
      return null;
  }
}

function session(tx: number): Session {
  const found = sessions.get(tx);
  if (!found) throw new Error(`transaction ${tx} is not open`);
  return found;
}

/** Opens a transaction that stays open, its lock held, until the main thread ends it. */
function begin(engine: EmbeddedClient): Promise<number> {
  const id = ++transactions;
  return new Promise<number>((begun, failed) => {
    let finish: (commit: boolean) => void = () => undefined;
    const done = engine.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          finish = (yes) => (yes ? commit() : rollback(ROLLBACK));
          sessions.set(id, { tx, end });
          begun(id);
        }),
    );
    const end = async (commit: boolean) => {
      finish(commit);
      try {
        await done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      } finally {
        sessions.delete(id);
      }
    };
    // BEGIN itself failed: the callback never ran.
    done.catch((error: unknown) => {
      if (!sessions.has(id)) failed(error);
    });
  });
}

const raw = (value: string) => value;

/** PGlite's options from the wire's: the types the caller parses itself come back as text. */
function queryOptions(options: WireQueryOptions): QueryOptions {
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}),
    ...(options.rawTypes?.length ? { parsers: Object.fromEntries(options.rawTypes.map((type) => [type, raw])) } : {}),
  };
}
