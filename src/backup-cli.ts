import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import type { Command } from 'commander';
import type { Config } from './config.js';
import { CliError, failure, request } from './portability-cli.js';
import { backupToken, loadSecretKey } from './secret-key.js';
import { DataDirLockedError } from './store/data-dir-lock.js';

// Imported when a command runs, not when the CLI starts (see cli.ts).
const loadConfig = async (): Promise<Config> => (await import('./config.js')).loadConfig();
const databaseModule = () => import('./store/database.js');

/**
 * `engram backup` and `engram restore` of the embedded database. A backup is taken from the running
 * server (which owns the database) over `/v3/backup` with the token derived from the secret key, or
 * straight from DATA_DIR when no server runs; either way a consistent copy, a gzipped tar. PostgreSQL
 * is backed up with its own tools.
 */

const POSTGRES_BACKUP =
  'on PostgreSQL use its own tools: pg_dump --format=custom --file=engram.dump "$DATABASE_URL", and pg_restore to restore (docs/operations.md#backups)';

function embeddedOnly(config: Config, command: string): void {
  if (config.DATABASE_URL) throw new CliError(`engram ${command} is for the embedded database; ${POSTGRES_BACKUP}`);
  if (config.DATA_DIR.startsWith('memory://')) throw new CliError(`DATA_DIR is ${config.DATA_DIR}: an in-memory database has nothing to ${command}`);
}

/** Where the server of this DATA_DIR listens: --url, ENGRAM_URL, else HOST and PORT (a wildcard host asked on loopback). */
function serverUrl(config: Config, url: string | undefined): string {
  if (url ?? process.env.ENGRAM_URL) return (url ?? process.env.ENGRAM_URL)!.replace(/\/$/, '');
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

async function fromServer(config: Config, url: string): Promise<ReadableStream> {
  const response = await request(`${url}/v3/backup`, { headers: { authorization: `Bearer ${backupToken(loadSecretKey(config))}` } });
  if (!response.ok || !response.body) throw await failure(response);
  return response.body as ReadableStream;
}

/** No server runs: the database is opened here, copied and closed. Null when a server holds it. */
async function fromDataDir(config: Config): Promise<Blob | null> {
  const { openDatabase } = await databaseModule();
  const opened = await openDatabase({ dataDir: config.DATA_DIR }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) return null;
    throw error;
  });
  if (!opened) return null;
  try {
    return await opened.backup!();
  } finally {
    await opened.close();
  }
}

async function backup(file: string, options: { url?: string }): Promise<void> {
  const config = await loadConfig();
  embeddedOnly(config, 'backup');
  if (!existsSync(join(config.DATA_DIR, 'pg'))) throw new CliError(`${config.DATA_DIR} holds no embedded database`);
  const direct = await fromDataDir(config);
  const url = serverUrl(config, options.url);
  const source = direct ? (direct.stream() as ReadableStream) : await fromServer(config, url);
  // The copy holds every organization's data, and the sealed secrets: readable by its owner only.
  const out = createWriteStream(file, { mode: 0o600, flags: 'wx' });
  await pipeline(Readable.fromWeb(source), out).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${file} exists: give a new file name`);
    throw error;
  });
  const from = direct ? config.DATA_DIR : `the server at ${url}`;
  process.stderr.write(`backed up the embedded database (from ${from}) to ${file}: ${(out.bytesWritten / 1048576).toFixed(1)} MB\n`);
  if (!config.ENGRAM_SECRET_KEY) process.stderr.write(`keep ${join(config.DATA_DIR, 'secret.key')} with it: the connectors' sealed secrets need that key\n`);
}

async function restore(file: string): Promise<void> {
  const config = await loadConfig();
  embeddedOnly(config, 'restore');
  if (!existsSync(file)) throw new CliError(`${file} does not exist`);
  const { restoreEmbedded, RestoreRefusedError } = await databaseModule();
  await restoreEmbedded(config.DATA_DIR, await openAsBlob(file)).catch((error: unknown) => {
    if (error instanceof RestoreRefusedError) throw new CliError(error.message);
    throw error;
  });
  process.stderr.write(`restored ${file} into ${config.DATA_DIR}\n`);
  if (!config.ENGRAM_SECRET_KEY && !existsSync(join(config.DATA_DIR, 'secret.key'))) {
    process.stderr.write(
      `copy the backed-up server's secret.key into ${config.DATA_DIR} (or set ENGRAM_SECRET_KEY) before starting: the connectors' sealed secrets need it\n`,
    );
  }
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('copy the embedded database to FILE (a gzipped tar), consistent while the server runs')
    .argument('<file>', 'the backup to write (must not exist)')
    .option('--url <url>', 'the running server of this DATA_DIR (default: ENGRAM_URL, else HOST and PORT)')
    .action(async (file: string, options: { url?: string }) => backup(file, options));
  program
    .command('restore')
    .description('make the embedded database in DATA_DIR (an empty folder) from a backup')
    .argument('<file>', 'a file `engram backup` wrote')
    .action(async (file: string) => restore(file));
}
