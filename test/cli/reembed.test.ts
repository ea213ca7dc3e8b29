import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { ChildServer } from '../helpers/child-server.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

function engram(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
}

describe('engram reembed', () => {
  let fake: FakeOpenAiEmbeddings;
  let dataDir: string;
  const key = 'em_cli_reembed_key_0123456789';

  beforeAll(async () => {
    fake = await FakeOpenAiEmbeddings.start({ dimension: 24 });
    dataDir = mkdtempSync(join(tmpdir(), 'engram-reembed-'));
  });
  afterAll(async () => {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Four processes start the model or the database one after another: minutes on a loaded machine.
  it('moves a database to another model: serve refuses until reembed has run', { timeout: 180_000 }, async () => {
    const local = await ChildServer.create({ DATA_DIR: dataDir, ENGRAM_API_KEY: key, EMBEDDINGS_THREADS: '1' });
    await local.start();
    const write = await fetch(`${local.url}/v4/memories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ containerTag: 'cli', memories: [{ content: 'Hugo repairs vintage radios' }, { content: 'Hugo lives in Ghent' }] }),
    });
    expect(write.status).toBe(201);
    await local.stop();

    const remote = { DATA_DIR: dataDir, ENGRAM_API_KEY: key, EMBEDDINGS_BASE_URL: fake.baseUrl, EMBEDDINGS_MODEL: 'fake-24' };
    const refused = await engram(['serve'], { ...remote, PORT: '0' }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('engram reembed');

    const { stdout } = await engram(['reembed'], remote);
    expect(stdout).toContain('re-embedded 0 chunks and 2 memories with fake-24');

    const server = await ChildServer.create(remote);
    await server.start();
    try {
      const res = await fetch(`${server.url}/v4/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ q: 'vintage radios', containerTag: 'cli', threshold: 0 }),
      });
      const body = (await res.json()) as { results: { memory: string }[] };
      expect(body.results[0].memory).toBe('Hugo repairs vintage radios');
    } finally {
      await server.stop();
    }
  });
});
