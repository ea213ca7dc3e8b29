import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLines } from '../helpers/export.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const CLI = resolve(import.meta.dirname, '../../src/cli.ts');

describe('engram export / engram import against a running server', () => {
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'engram-export-'));
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', CLI, ...args, '--url', server.url, '--key', server.adminKey], { env: { ...process.env, LOG_LEVEL: 'warn' } });

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    await server.request('POST', '/v4/memories', {
      body: { containerTag: 'cli_src', memories: [{ content: 'Ivo collects old maps' }, { content: 'Ivo lives in Porto' }] },
    });
  });
  afterAll(async () => server?.close());

  it('exports a tag to a file and imports it into another, with progress on stderr', async () => {
    const file = join(dir, 'cli_src.ndjson');
    const exported = await cli('export', '--tag', 'cli_src', file);
    expect(exported.stderr).toMatch(/exporting .*lines/);
    const lines = parseLines(readFileSync(file, 'utf8'));
    expect(lines[0]).toMatchObject({ kind: 'header', containerTag: 'cli_src' });
    expect(
      lines
        .filter((l) => l.kind === 'memory')
        .map((l) => l.memory)
        .sort(),
    ).toEqual(['Ivo collects old maps', 'Ivo lives in Porto']);

    const imported = await cli('import', '--tag', 'cli_copy', file);
    expect(imported.stderr).toMatch(/importing 100%/);
    expect(JSON.parse(imported.stdout)).toMatchObject({ containerTag: 'cli_copy', counts: { memories: 2 } });
    const list = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['cli_copy'] } });
    expect(list.body.memoryEntries.map((m: any) => m.memory).sort()).toEqual(['Ivo collects old maps', 'Ivo lives in Porto']);
  });

  it('exits with the server answer when the import is refused, and nothing is imported', async () => {
    const file = join(dir, 'bad.ndjson');
    writeFileSync(file, '{"kind":"header"}\n');
    const failed = await cli('import', '--tag', 'cli_bad', file).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(/400.*line 1/);
    expect((await server.request('GET', '/v3/container-tags/cli_bad')).status).toBe(404);
  });
});
