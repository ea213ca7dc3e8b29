import { execFile } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export const PG_BIN_DIR = '/usr/lib/postgresql/15/bin';
const INITDB = join(PG_BIN_DIR, 'initdb');
const PG_CONFIG = join(PG_BIN_DIR, 'pg_config');
const CLUSTER_SCRIPT = fileURLToPath(new URL('../../scripts/pg-cluster.sh', import.meta.url));

/** How long `pg-cluster.sh start` may take before we give up. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;

export interface ThrowawayPostgres {
  /** Superuser URL, e.g. postgres://postgres@127.0.0.1:54321/postgres */
  url: string;
  /** Stops the server and removes its directory. Safe to call more than once. */
  stop(): Promise<void>;
}

async function exists(path: string, mode = constants.F_OK): Promise<boolean> {
  try {
    await access(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** True when PostgreSQL 15 server binaries and the pgvector extension are installed. */
export async function postgresAvailable(): Promise<boolean> {
  if (!(await exists(INITDB, constants.X_OK)) || !(await exists(PG_CONFIG, constants.X_OK))) {
    return false;
  }
  try {
    const { stdout } = await execFileAsync(PG_CONFIG, ['--sharedir']);
    return await exists(join(stdout.trim(), 'extension', 'vector.control'));
  } catch {
    return false;
  }
}

function describeExecError(err: unknown): string {
  const e = err as { message?: string; stderr?: string };
  const stderr = typeof e.stderr === 'string' ? e.stderr.trim() : '';
  return stderr ? `${e.message ?? String(err)}\n${stderr}` : (e.message ?? String(err));
}

/**
 * Starts a throwaway PostgreSQL 15 cluster (with pgvector available) in a fresh
 * temp directory via scripts/pg-cluster.sh. Returns null when PostgreSQL 15 or
 * pgvector is not installed on this machine (see scripts/pg-install.sh).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  if (!(await postgresAvailable())) return null;

  const dir = await mkdtemp(join(tmpdir(), 'engram-pg-'));
  const runScript = (cmd: 'start' | 'stop', timeout: number) => execFileAsync('bash', [CLUSTER_SCRIPT, cmd, dir], { timeout, maxBuffer: 4 * 1024 * 1024 });

  const cleanup = async (): Promise<void> => {
    try {
      await runScript('stop', STOP_TIMEOUT_MS);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  let url: string;
  try {
    const { stdout } = await runScript('start', START_TIMEOUT_MS);
    url = stdout.trim().split('\n').pop() ?? '';
    if (!url.startsWith('postgres://')) {
      throw new Error(`unexpected output from pg-cluster.sh start: ${JSON.stringify(stdout)}`);
    }
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw new Error(`failed to start throwaway PostgreSQL: ${describeExecError(err)}`);
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    stop() {
      stopping ??= cleanup();
      return stopping;
    },
  };
}

function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`invalid test database name: ${JSON.stringify(name)} (use [a-z0-9_], max 63 chars)`);
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` on the server at adminUrl and returns a URL for it. */
export async function createTestDatabase(adminUrl: string, name: string): Promise<string> {
  assertIdentifier(name);
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(adminUrl, name);
}

/** Drops database `name` (if it exists), disconnecting any remaining sessions. */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  assertIdentifier(name);
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
