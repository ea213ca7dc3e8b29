import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';

/**
 * `engram export` and `engram import`: talk to a running server by URL and key (the server owns the
 * database; an embedded one cannot be opened twice), streaming the file both ways with a progress
 * line on stderr.
 */

interface ServerOptions {
  url: string;
  key?: string;
}

const keyOf = (options: ServerOptions) => {
  const key = options.key ?? process.env.ENGRAM_API_KEY;
  if (!key) throw new CliError('give an API key with --key or ENGRAM_API_KEY');
  return key;
};

export class CliError extends Error {}

/**
 * Counts bytes and lines going through, and redraws one progress line on stderr at most every 200 ms.
 * `end()` draws the last state and ends the line; `abandon()` only ends a line already drawn, so a
 * request that fails before its answer prints its error alone rather than after a finished-looking bar.
 */
function progress(label: string, total?: number) {
  let bytes = 0;
  let lines = 0;
  let drawn = 0;
  const draw = (force: boolean) => {
    if (!force && Date.now() - drawn < 200) return;
    drawn = Date.now();
    const share = total ? ` ${Math.floor((bytes / total) * 100)}%` : '';
    process.stderr.write(`\r${label}${share} ${(bytes / 1048576).toFixed(1)} MB, ${lines} lines`);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      draw(false);
      done(null, chunk);
    },
  });
  return {
    stream,
    end: () => {
      draw(true);
      process.stderr.write('\n');
    },
    abandon: () => {
      if (drawn) process.stderr.write('\n');
    },
  };
}

/**
 * `fetch` to the server, a connection that fails said in one line naming the address and the cause
 * (`ECONNREFUSED`, `ENOTFOUND`, …) instead of `fetch failed` with a stack.
 */
export async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new CliError(`cannot reach the engram server at ${new URL(url).origin}: ${causeOf(error)}`);
  }
}

/** The innermost cause of a failed connection, by its code when it has one. */
export function causeOf(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause !== undefined) inner = inner.cause;
  if (inner instanceof AggregateError && inner.errors.length) inner = inner.errors[0];
  if (inner && typeof inner === 'object') {
    const { code, message } = inner as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && typeof message === 'string' && !message.includes(code)) return `${code} (${message})`;
    if (typeof message === 'string' && message) return message;
    if (typeof code === 'string') return code;
  }
  return String(inner);
}

/** The server's base URL, checked before any request. */
function baseOf(options: ServerOptions): string {
  try {
    return new URL(options.url).href.replace(/\/$/, '');
  } catch {
    throw new CliError(`--url is not a URL: ${options.url}`);
  }
}

export async function failure(response: Response): Promise<CliError> {
  const text = await response.text();
  return new CliError(`the server answered ${response.status}: ${text}`);
}

async function exportToFile(containerTag: string | undefined, file: string, options: ServerOptions & { embeddings?: boolean }) {
  const path = containerTag ? `/v3/container-tags/${encodeURIComponent(containerTag)}/export` : '/v3/export';
  const response = await request(`${baseOf(options)}${path}?embeddings=${options.embeddings ? 'true' : 'false'}`, {
    headers: { authorization: `Bearer ${keyOf(options)}` },
  });
  if (!response.ok || !response.body) throw await failure(response);
  const out = file === '-' ? process.stdout : createWriteStream(file);
  const shown = progress('exporting');
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), shown.stream, out);
  } catch (error) {
    shown.abandon();
    throw error;
  }
  shown.end();
}

async function importFromFile(containerTag: string, file: string, options: ServerOptions) {
  const base = baseOf(options);
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${causeOf(error)}`);
  }
  const shown = progress('importing', size);
  const body = createReadStream(file).pipe(shown.stream);
  const response = await request(`${base}/v3/container-tags/${encodeURIComponent(containerTag)}/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${keyOf(options)}`,
      'content-type': 'application/x-ndjson',
      ...(file.endsWith('.gz') ? { 'content-encoding': 'gzip' } : {}),
    },
    body: Readable.toWeb(body) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit).catch((error: unknown) => {
    shown.abandon();
    throw error;
  });
  if (!response.ok) {
    shown.abandon();
    throw await failure(response);
  }
  shown.end();
  process.stdout.write(`${await response.text()}\n`);
}

export function registerPortabilityCommands(program: Command): void {
  const server = (command: Command) =>
    command
      .option('--url <url>', 'the running server', process.env.ENGRAM_URL ?? 'http://127.0.0.1:8787')
      .option('--key <key>', 'API key (default: ENGRAM_API_KEY)');
  server(
    program
      .command('export')
      .description('export a container tag (or, without --tag, the whole organization with an admin key) to an NDJSON file')
      .option('--tag <containerTag>', 'the container tag to export')
      .option('--embeddings', 'include the vectors and their model')
      .argument('<file>', 'where to write it, - for stdout'),
  ).action(async (file: string, options: ServerOptions & { tag?: string; embeddings?: boolean }) => exportToFile(options.tag, file, options));
  server(
    program
      .command('import')
      .description('import an export file (NDJSON, or gzip when it ends in .gz) into a container tag, all or nothing')
      .requiredOption('--tag <containerTag>', 'the container tag to import into')
      .argument('<file>', 'the export file'),
  ).action(async (file: string, options: ServerOptions & { tag: string }) => importFromFile(options.tag, file, options));
}
