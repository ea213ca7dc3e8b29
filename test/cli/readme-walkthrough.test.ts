import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { aimedAt, runBash, walkthroughScript } from '../helpers/walkthrough.js';

const TIMEOUT_MS = 120_000;

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
      const script = aimedAt(walkthroughScript(), server.url, server.adminKey);
      const { code, stdout, stderr } = await runBash(script, TIMEOUT_MS);
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
    const script = aimedAt(walkthroughScript(), server.url, 'em_not_a_key_of_this_server');
    const { code, stdout, stderr } = await runBash(script, TIMEOUT_MS);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/curl: \(22\) .*401/);
    expect(stdout).not.toMatch(/^done$/m);
  });
});
