import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { codeHostEnv } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A request as a TLS-terminating proxy in front of the server passes it on. */
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'memory.example.com' };

let github: FakeGitHub;
let trusting: TestServer;
let direct: TestServer;

beforeAll(async () => {
  github = await FakeGitHub.start();
  // Without PUBLIC_URL, redirect URLs start where the request came in.
  trusting = await startTestServer({ ...codeHostEnv(github), TRUST_PROXY: '127.0.0.1/8, ::1' });
  direct = await startTestServer(codeHostEnv(github));
});

afterAll(async () => {
  await Promise.all([trusting?.close(), direct?.close()]);
  await github?.close();
});

async function redirectUri(server: TestServer, headers: Record<string, string>): Promise<string | null> {
  const created = await server.request('POST', '/v3/connections/github', { body: { containerTag: 'proxied' }, headers });
  expect(created.status).toBe(200);
  return new URL(created.body.authLink).searchParams.get('redirect_uri');
}

describe('behind a proxy (TRUST_PROXY)', () => {
  it("builds the OAuth redirect URL from a trusted proxy's forwarded scheme and host", async () => {
    expect(await redirectUri(trusting, FORWARDED)).toBe('https://memory.example.com/v3/connections/auth/callback/code-host');
    // A request that came straight in keeps its own origin.
    expect(await redirectUri(trusting, {})).toBe(`${trusting.url}/v3/connections/auth/callback/code-host`);
  });

  it('ignores forwarded headers unless the proxy is trusted: anyone could send them', async () => {
    expect(await redirectUri(direct, FORWARDED)).toBe(`${direct.url}/v3/connections/auth/callback/code-host`);
  });
});
