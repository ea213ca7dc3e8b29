import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { withPreparedStatements } from '../pglite-prepared.js';
import type { EmbeddedClient, EngineOptions } from './protocol.js';

/**
 * The embedded database itself: PGlite with pgvector, its statements prepared (pglite-prepared.ts).
 * It runs in the thread that opened it: the database's own thread (worker.ts), or the main thread
 * when `EMBEDDED_DATABASE_THREAD=main`.
 */
export async function openEngine(options: EngineOptions): Promise<EmbeddedClient> {
  const inMemory = options.dataDir.startsWith('memory://');
  const startParams = options.sharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`] } : {};
  const client = await PGlite.create({
    ...(inMemory && options.template ? { loadDataDir: options.template } : { dataDir: options.dataDir }),
    extensions: { vector },
    ...startParams,
  });
  try {
    await client.exec('CREATE EXTENSION IF NOT EXISTS vector');
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const prepared = withPreparedStatements(client);
  return {
    query: prepared.query,
    transaction: prepared.transaction,
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    backup: () => consistentDump(client),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
    get closed() {
      return client.closed;
    },
  };
}

/**
 * A copy of the embedded database's files between two transactions: the checkpoint writes what is
 * committed into the data files, and the copy waits for an open transaction to end. Restored, it is
 * the database as of that moment (PostgreSQL replays what the write-ahead log holds past the
 * checkpoint). It holds the database for as long as the copy takes, and the copy is in memory.
 */
async function consistentDump(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}
