#!/usr/bin/env node
import { Command } from 'commander';
import { createApp, VERSION } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createApiKey } from './core/access/keys.js';
import { reembedAll } from './core/embedding/reembed.js';
import { AiSettingsError, createEmbedder } from './ai/factory.js';
import { DataDirLockedError } from './store/data-dir-lock.js';
import { openDatabase } from './store/database.js';
import { CliError, registerPortabilityCommands } from './portability-cli.js';

async function serve(config: Config, options: { worker: boolean; http: boolean }): Promise<void> {
  const app = await createApp(config, options);
  if (app.http) {
    const address = await app.http.listen({ port: config.PORT, host: config.HOST });
    app.logger.info(`engram ${VERSION} listening on ${address} (${app.database.driver}${options.worker ? ', with workers' : ''})`);
  } else {
    app.logger.info(`engram ${VERSION} worker running (${app.database.driver})`);
  }
  const shutdown = (signal: string) => {
    app.logger.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

const program = new Command('engram').description('Self-hostable memory service for AI applications').version(VERSION);

program
  .command('serve', { isDefault: true })
  .description('serve the HTTP API (and run ingest workers unless --no-worker)')
  .option('--no-worker', 'serve only; run `engram worker` processes separately')
  .action(async (options: { worker: boolean }) => serve(loadConfig(), { worker: options.worker, http: true }));

program
  .command('worker')
  .description('run ingest workers only (no HTTP)')
  .action(async () => serve(loadConfig(), { worker: true, http: false }));

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
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
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
  .command('reembed')
  .description('re-embed every chunk and memory with the configured embedding model (stop all engram processes first)')
  .action(async () => {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const embedder = await createEmbedder(config);
    try {
      process.stderr.write(`re-embedding with ${embedder.model} (${embedder.dimension} dimensions)\n`);
      let last = 0;
      const counts = await reembedAll(database.db, embedder, ({ table, done, total }) => {
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

program.parseAsync().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AiSettingsError || error instanceof DataDirLockedError || error instanceof CliError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
