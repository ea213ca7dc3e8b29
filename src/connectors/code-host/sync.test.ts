import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub, type FakeRepo } from '../../../test/fakes/github/index.js';
import { bearer, codeHostConnector, syncRequest } from '../../../test/helpers/connectors.js';
import type { Connector, SourceItem, SyncPage, SyncRequest } from '../types.js';

let github: FakeGitHub;
let connector: Connector;
let repo: FakeRepo;
let token: string;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);

beforeAll(async () => {
  github = await FakeGitHub.start();
  connector = codeHostConnector(github, { now: () => github.clock.now() });
  token = github.token();
});
afterAll(() => github.close());

function request(overrides: Partial<SyncRequest> & { config?: Record<string, unknown> } = {}): SyncRequest {
  return syncRequest({
    credentials: bearer(token, 'repo'),
    now: () => github.clock.now(),
    ...overrides,
    config: connector.parseConfig({ repositories: [repo.fullName], maxFileBytes: 1000, ...overrides.config }),
  });
}

async function drain(pages: AsyncIterable<SyncPage>) {
  const all: SyncPage[] = [];
  for await (const page of pages) all.push(page);
  return {
    pages: all,
    items: all.flatMap((p) => p.items),
    deletions: all.flatMap((p) => p.deletions),
    cursor: all.at(-1)?.cursor ?? null,
  };
}

const ids = (items: SourceItem[]) => items.map((i) => i.externalId).sort();
const textOf = (item: SourceItem | undefined) => (item && 'text' in item.body ? item.body.text : undefined);

describe('code-host sync', () => {
  let cursor: unknown;

  beforeAll(() => {
    repo = github.createRepo('handbook', {
      private: true,
      files: {
        'README.md': '# Handbook\n',
        'guide/intro.md': 'Start here.\n',
        'guide/setup.md': 'Install it.\n',
        'src/app.ts': 'export const answer = 42;\n',
        'notes.txt': 'plain notes\n',
        'docs/huge.md': 'x'.repeat(2_000),
        'assets/logo.png': PNG,
        'data/binary.txt': Buffer.from([0x61, 0, 0x62]),
        'node_modules/lib/index.js': 'module.exports = 1;\n',
      },
    });
    repo.addIssue({ title: 'Crash on start', body: 'It crashes.', labels: ['bug'] });
    repo.addIssue({ title: 'Add dark mode', pullRequest: true });
    repo.addIssue({ title: 'Docs are thin', body: 'More please.' });
  });

  beforeEach(() => github.resetRequests());

  it('first sync yields the chosen files (by extension, under the size cap) and the issues, not pull requests', async () => {
    const run = await drain(connector.sync(request()));
    expect(ids(run.items)).toEqual([
      'octocat/handbook#1',
      'octocat/handbook#3',
      'octocat/handbook:README.md',
      'octocat/handbook:guide/intro.md',
      'octocat/handbook:guide/setup.md',
      'octocat/handbook:notes.txt',
      'octocat/handbook:src/app.ts',
    ]);
    expect(run.deletions).toEqual([]);

    const readme = run.items.find((i) => i.externalId === 'octocat/handbook:README.md')!;
    expect(readme).toMatchObject({
      type: 'github_markdown',
      title: 'README.md',
      filepath: 'octocat/handbook/README.md',
      body: { text: '# Handbook\n', mediaType: 'text/markdown' },
      metadata: { repository: 'octocat/handbook', path: 'README.md', kind: 'file' },
      url: `${github.webUrl}/octocat/handbook/blob/${repo.headCommit()!.sha}/README.md`,
    });
    expect(readme.version).toBe(repo.headCommit()!.files.get('README.md'));
    expect(run.items.find((i) => i.externalId.endsWith('src/app.ts'))).toMatchObject({ type: 'text', body: { mediaType: 'text/plain' } });

    const bug = run.items.find((i) => i.externalId === 'octocat/handbook#1')!;
    expect(bug).toMatchObject({ type: 'github_markdown', title: 'Crash on start', url: `${github.webUrl}/octocat/handbook/issues/1` });
    expect(textOf(bug)).toBe('# Crash on start\n\nState: open · Labels: bug\n\nIt crashes.\n');
    expect(bug.metadata).toMatchObject({ kind: 'issue', issueNumber: 1, state: 'open', labels: ['bug'] });

    // Only the files that pass the filters were fetched, each once (the binary .txt shows itself only then).
    expect(github.count('GET /repos/{owner}/{repo}/contents/{+path}')).toBe(6);
    cursor = run.cursor;
  });

  it('an unchanged repository costs a 304 for its head', async () => {
    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items).toEqual([]);
    expect(run.deletions).toEqual([]);
    expect(github.count('GET /repos/{owner}/{repo}/commits', 304)).toBe(1);
    expect(github.count('GET /repos/{owner}/{repo}/contents/{+path}')).toBe(0);
    cursor = run.cursor;

    // The issues list read to its end last time is now answered with a 304 too.
    github.resetRequests();
    const again = await drain(connector.sync(request({ cursor })));
    expect(again.items).toEqual([]);
    expect(github.count('GET /repos/{owner}/{repo}/issues', 304)).toBe(1);
    expect(github.count('GET /repos/{owner}/{repo}/commits', 304)).toBe(1);
    cursor = again.cursor;
  });

  it('an incremental sync yields exactly what changed, fetching only that', async () => {
    github.clock.advance(5);
    repo.writeFile('guide/intro.md', 'Start here, then read the setup.\n');
    repo.deleteFile('notes.txt');
    repo.renameFile('guide/setup.md', 'guide/install.md');
    repo.writeFile('docs/huge.md', 'now small\n');
    repo.writeFile('assets/other.png', PNG);
    repo.editIssue(3, { body: 'Much more, please.' });
    github.resetRequests();

    const run = await drain(connector.sync(request({ cursor })));
    expect(ids(run.items)).toEqual([
      'octocat/handbook#3',
      'octocat/handbook:docs/huge.md',
      'octocat/handbook:guide/install.md',
      'octocat/handbook:guide/intro.md',
    ]);
    expect(run.deletions.sort()).toEqual(['octocat/handbook:guide/setup.md', 'octocat/handbook:notes.txt']);
    expect(textOf(run.items.find((i) => i.externalId.endsWith('intro.md')))).toBe('Start here, then read the setup.\n');
    expect(textOf(run.items.find((i) => i.externalId.endsWith('#3')))).toContain('Much more, please.');

    expect(github.count('GET /repos/{owner}/{repo}/compare/{+basehead}')).toBe(1);
    expect(github.count('GET /repos/{owner}/{repo}/contents/{+path}')).toBe(3);
    expect(github.count('GET /repos/{owner}/{repo}/git/trees/{+tree_sha}')).toBe(0);
    cursor = run.cursor;
  });

  it('a file that grows past the size cap is deleted', async () => {
    repo.writeFile('guide/intro.md', 'y'.repeat(5_000));
    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items).toEqual([]);
    expect(run.deletions).toEqual(['octocat/handbook:guide/intro.md']);
    cursor = run.cursor;
  });

  it('falls back to comparing trees after a force-push', async () => {
    // main is reset to the commit before the synced head and gets a new commit: the histories diverge.
    const [, parent] = repo.history(repo.headCommit()!);
    repo.branches.set('rewrite', parent!.sha);
    const rewritten = repo.commit({ 'guide/extra.md': 'extra\n' }, { branch: 'rewrite' });
    repo.branches.set('main', rewritten.sha);
    github.resetRequests();

    const run = await drain(connector.sync(request({ cursor })));
    // The force-push undid the growth of intro.md, so it is back; nothing was removed.
    expect(ids(run.items)).toEqual(['octocat/handbook:guide/extra.md', 'octocat/handbook:guide/intro.md']);
    expect(run.deletions).toEqual([]);
    expect(github.count('GET /repos/{owner}/{repo}/git/trees/{+tree_sha}')).toBe(2);
  });
});

