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

/** `engram serve` as a separate OS process, so tests can kill it the hard way. */
export class ChildServer {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly url: string,
    private readonly env: Record<string, string>,
  ) {}

  static async create(env: Record<string, string>): Promise<ChildServer> {
    const port = await freePort();
    return new ChildServer(`http://127.0.0.1:${port}`, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const child = this.child;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${this.output}`);
        const ok = await fetch(`${this.url}/`).then((r) => r.ok, () => false);
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

  get log(): string {
    return this.output;
  }
}
