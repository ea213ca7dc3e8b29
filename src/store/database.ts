import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { openInWorker } from './pglite-thread/client.js';
import { openEngine } from './pglite-thread/engine.js';
import type { EmbeddedClient, EngineOptions } from './pglite-thread/protocol.js';
import { MAX_BACKGROUND_WAIT_MS, Turns } from './turns.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Driver = 'pglite' | 'postgres';

/** How the database's connections are used at a moment (metrics). */
export type ConnectionUsage =
  /** PostgreSQL's pool: connections open, idle, and callers waiting for one. */
  | { driver: 'postgres'; total: number; idle: number; waiting: number }
  /** The embedded database's one connection: taken or not, and the turns waiting for it (store/turns.ts). */
  | { driver: 'pglite'; busy: boolean; waitingRequests: number; waitingJobs: number };

export interface Database {
  db: Db;
  driver: Driver;
  connections(): ConnectionUsage;
  close(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every notification on `channel` (`NOTIFY`, delivered when
   * the transaction that sent it commits, to every process listening); answers a function that
   * stops listening. On PostgreSQL it holds a connection of its own, outside the pool, reconnected
   * after a loss (notifications sent meanwhile are missed: a listener polls too); each time it has
   * connected it calls `onNotify()` without a payload, for whatever it may have missed.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /**
   * The embedded database: a consistent copy of its files (a gzipped tar), taken while it serves.
   * Absent on PostgreSQL, whose own tools (`pg_dump`) do it.
   */
  backup?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Directory of the embedded database; `memory://` keeps it in memory. */
  dataDir: string;
  poolSize?: number;
  /**
   * PostgreSQL: a session whose transaction stays idle this long is ended by the server, its
   * transaction rolled back, so a stalled caller cannot hold locks and a pool connection (0 = never).
   * The embedded database has one session, which is never ended.
   */
  idleInTransactionTimeoutMs?: number;
  /** The embedded database's page cache (PGlite's default is 128 MB). */
  sharedBuffersMb?: number;
  /**
   * A dump (`dumpDataDir`) of an embedded database already migrated, to start an in-memory one
   * from instead of initialising a cluster: the tests open one per server, and initdb is most of it.
   */
  template?: Blob;
  /**
   * Where the embedded database runs: a thread of its own (`worker`, the default), so that its
   * statements and the parsing of their rows leave the main thread free for requests, or the main
   * thread (`main`).
   */
  embeddedThread?: 'main' | 'worker';
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Arbitrary constant: serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_300_451_221;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_MS)
    : openPglite(options);
}

/** A migrated, empty embedded database as a dump that `template` accepts. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const database = await openPglite({ dataDir: 'memory://' });
  try {
    return await database.client.dump();
  } finally {
    await database.close();
  }
}

async function openPglite(
  options: Pick<DatabaseOptions, 'dataDir' | 'template' | 'sharedBuffersMb' | 'embeddedThread'>,
): Promise<Database & { client: EmbeddedClient }> {
  const { dataDir } = options;
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  try {
    const engine: EngineOptions = {
      dataDir: inMemory ? dataDir : `${dataDir}/pg`,
      ...(inMemory && options.template ? { template: options.template } : {}),
      ...(options.sharedBuffersMb ? { sharedBuffersMb: options.sharedBuffersMb } : {}),
    };
    const client = (options.embeddedThread ?? 'worker') === 'worker' ? await openInWorker(engine) : await openEngine(engine);
    // In its own thread the database takes the turns there (pglite-thread/worker.ts); in this one, here.
    const turns = client.usage ? null : new Turns(MAX_BACKGROUND_WAIT_MS);
    const db = drizzlePglite({ client: turns ? takingTurns(client, turns) : (client as unknown as PGlite), schema });
    await migratePglite(db, { migrationsFolder }).catch(async (error: unknown) => {
      await client.close().catch(() => undefined);
      throw error;
    });
    const close = async () => {
      await client.close();
      unlock();
    };
    const connections = (): ConnectionUsage => {
      const usage = turns ? turns.usage() : client.usage!();
      return { driver: 'pglite', busy: usage.busy, waitingRequests: usage.foreground, waitingJobs: usage.background };
    };
    const listen = (channel: string, onNotify: (payload?: string) => void) => client.listen(channel, onNotify);
    return { db: db as unknown as Db, driver: 'pglite', connections, close, listen, client, backup: () => client.backup() };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Makes a new embedded database in `dataDir` from a dump of `backup`. Refuses a folder that holds a
 * database already. The secret key (`secret.key`, or ENGRAM_SECRET_KEY) is not in a dump.
 */
export async function restoreEmbedded(dataDir: string, dump: Blob): Promise<void> {
  const pgDir = `${dataDir}/pg`;
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) throw new RestoreRefusedError(`${dataDir} holds a database already: restore into an empty folder`);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({ dataDir: pgDir, loadDataDir: dump, extensions: { vector } });
    try {
      await client.query('SELECT 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(pgDir, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
}

export class RestoreRefusedError extends Error {}

/** The embedded client, its statements and transactions run in turns: requests first (turns.ts). */
function takingTurns(client: EmbeddedClient, turns: Turns): PGlite {
  const taking = {
    query: (...args: Parameters<PGlite['query']>) => turns.take(() => client.query(...args)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => turns.take(() => client.transaction(callback)),
  };
  return taking as unknown as PGlite;
}

const DEFAULT_IDLE_IN_TRANSACTION_MS = 300_000;

async function openPostgres(url: string, poolSize: number, idleInTransactionMs: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idle_in_transaction_session_timeout: idleInTransactionMs });
  // An idle client losing its connection emits here; the pool replaces it, so it must not crash us.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg({ client: pool, schema });
  const connections = (): ConnectionUsage => ({ driver: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    connections,
    close: () => pool.end(),
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
  };
}

const RELISTEN_MS = 5_000;

/** A connection of its own that LISTENs on `channel`, opened again RELISTEN_MS after it is lost. */
async function listenPostgres(url: string, channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
    next.on('error', (error) => {
      process.emitWarning(`PostgreSQL listening connection lost: ${error.message}`);
      next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!stopped && !retry) retry = setTimeout(reopen, RELISTEN_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    // Whatever was sent while no connection listened is found by the listener's next poll; one wake covers it.
    onNotify();
  };
  const reopen = () => {
    retry = null;
    if (stopped) return;
    open().catch(() => {
      if (!stopped && !retry) retry = setTimeout(reopen, RELISTEN_MS).unref();
    });
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** The migrations this version ships (drizzle's journal). */
export function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** The migrations recorded as applied to the database. */
export async function appliedMigrations(db: Db): Promise<number> {
  // Both drivers answer `execute` with the rows under `rows`.
  const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: { applied: number }[] };
  return Number(result.rows[0]?.applied ?? 0);
}