describe('code-host sync with maxItems', () => {
  beforeAll(() => {
    const files = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`notes/n${String(i).padStart(2, '0')}.md`, `note ${i}\n`]));
    repo = github.createRepo('many', { files });
    for (let i = 0; i < 3; i++) repo.addIssue({ title: `Issue ${i}` });
  });

  it('caps new items at maxItems but goes on to the head, so the next run starts from there', async () => {
    const first = await drain(connector.sync(request({ maxItems: 22 })));
    expect(first.items).toHaveLength(22);
    expect(first.pages.length).toBeGreaterThanOrEqual(2);
    const second = await drain(connector.sync(request({ cursor: first.cursor, maxItems: 4 })));
    expect(second.items).toEqual([]);
  });

  it('at maxItems 0 still takes the items held, and moves the cursor', async () => {
    const all = await drain(connector.sync(request()));
    const held = new Set(all.items.slice(0, 3).map((i) => i.externalId));
    const run = await drain(connector.sync({ ...request({ maxItems: 0 }), held }));
    expect(new Set(run.items.map((i) => i.externalId))).toEqual(held);
    expect(run.cursor).toEqual(all.cursor);
  });

  it('resumes from the cursor of any page, as after a restart mid-sync', async () => {
    const pages: SyncPage[] = [];
    for await (const page of connector.sync(request())) {
      pages.push(page);
      break;
    }
    const rest = await drain(connector.sync(request({ cursor: pages[0]!.cursor })));
    const all = [...pages[0]!.items, ...rest.items].map((i) => i.externalId);
    expect(new Set(all).size).toBe(28);
    expect(all).toHaveLength(28);
  });
});
