import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait.js';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
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
}
