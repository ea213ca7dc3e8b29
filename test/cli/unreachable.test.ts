import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/child-server.js';

const run = promisify(execFile);
const CLI = resolve(import.meta.dirname, '../../src/cli.ts');

/** What a command that talks to a server prints when it cannot reach it: one line, no stack, a failing exit. */
describe('engram client commands against a server that cannot be reached', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-unreachable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const failing = async (args: string[]) => {
    const error = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'warn' } }).then(
      () => expect.unreachable('the command succeeded'),
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    return error;
  };

  it('export names the address and the refused connection in one line', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const { code, stderr } = await failing(['export', '--url', url, '--key', 'em_x', '--tag', 'a', join(dir, 'out.ndjson')]);
    expect(code).not.toBe(0);
    expect(stderr.trim().split('\n')).toEqual([`cannot reach the engram server at ${url}: connect ECONNREFUSED 127.0.0.1:${url.split(':')[2]}`]);
  });

  it('import says the same of an unknown host, and of a file it cannot read', async () => {
    const file = join(dir, 'in.ndjson');
    writeFileSync(file, '');
    const unknown = await failing(['import', '--url', 'http://engram.invalid:8787', '--key', 'em_x', '--tag', 'a', file]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr.trim()).toMatch(
      /^cannot reach the engram server at http:\/\/engram\.invalid:8787: getaddrinfo (ENOTFOUND|EAI_AGAIN) engram\.invalid$/,
    );

    const missing = await failing(['import', '--url', 'http://127.0.0.1:1', '--key', 'em_x', '--tag', 'a', join(dir, 'absent.ndjson')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim()).toMatch(/^cannot read .*absent\.ndjson: ENOENT\b/);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });

  it('a URL that is not one is said so', async () => {
    const { code, stderr } = await failing(['export', '--url', 'localhost 8787', '--key', 'em_x', '-']);
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe('--url is not a URL: localhost 8787');
  });
});
