import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '@octokit/webhooks-methods';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub, ZERO_SHA, type FakeRepo } from './github/index.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let github: FakeGitHub;
let repo: FakeRepo;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const secret = 'hook-secret';

beforeAll(async () => {
  github = await FakeGitHub.start();
  repo = github.createRepo('docs', { files: { 'README.md': '# Docs\n', 'old.md': 'old\n' } });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(202).end('queued');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/github`;
  github.webhooks.addHook(repo, { url: receiverUrl, secret, events: ['push', 'issues'] });
});
afterAll(async () => {
  await github.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

describe('fake GitHub webhooks', () => {
  it('creates a hook through the API and pings it, signed with the hook secret', async () => {
    github.createRepo('pinged');
    const octokit = new Octokit({ baseUrl: github.apiUrl, auth: github.token() });
    const { data: hook } = await octokit.rest.repos.createWebhook({
      owner: 'octocat',
      repo: 'pinged',
      config: { url: receiverUrl, secret, content_type: 'json' },
      events: ['push', 'issues'],
    });
    expect(hook.config).toMatchObject({ url: receiverUrl, content_type: 'json', secret: '********' });
    expect(received).toHaveLength(1);
    const [ping] = received;
    expect(ping.headers).toMatchObject({ 'x-github-event': 'ping', 'x-github-hook-id': String(hook.id), 'content-type': 'application/json' });
    expect(await verify(secret, ping.body, String(ping.headers['x-hub-signature-256']))).toBe(true);
    expect(JSON.parse(ping.body).hook_id).toBe(hook.id);
    const { data: hooks } = await octokit.rest.repos.listWebhooks({ owner: 'octocat', repo: 'pinged' });
    expect(hooks.map((h) => h.id)).toEqual([hook.id]);
  });

  it('delivers a push with real headers and a signature octokit verifies', async () => {
    const before = repo.headCommit()!.sha;
    repo.commit({ 'README.md': '# Docs v2\n', 'new.md': 'new\n', 'old.md': null });
    const after = repo.renameFile('new.md', 'moved.md').sha;

    const [delivery] = await github.webhooks.sendPush(repo, { before });
    expect(delivery.status).toBe(202);
    const [push] = received;
    expect(push.headers['user-agent']).toMatch(/^GitHub-Hookshot\//);
    expect(push.headers['x-github-event']).toBe('push');
    expect(push.headers['x-github-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(push.headers['x-hub-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify(secret, push.body, String(push.headers['x-hub-signature-256']))).toBe(true);

    const payload = JSON.parse(push.body);
    expect(payload).toMatchObject({ ref: 'refs/heads/main', before, after, created: false, repository: { full_name: 'octocat/docs' } });
    expect(payload.commits.map((c: any) => [c.added, c.removed, c.modified])).toEqual([
      [['new.md'], ['old.md'], ['README.md']],
      [['moved.md'], ['new.md'], []],
    ]);
    expect(payload.head_commit.id).toBe(after);
  });

  it('can sign with a wrong secret or not at all, and redelivers with the same delivery id', async () => {
    const issue = repo.addIssue({ title: 'Bug' });
    const [wrong] = await github.webhooks.sendIssues(repo, 'opened', issue.number, { signature: 'wrong' });
    expect(await verify(secret, received[0].body, String(received[0].headers['x-hub-signature-256']))).toBe(false);
    expect(JSON.parse(received[0].body)).toMatchObject({ action: 'opened', issue: { number: issue.number, title: 'Bug' } });

    const again = await github.webhooks.redeliver(wrong.guid, { signature: 'valid' });
    expect(again.redelivery).toBe(true);
    expect(received[1].headers['x-github-delivery']).toBe(wrong.guid);
    expect(received[1].body).toBe(received[0].body);
    expect(await verify(secret, received[1].body, String(received[1].headers['x-hub-signature-256']))).toBe(true);

    await github.webhooks.sendPush(repo, { before: ZERO_SHA, signature: 'missing', to: { url: receiverUrl, secret } });
    expect(received[2].headers['x-hub-signature-256']).toBeUndefined();
    expect(JSON.parse(received[2].body).created).toBe(true);
  });
});
