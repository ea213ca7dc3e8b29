#!/usr/bin/env node
import { createServer } from 'node:net';
import { Command } from 'commander';
import { AiSettingsError } from './ai/settings-error.js';
import type { Config } from './config.js';
import { ConfigError } from './config-error.js';
import { DataDirLockedError } from './store/data-dir-lock.js';
import { CliError, registerPortabilityCommands } from './portability-cli.js';
import { registerBackupCommands } from './backup-cli.js';
import { VERSION } from './version.js';

// The server and the database are imported by the commands that use them: `--help`, `export` or a
// misspelt option answer at once instead of after loading every module of the server.
const loadConfig = async (): Promise<Config> => (await import('./config.js')).loadConfig();

/** How long past SHUTDOWN_GRACE_MS a stopping process may take to close its database and threads. */
const HARD_EXIT_MARGIN_MS = 15_000;

async function serve(config: Config, options: { worker: boolean; http: boolean }): Promise<void> {
  // Before anything is opened or created (a first admin key, say): a port in use is said at once.
  if (options.http) await assertCanListen(config.HOST, config.PORT);
  const { createApp, shutdownLine } = await import('./app.js');
  const app = await createApp(config, options);
  if (app.http) {
    // Fastify logs each address it listens on: that line is ours.
    const listenTextResolver = (address: string) =>
      `engram ${VERSION} listening on ${address} (${app.database.driver}${options.worker ? ', with workers' : ''})`;
    await app.http.listen({ port: config.PORT, host: config.HOST, listenTextResolver }).catch(async (error: unknown) => {
      // Taken meanwhile by another process.
      await app.close();
      throw listenError(config.HOST, config.PORT, error);
    });
  } else {
    app.logger.info(`engram ${VERSION} worker running (${app.database.driver})`);
  }
  const shutdown = (signal: string) => {
    const graceMs = config.SHUTDOWN_GRACE_MS;
    app.logger.info({ signal, graceMs }, `shutting down (${signal}): no new requests or jobs; waiting up to ${graceMs} ms for those in flight`);
    // The bound is the shutdown's own; this only ends a process whose closing hangs past it all the same.
    setTimeout(() => {
      app.logger.error({ graceMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, graceMs + HARD_EXIT_MARGIN_MS).unref();
    app.close().then(
      (report) => {
        const fields = { ms: report.ms, jobs: report.jobs, requestsCut: report.requestsCut, stepsCut: report.stepsCut };
        if (report.stepsCut.length) app.logger.warn(fields, shutdownLine(report, graceMs));
        else app.logger.info(fields, shutdownLine(report, graceMs));
        process.exit(0);
      },
      (error: unknown) => {
        app.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** Listens on the address and lets it go again; one line naming the address and the cause when it cannot. */
async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  }).catch((error: unknown) => {
    throw listenError(host, port, error);
  });
}

function listenError(host: string, port: number, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (code === 'EADDRINUSE')
    return new ConfigError(`cannot listen on ${address}: the port is in use (EADDRINUSE); stop what uses it, or set PORT to another port`);
  if (code === 'EACCES')
    return new ConfigError(`cannot listen on ${address}: not allowed (EACCES); ports below 1024 need privileges, set PORT to another port`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ConfigError(`cannot listen on ${address}: no such address on this machine (${code}); set HOST to one of its addresses, or 0.0.0.0`);
  return error;
}

/**
 * `engram mcp`: MCP over stdio for clients that launch a command. With a server URL it relays to
 * that server's /mcp; without one it opens the database itself (workers included) and serves the
 * one session here.
 */
async function mcp(options: { url?: string; apiKey?: string }): Promise<void> {
  const url = options.url ?? process.env.ENGRAM_URL;
  const apiKey = options.apiKey ?? process.env.ENGRAM_API_KEY;
  if (!apiKey) throw new ConfigError('engram mcp needs an API key: --api-key or ENGRAM_API_KEY');
  if (url) {
    const { bridgeStdioToHttp } = await import('./mcp/stdio-bridge.js');
    await bridgeStdioToHttp({
      url,
      apiKey,
      onClose: () => process.exit(0),
      onError: (error) => process.stderr.write(`engram mcp: ${error.message}\n`),
    });
    return;
  }
  const config = await loadConfig();
  const [{ default: pino }, { createApp }, { serveMcpOverStdio }, { UnauthenticatedError }] = await Promise.all([
    import('pino'),
    import('./app.js'),
    import('./mcp/stdio-server.js'),
    import('./model/errors.js'),
  ]);
  // stdout carries the protocol: logs, and anything start-up prints, go to stderr.
  const logger = pino({ level: config.LOG_LEVEL, base: { pid: process.pid } }, pino.destination(2));
  const app = await withStdoutOnStderr(() => createApp(config, { worker: true, http: true, logger })).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new DataDirLockedError(`${error.message}\nTo use the running server, set ENGRAM_URL (or --url) to its address.`);
    }
    throw error;
  });
  const { keys } = app.http!.services;
  if (!(await keys.resolve(apiKey))) {
    await app.close();
    throw new ConfigError('engram mcp: the API key is not valid for this database');
  }
  await serveMcpOverStdio({
    services: app.http!.services,
    // Resolved on every call, so a key revoked or disabled meanwhile stops working here too.
    principalOf: async () => (await keys.resolve(apiKey)) ?? Promise.reject(new UnauthenticatedError('Invalid API key')),
    version: VERSION,
    onError: (error) => logger.error({ err: error }, 'MCP request failed'),
    onClose: () => void app.close().then(() => process.exit(0)),
  });
}

/** Runs `work` with whatever it writes to stdout sent to stderr (the first-start key message, say). */
async function withStdoutOnStderr<T>(work: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof write;
  try {
    return await work();
  } finally {
    process.stdout.write = write;
  }
}

const program = new Command('engram').description('Self-hostable memory service for AI applications').version(VERSION);

program
  .command('serve', { isDefault: true })
  .description('serve the HTTP API (and run ingest workers unless --no-worker)')
  .option('--no-worker', 'serve only; run `engram worker` processes separately')
  .action(async (options: { worker: boolean }) => serve(await loadConfig(), { worker: options.worker, http: true }));

program
  .command('worker')
  .description('run ingest workers only (no HTTP)')
  .action(async () => serve(await loadConfig(), { worker: true, http: false }));

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .description('create an API key and print it (shown once; only its hash is stored)')
  .option('--org <name>', 'organization (created if missing)', 'default')
  .option('--name <name>', 'label for the key', 'cli')
  .option('--role <role>', 'admin or member', 'admin')
  .option('--read-only', 'key may only read')
  .action(async (options: { org: string; name: string; role: string; readOnly?: boolean }) => {
    if (options.role !== 'admin' && options.role !== 'member') throw new ConfigError('--role must be admin or member');
    const config = await loadConfig();
    const [{ openDatabase }, { createApiKey }] = await Promise.all([import('./store/database.js'), import('./core/access/keys.js')]);
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    try {
      const { key } = await createApiKey(database.db, {
        orgName: options.org,
        name: options.name,
        role: options.role,
        permission: options.readOnly ? 'read' : 'write',
      });
      process.stdout.write(`${key}\n`);
    } finally {
      await database.close();
    }
  });

program
  .command('mcp')
  .description('serve MCP over stdio: relayed to the server at --url, else on the embedded database')
  .option('--url <url>', 'base URL of a running engram server (default: ENGRAM_URL)')
  .option('--api-key <key>', 'API key the session acts as (default: ENGRAM_API_KEY)')
  .action(async (options: { url?: string; apiKey?: string }) => mcp(options));

program
  .command('reembed')
  .description('re-embed every chunk and memory with the configured embedding model (stop all engram processes first)')
  .action(async () => {
    const config = await loadConfig();
    const [{ openDatabase }, { createEmbedder }, { reembedAll }, { systemClock }] = await Promise.all([
      import('./store/database.js'),
      import('./ai/factory.js'),
      import('./core/embedding/reembed.js'),
      import('./core/shared/clock.js'),
    ]);
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    const embedder = await createEmbedder(config);
    try {
      process.stderr.write(`re-embedding with ${embedder.model} (${embedder.dimension} dimensions)\n`);
      let last = 0;
      const counts = await reembedAll(database.db, embedder, systemClock, ({ table, done, total }) => {
        if (Date.now() - last < 1000 && done < total) return;
        last = Date.now();
        process.stderr.write(`  ${table}: ${done}/${total}\n`);
      });
      process.stdout.write(`re-embedded ${counts.chunks} chunks and ${counts.memories} memories with ${embedder.model}\n`);
    } finally {
      await embedder.close();
      await database.close();
    }
  });

registerPortabilityCommands(program);
registerBackupCommands(program);

program.parseAsync().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AiSettingsError || error instanceof DataDirLockedError || error instanceof CliError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
