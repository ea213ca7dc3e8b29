import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, dropTestDatabase } from './pg-cluster.js';
import { waitFor } from './wait.js';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Where a child server keeps its data across restarts: the environment that points it there, and how to remove it. */
export interface DurableStore {
  env: { DATABASE_URL: string } | { DATA_DIR: string };
  remove(): Promise<void>;
}

/**
 * A store of its own for a child server: a new database on the test cluster at `pgUrl` (when the
 * tests run on PostgreSQL), else a new temporary data folder; both named after `prefix`.
 */
export async function durableStore(prefix: string, pgUrl: string | null): Promise<DurableStore> {
  if (pgUrl) {
    const name = `engram_${prefix.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
    return { env: { DATABASE_URL: await createTestDatabase(pgUrl, name) }, remove: () => dropTestDatabase(pgUrl, name) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `engram-${prefix}-`));
  return { env: { DATA_DIR: dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A line `engram worker` logs once it is claiming jobs. */
const WORKER_RUNNING = 'worker running';

/**
 * `engram serve` (or `serve --no-worker`, or `worker`) as a separate OS process, so tests can
 * kill it the hard way.
 */
export class ChildServer {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly url: string,
    private readonly env: Record<string, string>,
    private readonly args: string[] = ['serve'],
  ) {}

  static async create(env: Record<string, string>, args: string[] = ['serve']): Promise<ChildServer> {
    const port = await freePort();
    return new ChildServer(`http://127.0.0.1:${port}`, { ...env, PORT: String(port), HOST: '127.0.0.1' }, args);
  }

  /** The process id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    const http = this.args[0] !== 'worker';
    this.child = spawn(process.execPath, ['--import', 'tsx', CLI, ...this.args], {
      // A worker serves no HTTP: its start is seen in its log.
      env: { ...process.env, LOG_LEVEL: 'warn', EMBEDDINGS_DOCUMENT_NICENESS: '0', ...this.env, ...(http ? {} : { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const child = this.child;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${this.output}`);
        if (!http) return this.output.includes(WORKER_RUNNING) ? true : undefined;
        const ok = await fetch(`${this.url}/`).then(
          (r) => r.ok,
          () => false,
        );
        return ok ? true : undefined;
      },
      60_000,
      'the child server to answer',
    );
  }

  /** SIGKILL: no shutdown hooks, no flushing, like a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  /** SIGTERM, and how the process ended: its exit code and how long it took to exit. */
  async terminate(): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null) throw new Error('the server is not running');
    const started = performance.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    this.child = null;
    return { code, ms: performance.now() - started };
  }

  get log(): string {
    return this.output;
  }

  /** A JSON request with the API key `key`: the answer's status and parsed body. */
  async request(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }
}
