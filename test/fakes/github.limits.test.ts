import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './github/index.js';

const ThrottledOctokit = Octokit.plugin(throttling, retry);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let github: FakeGitHub;
let limited: { primary: number[]; secondary: number[] };

/** A client as the connector will build it; waits are scaled down to milliseconds. */
function client(token = github.token()) {
  return new ThrottledOctokit({
    baseUrl: github.apiUrl,
    auth: token,
    log: quiet,
    retry: { retryAfterBaseValue: 1 },
    throttle: {
      retryAfterBaseValue: 1,
      onRateLimit: (retryAfter: number, _options: object, _octokit: unknown, retryCount: number) => {
        limited.primary.push(retryAfter);
        return retryCount < 2;
      },
      onSecondaryRateLimit: (retryAfter: number, _options: object, _octokit: unknown, retryCount: number) => {
        limited.secondary.push(retryAfter);
        return retryCount < 2;
      },
    },
  });
}

beforeAll(async () => {
  github = await FakeGitHub.start();
  github.createRepo('docs', { files: { 'README.md': '# Docs\n' } });
});
afterAll(() => github.close());
beforeEach(() => {
  limited = { primary: [], secondary: [] };
  github.resetRequests();
});

describe('fake GitHub rate limits with @octokit/plugin-throttling and plugin-retry', () => {
  it('answers an armed primary limit with 403, remaining 0 and reset; the client waits and retries', async () => {
    github.rateLimits.failWithPrimaryLimit({ resetInSeconds: 5, match: 'GET /repos/{owner}/{repo}' });
    const { data } = await client().rest.repos.get({ owner: 'octocat', repo: 'docs' });
    expect(data.name).toBe('docs');
    expect(limited.primary).toHaveLength(1);
    expect(limited.primary[0]).toBeGreaterThanOrEqual(5);
    expect(github.count('GET /repos/{owner}/{repo}', 403)).toBe(1);
    expect(github.count('GET /repos/{owner}/{repo}', 200)).toBe(1);
  });

  it('answers an armed secondary limit with 429 and retry-after; the client honours it', async () => {
    github.rateLimits.failWithSecondaryLimit({ retryAfterSeconds: 7, times: 2 });
    const { data } = await client().rest.users.getAuthenticated();
    expect(data.login).toBe('octocat');
    expect(limited.secondary).toEqual([7, 7]);
    expect(github.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('runs out when the window is used up, and resets when the fake clock passes the reset time', async () => {
    const token = github.token(github.state.addUser('busy-bee'));
    const raw = (headers: Record<string, string> = {}) => fetch(`${github.apiUrl}/user`, { headers: { authorization: `token ${token}`, ...headers } });
    github.rateLimits.setLimit(2);
    try {
      expect((await raw()).status).toBe(200);
      const last = await raw();
      expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
      const refused = await raw({ 'if-none-match': last.headers.get('etag')! });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(await refused.json()).toMatchObject({ message: expect.stringContaining('API rate limit exceeded') });

      github.clock.advance(Number(refused.headers.get('x-ratelimit-reset')) - github.clock.nowSeconds());
      const after = await raw();
      expect(after.status).toBe(200);
      expect(after.headers.get('x-ratelimit-remaining')).toBe('1');
    } finally {
      github.rateLimits.setLimit(5000);
    }
  });

  it('retries an armed 502 through plugin-retry', async () => {
    github.rateLimits.failWith({ status: 502, match: /^GET \/user$/ });
    const { data } = await client().rest.users.getAuthenticated();
    expect(data.login).toBe('octocat');
    expect(github.requests.map((r) => r.status)).toEqual([502, 200]);
  });
});
