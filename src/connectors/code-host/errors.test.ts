import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../../../test/fakes/github/index.js';
import { bearer, codeHostConnector, connectorFailure, drain, syncRequest } from '../../../test/helpers/connectors.js';
import { connectorFor } from '../index.js';
import { ConnectorError, type Connector, type SyncRequest } from '../types.js';

let github: FakeGitHub;
const REPO = 'octocat/tools';

function codeHost(retryBaseMs: number): Connector {
  return codeHostConnector(github, { retryBaseMs, now: () => github.clock.now() });
}

function request(token = github.token(), signal = new AbortController().signal): SyncRequest {
  return syncRequest({ credentials: bearer(token, 'repo'), config: { repositories: [REPO] }, signal, now: () => new Date() });
}

beforeAll(async () => {
  github = await FakeGitHub.start();
  const repo = github.createRepo('tools', { files: { 'README.md': '# Tools\n' } });
  repo.addIssue({ title: 'One' });
});
afterAll(() => github.close());
beforeEach(() => github.resetRequests());

describe('code-host rate limits and failures', () => {
  it('ends the run as rate_limited with the wait until the reset when it is far away', async () => {
    github.rateLimits.failWithPrimaryLimit({ resetInSeconds: 3_600, match: 'GET /repos/{owner}/{repo}/commits' });
    const err = await connectorFailure(drain(codeHost(1).sync(request())));
    expect(err.code).toBe('rate_limited');
    expect(err.retryAfterMs).toBeGreaterThanOrEqual(3_600_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(3_602_000);
    expect(github.count('GET /repos/{owner}/{repo}/commits', 403)).toBe(1);
  });

  it('waits out a primary limit whose reset is near', async () => {
    github.rateLimits.failWithPrimaryLimit({ resetInSeconds: 2, match: 'GET /repos/{owner}/{repo}/commits' });
    const pages = await drain(codeHost(1).sync(request()));
    expect(pages.flatMap((p) => p.items)).toHaveLength(2);
    expect(github.count('GET /repos/{owner}/{repo}/commits', 403)).toBe(1);
    expect(github.count('GET /repos/{owner}/{repo}/commits', 200)).toBe(1);
  });

  it('waits out a short secondary limit (429, retry-after 1) at real scale', async () => {
    github.rateLimits.failWithSecondaryLimit({ retryAfterSeconds: 1, match: 'GET /repos/{owner}/{repo}/issues' });
    const started = Date.now();
    const pages = await drain(codeHost(1000).sync(request()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(pages.flatMap((p) => p.items)).toHaveLength(2);
    expect(github.count('GET /repos/{owner}/{repo}/issues', 429)).toBe(1);
    expect(github.count('GET /repos/{owner}/{repo}/issues', 200)).toBe(1);
  });

  it('ends the run as rate_limited when a secondary limit asks for a long wait', async () => {
    github.rateLimits.failWithSecondaryLimit({ retryAfterSeconds: 900 });
    const err = await connectorFailure(drain(codeHost(1).sync(request())));
    expect(err).toMatchObject({ code: 'rate_limited', retryAfterMs: 900_000 });
  });

  it('takes a 403 secondary limit without Retry-After as a wait of a minute, not as a repository out of reach', async () => {
    github.rateLimits.failWith({
      status: 403,
      json: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      match: 'GET /repos/{owner}/{repo}/commits',
    });
    const impatient = codeHostConnector(github, { retryBaseMs: undefined, maxRateLimitWaitSeconds: 30 });
    const err = await connectorFailure(drain(impatient.sync(request())));
    expect(err).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
  });

  it('answers a refused token with auth_expired', async () => {
    const token = github.token();
    github.oauth.revokeToken(token);
    const err = await connectorFailure(drain(codeHost(1).sync(request(token))));
    expect(err.code).toBe('auth_expired');
    expect(err.message).not.toContain(token);
  });

  it('retries a passing server error, and gives provider_unavailable when it persists', async () => {
    github.rateLimits.failWith({ status: 502, match: 'GET /repos/{owner}/{repo}/commits' });
    expect((await drain(codeHost(1).sync(request()))).flatMap((p) => p.items)).toHaveLength(2);
    expect(github.count('GET /repos/{owner}/{repo}/commits', 502)).toBe(1);

    github.rateLimits.failWith({ status: 503, times: 4, match: 'GET /repos/{owner}/{repo}/commits' });
    const err = await connectorFailure(drain(codeHost(1).sync(request())));
    expect(err.code).toBe('provider_unavailable');
    // The first try and three retries.
    expect(github.count('GET /repos/{owner}/{repo}/commits', 503)).toBe(4);
  });

  it('gives provider_unavailable when the host cannot be reached', async () => {
    const gone = connectorFor('code-host', {
      codeHost: { apiUrl: 'http://127.0.0.1:9/api/v3', webUrl: 'http://127.0.0.1:9' },
      fetch: { allowPrivate: false, maxBytes: 1_000_000, timeoutMs: 5_000 },
      retryBaseMs: 1,
    })!;
    const err = await connectorFailure(drain(gone.sync(request())));
    expect(err.code).toBe('provider_unavailable');
  });

  it('passes an abort through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await drain(codeHost(1).sync(request(github.token(), controller.signal))).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ConnectorError);
    expect((err as Error).name).toMatch(/Abort/);
  });

  it('passes over a repository that is gone, keeping the others', async () => {
    github.createRepo('kept', { files: { 'a.md': 'a\n' } });
    const run = codeHost(1).sync({ ...request(), config: { repositories: ['octocat/missing', 'octocat/kept'] } });
    const items = (await drain(run)).flatMap((p) => p.items);
    expect(items.map((i) => i.externalId)).toEqual(['octocat/kept:a.md']);
  });
});
