import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ChildServer, freePort } from '../helpers/child-server.js';
import { waitFor } from '../helpers/wait.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

function engram(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
}

describe('engram CLI', () => {
  const dirs: string[] = [];
  const servers: ChildServer[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-cli-'));
    dirs.push(dir);
    return dir;
  };

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keys create prints a key of the named org that the server then accepts', async () => {
    const DATA_DIR = dataDir();
    const { stdout } = await engram(['keys', 'create', '--org', 'acme', '--name', 'ci'], { DATA_DIR });
    const key = stdout.trim();
    expect(key).toMatch(/^em_[0-9A-Za-z]{40}$/);

    const server = await ChildServer.create({ DATA_DIR });
    servers.push(server);
    await server.start();
    const ok = await fetch(`${server.url}/v3/documents/processing`, { headers: { authorization: `Bearer ${key}` } });
    expect(ok.status).toBe(200);
    const wrong = await fetch(`${server.url}/v3/documents/processing`, { headers: { authorization: `Bearer ${key}x` } });
    expect(wrong.status).toBe(401);
  });

  it('on a fresh install with its output piped, writes the first admin key to an owner-only file, never to the log, once', async () => {
    const DATA_DIR = dataDir();
    const server = await ChildServer.create({ DATA_DIR, LOG_LEVEL: 'info' });
    servers.push(server);
    await server.start();
    const file = join(DATA_DIR, 'first-admin-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^em_[0-9A-Za-z]{40}$/);
    expect(server.log).not.toContain(key);
    const said = server.log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; file?: string })
      .find((line) => line.msg.startsWith('First start'));
    expect(said).toMatchObject({ file, msg: expect.stringContaining('readable by its owner only') });
    const res = await fetch(`${server.url}/v3/documents/processing`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);

    await server.stop();
    rmSync(file);
    const again = await ChildServer.create({ DATA_DIR, LOG_LEVEL: 'info' });
    servers.push(again);
    await again.start();
    expect(again.log).not.toMatch(/em_[0-9A-Za-z]{40}/);
    expect(existsSync(file)).toBe(false);
  });

  it('at a terminal, prints the first admin key once and writes no file', async () => {
    const DATA_DIR = dataDir();
    const port = await freePort();
    // `script` gives the server a terminal of its own for its output.
    const command = [process.execPath, '--import', 'tsx', CLI, 'serve'].map((arg) => `'${arg}'`).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const key = await waitFor(async () => /It is shown only once:\s+(em_[0-9A-Za-z]{40})/.exec(output)?.[1], 60_000, 'the printed key');
      await waitFor(async () => ((await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.ok ? true : undefined), 60_000, 'the server');
      const res = await fetch(`http://127.0.0.1:${port}/v3/documents/processing`, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(200);
      expect(existsSync(join(DATA_DIR, 'first-admin-key'))).toBe(false);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });

  it('on a port in use, says so in one line and exits before creating anything', async () => {
    const DATA_DIR = join(dataDir(), 'fresh');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const failed = await engram(['serve'], { DATA_DIR, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' }).then(
        () => expect.unreachable('serve started on a port in use'),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(failed.code).toBe(2);
      expect(failed.stdout).toBe('');
      expect(failed.stderr.trim().split('\n')).toEqual([
        `cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE); stop what uses it, or set PORT to another port`,
      ]);
      expect(existsSync(DATA_DIR)).toBe(false);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('refuses to open an embedded database another process is using', async () => {
    const DATA_DIR = dataDir();
    const server = await ChildServer.create({ DATA_DIR });
    servers.push(server);
    await server.start();
    await expect(engram(['keys', 'create'], { DATA_DIR })).rejects.toMatchObject({
      stderr: expect.stringMatching(/Another engram process \(pid \d+\) is using/),
    });
  });

  it('logs JSON lines when its output is not a terminal, and readable lines with LOG_FORMAT=pretty', async () => {
    const ENGRAM_API_KEY = 'em_cli_log_format_0123456789';
    const json = await ChildServer.create({ DATA_DIR: dataDir(), LOG_LEVEL: 'info', ENGRAM_API_KEY });
    servers.push(json);
    await json.start();
    await json.stop();
    const lines = json.log.split('\n').filter(Boolean);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^engram \S+ listening on http/), expect.stringMatching(/^GET \/ 200 \d+ ms$/)]),
    );

    const pretty = await ChildServer.create({ DATA_DIR: dataDir(), LOG_LEVEL: 'info', ENGRAM_API_KEY, LOG_FORMAT: 'pretty' });
    servers.push(pretty);
    await pretty.start();
    await pretty.stop();
    expect(pretty.log).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}engram \S+ listening on http:\/\/127\.0\.0\.1:\d+ \(pglite, with workers\)$/m);
    expect(pretty.log).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/ 200 \d+ ms$/m);
    expect(pretty.log).not.toMatch(/^\{/m);
    expect(pretty.log).not.toContain(ENGRAM_API_KEY);
  }, 180_000);
});
