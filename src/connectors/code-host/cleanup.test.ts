import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../test/fakes/github/index.js';
import { bearer, codeHostConnector, syncRequest } from '../../../test/helpers/connectors.js';
import type { CleanupRequest, Connector } from '../types.js';

let github: FakeGitHub;
let connector: Connector;

beforeAll(async () => {
  github = await FakeGitHub.start();
  connector = codeHostConnector(github);
});

afterAll(async () => {
  await github.close();
});

function cleanup(token: string, repositories: string[], overrides: Partial<CleanupRequest> = {}): CleanupRequest {
  return {
    request: syncRequest({ credentials: bearer(token, 'repo'), config: { repositories }, now: () => new Date() }),
    client: { clientId: github.app.clientId, clientSecret: github.app.clientSecret, redirectUri: 'https://engram.example/cb' },
    subscription: null,
    webhookUrl: 'https://engram.example/v3/connections/webhooks/code-host/conn1',
    sharedGrant: false,
    tokenShared: false,
    ...overrides,
  };
}

describe('code host cleanup', () => {
  it('removes our hooks by the connection’s path, whatever origin they were registered under, and leaves the others', async () => {
    const repo = github.createRepo('tidy', { files: { 'README.md': '# Tidy\n' } });
    github.webhooks.addHook(repo, { url: 'http://10.0.0.5:8787/v3/connections/webhooks/code-host/conn1' });
    github.webhooks.addHook(repo, { url: 'https://engram.example/v3/connections/webhooks/code-host/conn2' });
    github.webhooks.addHook(repo, { url: 'https://ci.example/hook' });
    const token = github.oauth.issueToken(github.user, { clientId: github.app.clientId });

    await connector.cleanup!(cleanup(token, ['octocat/tidy', 'octocat/gone'], { webhookUrl: '/v3/connections/webhooks/code-host/conn1' }));
    expect(github.webhooks.hooks.filter((h) => h.repo === repo).map((h) => h.url)).toEqual([
      'https://engram.example/v3/connections/webhooks/code-host/conn2',
      'https://ci.example/hook',
    ]);
    expect(github.oauth.revocations.at(-1)).toMatchObject({ what: 'grant', token });
  });

  it('revokes the whole grant, every token of the app for the user; while shared, only its own token', async () => {
    const other = github.oauth.issueToken(github.user, { clientId: github.app.clientId });
    const own = github.oauth.issueToken(github.user, { clientId: github.app.clientId });
    await connector.cleanup!(cleanup(own, [], { sharedGrant: true }));
    expect(github.oauth.lookup(own)).toBeUndefined();
    expect(github.oauth.lookup(other)).toBeDefined();

    await connector.cleanup!(cleanup(other, []));
    expect(github.oauth.lookup(other)).toBeUndefined();
    // Run again (a retry after a crash): the token is unknown now, 404, which is done. Hooks are listed with it: a 401 says the grant is gone.
    await expect(connector.cleanup!(cleanup(other, []))).resolves.toBeUndefined();
    await expect(connector.cleanup!(cleanup(other, ['octocat/tidy']))).rejects.toMatchObject({ code: 'auth_expired' });
  });

  it('wrong app credentials (GitHub answers them 404 too) are not taken for a token already gone', async () => {
    const token = github.oauth.issueToken(github.user, { clientId: github.app.clientId });
    const wrong = cleanup(token, [], { client: { clientId: github.app.clientId, clientSecret: 'not-the-secret', redirectUri: 'x' } });
    await expect(connector.cleanup!(wrong)).rejects.toMatchObject({ code: 'internal' });
    expect(github.oauth.lookup(token)).toBeDefined();
  });

  it('a server error GitHub keeps answering is provider_unavailable, for the engine to retry', async () => {
    const token = github.oauth.issueToken(github.user, { clientId: github.app.clientId });
    github.rateLimits.failWith({ status: 503, times: 100, match: 'DELETE /applications/{client_id}/grant' });
    await expect(connector.cleanup!(cleanup(token, []))).rejects.toMatchObject({ code: 'provider_unavailable' });
    expect(github.oauth.lookup(token)).toBeDefined();
  });
});
