import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub, type FakeUser } from '../../../test/fakes/github/index.js';
import { codeHostConnector } from '../../../test/helpers/connectors.js';
import { ConnectorConfigError, type Connector, type SyncRequest } from '../types.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
}

let github: FakeGitHub;
let connector: Connector;
let mona: FakeUser;
let receiver: http.Server;
let hookUrl: string;
const received: Received[] = [];
const SECRET = 'per-connection-secret';

beforeAll(async () => {
  github = await FakeGitHub.start();
  connector = codeHostConnector(github);
  mona = github.state.addUser('mona');
  for (const name of ['alpha', 'bravo', 'charlie', 'delta']) github.createRepo(name, { files: { 'README.md': `# ${name}\n` } }, mona);
  github.createRepo('secret', { private: true }).collaborators.add('mona');
  github.createRepo('hidden', { private: true });

  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v3/connections/webhooks/code-host`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await github.close();
});

function request(config: Record<string, unknown> = {}): SyncRequest {
  return {
    credentials: { tokens: { accessToken: github.token(mona), refreshToken: null, expiresAt: null, scope: 'repo' } },
    config,
    cursor: null,
    maxItems: null,
    signal: new AbortController().signal,
    now: () => new Date(),
  };
}

describe('code-host resources', () => {
  it('lists the repositories the user can read, a page at a time, with the exact total', async () => {
    const first = await connector.resources!(request(), { page: 1, perPage: 2 });
    expect(first.totalCount).toBe(5);
    expect(first.resources).toEqual([
      expect.objectContaining({ full_name: 'mona/alpha', name: 'alpha', owner: 'mona', default_branch: 'main', html_url: `${github.webUrl}/mona/alpha` }),
      expect.objectContaining({ full_name: 'mona/bravo' }),
    ]);
    const last = await connector.resources!(request(), { page: 3, perPage: 2 });
    expect(last).toEqual({ resources: [expect.objectContaining({ full_name: 'octocat/secret', private: true })], totalCount: 5 });
    const all = await connector.resources!(request(), { page: 1, perPage: 30 });
    expect(all.totalCount).toBe(5);
    expect(all.resources.map((r) => (r as { full_name: string }).full_name)).not.toContain('octocat/hidden');
  });
});

describe('code-host configure and webhooks', () => {
  let config: Record<string, unknown>;

  it('stores the chosen repositories and registers a push and issues hook on each', async () => {
    const { resources } = await connector.resources!(request(), { page: 1, perPage: 2 });
    const result = await connector.configure!(request({ keep: 'me' }), resources, { url: hookUrl, secret: SECRET });
    expect(result).toEqual({ config: { keep: 'me', repositories: ['mona/alpha', 'mona/bravo'] }, webhooksRegistered: 2 });
    const hooks = github.webhooks.hooks.filter((h) => h.url === hookUrl);
    expect(hooks.map((h) => [h.repo.fullName, h.events, h.secret, h.contentType])).toEqual([
      ['mona/alpha', ['push', 'issues'], SECRET, 'json'],
      ['mona/bravo', ['push', 'issues'], SECRET, 'json'],
    ]);
    config = result.config;
  });

  it('replaces its own hooks on a new selection, and takes them off repositories dropped', async () => {
    const result = await connector.configure!(request(config), [{ full_name: 'mona/bravo' }, { fullName: 'mona/charlie' }], {
      url: hookUrl,
      secret: 'rotated',
    });
    expect(result).toEqual({ config: { keep: 'me', repositories: ['mona/bravo', 'mona/charlie'] }, webhooksRegistered: 2 });
    const hooks = github.webhooks.hooks.filter((h) => h.url === hookUrl);
    expect(hooks.map((h) => [h.repo.fullName, h.secret])).toEqual([
      ['mona/bravo', 'rotated'],
      ['mona/charlie', 'rotated'],
    ]);
    config = result.config;
  });

  it('refuses a selection naming no repository, or one it cannot read, by its index', async () => {
    const bad = await connector.configure!(request(), [{ full_name: 'mona/alpha' }, { id: 3 }], { url: hookUrl, secret: SECRET }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ConnectorConfigError);
    expect((bad as ConnectorConfigError).field).toBe('resources[1]');
    const hidden = await connector.configure!(request(), [{ full_name: 'octocat/hidden' }], { url: hookUrl, secret: SECRET }).catch((e: unknown) => e);
    expect(hidden).toMatchObject({ field: 'resources[0]' });
  });

  it('counts no hook where the user may not add one', async () => {
    const result = await connector.configure!(request(), [{ full_name: 'mona/delta' }], { url: hookUrl, secret: SECRET });
    expect(result.webhooksRegistered).toBe(1);
    // A collaborator may read but GitHub answers 404 to adding hooks; the fake lets any reader add them,
    // so the refusal is armed here.
    github.rateLimits.failWith({ status: 404, json: { message: 'Not Found' }, match: 'POST /repos/{owner}/{repo}/hooks' });
    const refused = await connector.configure!(request(), [{ full_name: 'octocat/secret' }], { url: hookUrl, secret: SECRET });
    expect(refused.webhooksRegistered).toBe(0);
  });

  it('verifies deliveries by their signature over the raw body', async () => {
    const repo = github.state.repo('mona', 'charlie')!;
    const before = repo.headCommit()!.sha;
    repo.writeFile('guide.md', 'new\n');
    received.length = 0;
    await github.webhooks.sendPush(repo, { before, signature: 'valid' });
    await github.webhooks.sendPush(repo, { before, signature: 'wrong' });
    await github.webhooks.sendPush(repo, { before, signature: 'missing' });
    const [valid, wrong, missing] = received;
    const verify = connector.webhook!.verify;
    expect(verify(valid!.headers, valid!.rawBody, 'rotated')).toBe(true);
    expect(verify(valid!.headers, valid!.rawBody, SECRET)).toBe(false);
    expect(verify(valid!.headers, Buffer.concat([valid!.rawBody, Buffer.from(' ')]), 'rotated')).toBe(false);
    expect(verify(wrong!.headers, wrong!.rawBody, 'rotated')).toBe(false);
    expect(verify(missing!.headers, missing!.rawBody, 'rotated')).toBe(false);
    expect(verify({ 'x-hub-signature-256': 'sha256=short' }, valid!.rawBody, 'rotated')).toBe(false);

    expect(connector.webhook!.describe(valid!.headers, JSON.parse(valid!.rawBody.toString()))).toEqual({
      deliveryId: valid!.headers['x-github-delivery'],
      resource: 'mona/charlie',
      event: 'push',
    });
  });

  it('agrees with the reference signer, with headers in any case', async () => {
    const body = Buffer.from('{"zen":"Keep it logically awesome.","ünïcode":true}');
    const signature = await sign(SECRET, body.toString('utf8'));
    expect(connector.webhook!.verify({ 'X-Hub-Signature-256': [signature] }, body, SECRET)).toBe(true);
    expect(connector.webhook!.verify({ 'x-hub-signature-256': signature }, body, '')).toBe(false);
  });
});

describe('code-host coverage of documents after a new selection', () => {
  it('covers files of chosen repositories with a chosen extension, and their issues', () => {
    const config = connector.parseConfig({ repositories: ['mona/bravo'], extensions: ['md'], includeIssues: false });
    expect(connector.covers!('mona/bravo:docs/a.md', config)).toBe(true);
    expect(connector.covers!('mona/bravo:src/a.ts', config)).toBe(false);
    expect(connector.covers!('mona/alpha:docs/a.md', config)).toBe(false);
    expect(connector.covers!('mona/bravo#4', config)).toBe(false);
    expect(connector.covers!('mona/bravo#4', connector.parseConfig({ repositories: ['mona/bravo'] }))).toBe(true);
  });
});
