import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const README = new URL('../../README.md', import.meta.url);
const TIMEOUT_MS = 120_000;

/** The shell blocks between README's walkthrough markers, as one script. */
function walkthroughScript(readme: string): string {
  const start = readme.indexOf('<!-- walkthrough:start -->');
  const end = readme.indexOf('<!-- walkthrough:end -->');
  if (start < 0 || end < start) throw new Error('README.md has no <!-- walkthrough:start --> … <!-- walkthrough:end --> section');
  const blocks = [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  if (!blocks.length) throw new Error('the README walkthrough has no ```sh block');
  return blocks.join('\n');
}

/** Points the walkthrough at this server and key: its `BASE=` and `KEY=` lines, each exactly once, and nothing else. */
function aimedAt(script: string, base: string, key: string): string {
  for (const name of ['BASE', 'KEY']) {
    const lines = script.split('\n').filter((line) => line.startsWith(`${name}=`));
    if (lines.length !== 1) throw new Error(`the README walkthrough must set ${name}= on exactly one line, found ${lines.length}`);
  }
  return script.replace(/^BASE=.*$/m, `BASE=${base}`).replace(/^KEY=.*$/m, `KEY=${key}`);
}

function runBash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // -e: the first failing command stops the walkthrough; -u: a variable it forgot to set fails; -o pipefail: a failed curl in a pipe fails.
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("README's first-hour walkthrough, run as written against a real server", () => {
  let server: TestServer;

  beforeAll(async () => {
    for (const tool of ['curl', 'jq']) {
      if (spawnSync(tool, ['--version']).status !== 0) throw new Error(`the walkthrough needs ${tool}: run scripts/walkthrough-tools-install.sh`);
    }
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it(
    'adds, polls to done, searches, reads the profile, updates and forgets a memory, then points at the console',
    async () => {
      const script = aimedAt(walkthroughScript(readFileSync(README, 'utf8')), server.url, server.adminKey);
      const { code, stdout, stderr } = await runBash(script);
      if (code !== 0) throw new Error(`the walkthrough failed (exit ${code}):\n--- stdout\n${stdout}\n--- stderr\n${stderr}`);

      expect(stdout).toMatch(/^document \S+$/m);
      expect(stdout).toMatch(/^done$/m);
      expect(stdout).toContain('"similarity"');
      expect(stdout).toContain('"static"');
      expect(stdout).toContain('"version":2');
      expect(stdout).toContain('would be forgotten');
      expect(stdout.trimEnd().endsWith(`${server.url}/console`)).toBe(true);

      const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: ['user_alice'] } });
      const byText = Object.fromEntries(listed.body.memoryEntries.map((m: { memory: string }) => [m.memory, m]));
      expect(byText['Alice lives in Porto']).toMatchObject({ version: 2, isForgotten: false });
      expect(byText['Alice loves climbing on weekends']).toMatchObject({ isForgotten: true });
      const console = await fetch(`${server.url}/console`);
      expect(console.status).toBe(200);
    },
    TIMEOUT_MS + 30_000,
  );

  it('stops at the first refused request, with curl saying its status', async () => {
    const script = aimedAt(walkthroughScript(readFileSync(README, 'utf8')), server.url, 'em_not_a_key_of_this_server');
    const { code, stdout, stderr } = await runBash(script);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/curl: \(22\) .*401/);
    expect(stdout).not.toMatch(/^done$/m);
  });
});
