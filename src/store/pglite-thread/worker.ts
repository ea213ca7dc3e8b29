/**
 * Body of the embedded database's thread (started by client.ts): opens the database (engine.ts)
 * and answers the main thread's calls. Statements run here and their rows are parsed here, so the
 * main thread serves requests meanwhile. A transaction is a session: begun, its statements tagged
 * with its number, ended by commit or rollback; PGlite's locks keep every other statement out
 * until it ends, as in one thread.
 *
 * The turns (turns.ts: requests before background work, the organization served longest ago
 * first) are taken here, with the ticket each call brings: the next statement starts as soon as
 * the last one has run, while the main thread is still reading its rows or busy with other work.
 * A transaction holds its turn from begin to end.
 */
import { parentPort } from 'node:worker_threads';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { MAX_BACKGROUND_WAIT_MS, Turns } from '../turns.js';
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
/** Transactions by the caller's number, from their begin (while they wait for their turn) to their end. */
const sessions = new Map<number, Promise<Session>>();
const listeners = new Map<number, () => Promise<void>>();
/** The next turn is chosen once the calls that arrived during the last one are read (messages come between turns). */
const turns = new Turns(MAX_BACKGROUND_WAIT_MS, undefined, (handOver) => setImmediate(handOver));
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
      const { text, params, options } = message;
      if (message.tx !== undefined) return (await session(message.tx)).tx.query(text, params, queryOptions(options));
      const open = engine;
      return turns.take(() => open.query(text, params, queryOptions(options)), message.turn);
    }
    case 'begin':
      await beginInTurn(engine, message.tx, message.turn);
      return null;
    case 'end': {
      const ending = session(message.tx);
      sessions.delete(message.tx);
      // A transaction that never began has nothing to roll back; its commit fails with the reason.
      const found = await ending.catch((error: unknown) => {
        if (message.commit) throw error;
        return null;
      });
      await found?.end(message.commit);
      return null;
    }
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

function session(tx: number): Promise<Session> {
  const found = sessions.get(tx);
  if (!found) throw new Error(`transaction ${tx} is not open`);
  return found;
}

/** Opens transaction `tx` when its turn comes; the turn is held until the transaction ends. */
function beginInTurn(engine: EmbeddedClient, tx: number, turn: Extract<ToWorker, { kind: 'begin' }>['turn']): Promise<Session> {
  const begun = new Promise<Session>((opened, failed) => {
    turns
      .take(async () => {
        const { session, ended } = await begin(engine);
        opened(session);
        await ended;
      }, turn)
      .catch(failed);
  });
  // Read by its statements and its end; a begin that fails fails them.
  begun.catch(() => undefined);
  sessions.set(tx, begun);
  return begun;
}

/** Opens a transaction that stays open, its lock held, until the main thread ends it; `ended` settles when it has. */
function begin(engine: EmbeddedClient): Promise<{ session: Session; ended: Promise<void> }> {
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  return new Promise((begun, failed) => {
    let finish: (commit: boolean) => void = () => undefined;
    let opened = false;
    const done = engine.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          finish = (yes) => (yes ? commit() : rollback(ROLLBACK));
          opened = true;
          begun({ session: { tx, end }, ended });
        }),
    );
    done.then(markEnded, markEnded);
    const end = async (commit: boolean) => {
      finish(commit);
      try {
        await done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
    };
    // BEGIN itself failed: the callback never ran.
    done.catch((error: unknown) => {
      if (!opened) failed(error);
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
