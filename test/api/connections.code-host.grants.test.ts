import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub, TOKENS_PER_USER_APP_SCOPE } from '../fakes/github/index.js';
import { codeHostEnv, connectCodeHost, importNow, waitForRuns } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let github: FakeGitHub;
let server: TestServer;

beforeAll(async () => {
  github = await FakeGitHub.start();
  github.createRepo('shared', { files: { 'a.md': '# Shared\n\none account, many tags\n' } });
  server = await startTestServer(codeHostEnv(github));
});

afterAll(async () => {
  await server?.close();
  await github?.close();
});

const metadata = { repositories: 'octocat/shared', includeIssues: false };

describe('code host connections of one GitHub account', () => {
  it('keep working past the ten tokens GitHub keeps per user, app and scope: the connections of the account share its newest grant', async () => {
    const ids: string[] = [];
    for (let i = 0; i <= TOKENS_PER_USER_APP_SCOPE; i++) ids.push(await connectCodeHost(server, `grant_${i}`, { metadata }));
    await Promise.all(ids.map((id) => waitForRuns(server, id, 1)));
    // The eleventh authorization made GitHub revoke the first token it issued.
    expect(github.oauth.revokedForExcess).toBe(1);

    await importNow(server, 'github', 'grant_0');
    const [run] = await waitForRuns(server, ids[0]!, 2);
    expect(run).toMatchObject({ status: 'completed', errorCode: null });
    expect((await server.request('GET', `/v3/connections/${ids[0]}`)).body).toMatchObject({ status: 'active' });

    // The shared access token lapses at GitHub: the first to meet it refreshes for all of them, and
    // another connection of the account goes on with the new tokens (its old refresh token is spent).
    github.clock.advance(github.app.accessTokenLifetimeSeconds + 60);
    await importNow(server, 'github', 'grant_0');
    expect((await waitForRuns(server, ids[0]!, 3))[0]).toMatchObject({ status: 'completed', errorCode: null });
    await importNow(server, 'github', 'grant_5');
    expect((await waitForRuns(server, ids[5]!, 2))[0]).toMatchObject({ status: 'completed', errorCode: null });
    expect(github.count('POST /login/oauth/access_token')).toBe(TOKENS_PER_USER_APP_SCOPE + 2);
  });
});
