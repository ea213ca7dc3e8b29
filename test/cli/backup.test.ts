import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer } from '../helpers/child-server.js';
import { waitFor } from '../helpers/wait.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const KEY = 'em_cli_backup_key_0123456789abcdef';

function engram(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
}

async function call(server: ChildServer, method: string, path: string, body?: unknown): Promise<any> {
  const res = await server.request(KEY, method, path, body);
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What a search finds: the ids and texts of its results, in order. */
async function found(server: ChildServer, q: string): Promise<string[]> {
  const body = await call(server, 'POST', '/v4/search', { q, containerTag: 'backup_tag', searchMode: 'hybrid' });
  return body.results.map((r: { id: string; memory?: string; chunk?: string }) => `${r.id} ${r.memory ?? r.chunk ?? ''}`);
}

describe('engram backup and restore of the embedded database', () => {
  let root: string;
  let source: string;
  let server: ChildServer;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-backup-'));
    source = join(root, 'source');
    server = await ChildServer.create({ DATA_DIR: source, ENGRAM_API_KEY: KEY, EMBEDDINGS_THREADS: '1' });
    await server.start();
    const doc = await call(server, 'POST', '/v3/documents', {
      containerTag: 'backup_tag',
      content: 'Ines Duarte works at Lumen Labs as a data engineer. Ines lives in Coimbra and plays the cello.',
    });
    await waitFor(async () => ((await call(server, 'GET', `/v3/documents/${doc.id}`)).status === 'done' ? true : undefined), 90_000, 'the document to be done');
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies the database while the server runs, and a restore into a new folder answers the same searches', { timeout: 240_000 }, async () => {
    const file = join(root, 'running.tar.gz');
    const { stderr } = await engram(['backup', file], { DATA_DIR: source, PORT: new URL(server.url).port, HOST: '127.0.0.1' });
    expect(stderr).toContain(`from the server at ${server.url}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The server goes on serving while and after it is copied.
    const before = { work: await found(server, 'Where does Ines work?'), live: await found(server, 'Where does Ines live?') };
    expect(before.work.length).toBeGreaterThan(0);

    const restored = join(root, 'restored');
    const done = await engram(['restore', file], { DATA_DIR: restored });
    expect(done.stderr).toContain(`restored ${file} into ${restored}`);
    const copy = await ChildServer.create({ DATA_DIR: restored, ENGRAM_API_KEY: KEY, EMBEDDINGS_THREADS: '1' });
    await copy.start();
    try {
      expect(await found(copy, 'Where does Ines work?')).toEqual(before.work);
      expect(await found(copy, 'Where does Ines live?')).toEqual(before.live);
    } finally {
      await copy.stop();
    }
  });

  it('refuses the backup route without the token derived from the secret key, whatever API key is sent', async () => {
    for (const authorization of [`Bearer ${KEY}`, 'Bearer not-the-token', '']) {
      const res = await fetch(`${server.url}/v3/backup`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/backup token/) });
    }
  });

  it('restores only into an empty folder, and says so in one line', async () => {
    const file = join(root, 'again.tar.gz');
    await engram(['backup', file], { DATA_DIR: source, PORT: new URL(server.url).port, HOST: '127.0.0.1' });
    const refused = await engram(['restore', file], { DATA_DIR: source }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr.trim()).toBe(`${source} holds a database already: restore into an empty folder`);
    const exists = await engram(['backup', file], { DATA_DIR: source, PORT: new URL(server.url).port, HOST: '127.0.0.1' }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(exists?.stderr.trim()).toBe(`${file} exists: give a new file name`);
  });

  it('copies a stopped server’s folder directly, and points PostgreSQL users to pg_dump', { timeout: 180_000 }, async () => {
    await server.stop();
    const file = join(root, 'stopped.tar.gz');
    const { stderr } = await engram(['backup', file], { DATA_DIR: source });
    expect(stderr).toContain(`from ${source}`);
    const restored = join(root, 'restored-stopped');
    await engram(['restore', file], { DATA_DIR: restored });
    const copy = await ChildServer.create({ DATA_DIR: restored, ENGRAM_API_KEY: KEY, EMBEDDINGS_THREADS: '1' });
    await copy.start();
    try {
      expect((await found(copy, 'What instrument does Ines play?')).length).toBeGreaterThan(0);
    } finally {
      await copy.stop();
    }
    const postgres = await engram(['backup', file], { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(postgres?.code).toBe(2);
    expect(postgres?.stderr).toContain('pg_dump');
  });
});
