import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { ChildServer, type DurableStore, durableStore } from '../helpers/child-server.js';
import { authorize, codeHostEnv } from '../helpers/connections.js';
import { driver, waitFor } from '../helpers/server.js';

describe('connections: crash recovery', () => {
  const key = `em_test_${randomBytes(16).toString('hex')}`;
  let github: FakeGitHub;
  let server: ChildServer;
  let store: DurableStore | undefined;

  beforeAll(async () => {
    github = await FakeGitHub.start();
    const env: Record<string, string> = {
      ...codeHostEnv(github),
      // Provider waits in real seconds: the run sits in a rate-limit wait while it is killed.
      SYNC_PROVIDER_WAIT_MS: '1000',
      ENGRAM_API_KEY: key,
      ENGRAM_SECRET_KEY: randomBytes(32).toString('hex'),
      WORKER_POLL_MS: '100',
      JOB_LEASE_MS: '2000',
    };
    store = await durableStore('sync-crash', driver === 'postgres' ? inject('pgUrl')! : null);
    Object.assign(env, store.env);
    server = await ChildServer.create(env);
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await github?.close();
    await store?.remove();
  });

  const api = (method: string, path: string, body?: unknown) => server.request(key, method, path, body);

  it('after kill -9 mid-sync and a restart, the run completes under the same record and nothing is imported twice', async () => {
    const files = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [`${n}.md`, `# ${n.toUpperCase()}\n\nPage ${n} of the runbook.\n`]));
    github.createRepo('runbook', { files });
    github.rateLimits.failWithSecondaryLimit({ times: 1, retryAfterSeconds: 30, match: /^GET \/repos\/octocat\/runbook\/contents\/c\.md/ });

    const created = await api('POST', '/v3/connections/github', { containerTag: 'crash', metadata: { repositories: 'octocat/runbook', includeIssues: false } });
    expect(created.status).toBe(200);
    expect((await authorize(created.body.authLink)).status).toBe(200);
    await waitFor(
      async () => (github.requests.some((r) => r.path.endsWith('/contents/c.md') && r.status === 429) ? true : undefined),
      30_000,
      'the sync to be held by the rate limit',
    );
    const [running] = (await api('GET', `/v3/connections/${created.body.id}/sync-runs`)).body;
    expect(running.status).toBe('running');

    await server.kill();
    await server.start();

    const runs = await waitFor(
      async () => {
        const res = await api('GET', `/v3/connections/${created.body.id}/sync-runs`);
        return res.body.length && res.body.every((r: any) => r.status !== 'running') ? res.body : undefined;
      },
      90_000,
      'the run to finish after the restart',
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: running.id, status: 'completed' });
    const docs = await waitFor(
      async () => {
        const res = await api('POST', '/v3/documents/list', { containerTags: ['crash'], source: 'code-host', limit: 100 });
        return res.body.memories.length === 5 && res.body.memories.every((d: any) => d.status === 'done') ? res.body.memories : undefined;
      },
      60_000,
      'five done documents',
    );
    expect(docs.map((d: any) => d.title).sort()).toEqual(['a.md', 'b.md', 'c.md', 'd.md', 'e.md']);
  });
});
