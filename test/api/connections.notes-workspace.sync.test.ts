import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeNotion } from '../fakes/notion/index.js';
import {
  connectKind,
  documentsByTitle,
  expectDeferredThenRelease,
  expectDeleteDropsThenKeeps,
  importNow,
  startNotionServer,
  waitForRuns,
  waitForSourceDocuments,
} from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let notion: FakeNotion;
let server: TestServer;

beforeAll(async () => {
  notion = await FakeNotion.start();
  server = await startNotionServer(notion);
});

afterAll(async () => {
  await server?.close();
  await notion?.close();
});

// One workspace serves every connection: each test starts with nothing shared (what came before is in the trash).
beforeEach(() => {
  for (const target of [...notion.state.pages.values(), ...notion.state.databases.values()]) if (!target.inTrash) notion.state.trash(target);
});

const titles = (docs: any[]) => docs.map((d) => d.title).sort();
const paragraph = (text: string) => [{ type: 'paragraph' as const, text }];

describe('notes-workspace connections over HTTP', () => {
  it('follows an edit and a deletion at the source', async () => {
    const roadmap = notion.state.addPage({ title: 'Roadmap', blocks: paragraph('Ship the connectors.') });
    const old = notion.state.addPage({ title: 'Old plan', blocks: paragraph('Abandoned.') });
    const id = await connectKind(server, 'notion', 'notion_sync');
    const first = await documentsByTitle(server, 'notes-workspace', 'notion_sync', 2);
    expect([...first.keys()].sort()).toEqual(['Old plan', 'Roadmap']);
    expect(first.get('Roadmap').content).toContain('Ship the connectors.');
    await waitForRuns(server, id, 1);

    notion.clock.advance(120);
    notion.state.editPage(roadmap, { blocks: paragraph('Ship the connectors, then the docs.') });
    notion.state.trash(old);
    await importNow(server, 'notion', 'notion_sync');
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 1, itemsDeleted: 1 });
    const after = await waitFor(async () => {
      const docs = await documentsByTitle(server, 'notes-workspace', 'notion_sync', 1);
      return docs.get('Roadmap')?.content?.includes('then the docs') ? docs : undefined;
    });
    expect(after.get('Roadmap').id).toBe(first.get('Roadmap').id);
  });

  it('drops a page no longer shared with the integration (404)', async () => {
    notion.state.addPage({ title: 'Shared', blocks: paragraph('Visible.') });
    const unshared = notion.state.addPage({ title: 'Unshared later', blocks: paragraph('Soon gone.') });
    const id = await connectKind(server, 'notion', 'notion_unshare');
    await waitForSourceDocuments(server, 'notes-workspace', 'notion_unshare', 2);
    await waitForRuns(server, id, 1);
    notion.state.pages.delete(unshared.id);
    await importNow(server, 'notion', 'notion_unshare');
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ status: 'completed', itemsDeleted: 1 });
    expect(titles(await waitForSourceDocuments(server, 'notes-workspace', 'notion_unshare', 1))).toEqual(['Shared']);
  });

  it('refreshes a refused access token and stores the rotated refresh token', async () => {
    notion.state.addPage({ title: 'Tokens', blocks: paragraph('first') });
    const id = await connectKind(server, 'notion', 'notion_token');
    await waitForRuns(server, id, 1);
    const refreshes = () => notion.requests.filter((r) => r.route === 'POST /v1/oauth/token' && r.status === 200).length;
    for (const [i, title] of ['Second', 'Third'].entries()) {
      // Notion stops accepting the access token: the engine refreshes it and carries on.
      for (const token of [...notion.oauth.tokens]) notion.oauth.revoke(token);
      const before = refreshes();
      notion.state.addPage({ title, blocks: paragraph('more') });
      await importNow(server, 'notion', 'notion_token');
      const [run] = await waitForRuns(server, id, 2 + i);
      expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 1 });
      expect(refreshes()).toBe(before + 1);
    }
    // Notion's refresh tokens work once: the second refresh needed the one the first handed out.
    expect(titles(await waitForSourceDocuments(server, 'notes-workspace', 'notion_token', 3))).toEqual(['Second', 'Third', 'Tokens']);
    expect((await server.request('GET', `/v3/connections/${id}`)).body.status).toBe('active');
  });

  it('imports no more than documentLimit pages', async () => {
    for (const title of ['One', 'Two', 'Three']) notion.state.addPage({ title, blocks: paragraph(title) });
    const id = await connectKind(server, 'notion', 'notion_limit', { documentLimit: 2 });
    const [run] = await waitForRuns(server, id, 1);
    expect(run.status).toBe('completed');
    await waitForSourceDocuments(server, 'notes-workspace', 'notion_limit', 2);
  });

  it('follows the settings include and exclude lists (folders are the pages above, titles the page titles)', async () => {
    const wiki = notion.state.addPage({ title: 'Team wiki', blocks: paragraph('Index.') });
    notion.state.addPage({ title: 'Onboarding', parent: wiki, blocks: paragraph('Day one.') });
    notion.state.addPage({ title: 'Draft: pricing', parent: wiki, blocks: paragraph('Not yet.') });
    notion.state.addPage({ title: 'Elsewhere', blocks: paragraph('Outside the wiki.') });
    const patched = await server.request('PATCH', '/v3/settings', {
      body: { includeItems: { folderNames: ['Team wiki'] }, excludeItems: { titlePatterns: ['draft:*'] } },
    });
    expect(patched.status).toBe(200);
    try {
      const id = await connectKind(server, 'notion', 'notion_filter');
      await waitForRuns(server, id, 1);
      expect(titles(await waitForSourceDocuments(server, 'notes-workspace', 'notion_filter', 1))).toEqual(['Onboarding']);
    } finally {
      await server.request('PATCH', '/v3/settings', { body: { includeItems: null, excludeItems: null } });
    }
  });

  it('refuses a maxPages out of range, naming the field', async () => {
    const res = await server.request('POST', '/v3/connections/notion', { body: { containerTag: 'notion_bad', metadata: { maxPages: 0 } } });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatch(/maxPages/);
  });

  it('deletes a connection with its documents by default, or keeps them', async () => {
    notion.state.addPage({ title: 'Delete me', blocks: paragraph('bye') });
    const dropped = await connectKind(server, 'notion', 'notion_drop');
    const kept = await connectKind(server, 'notion', 'notion_keep');
    await waitForSourceDocuments(server, 'notes-workspace', 'notion_drop', 1);
    const [doc] = await waitForSourceDocuments(server, 'notes-workspace', 'notion_keep', 1);

    await expectDeleteDropsThenKeeps(server, { id: dropped, tag: 'notion_drop', provider: 'notes-workspace' }, { id: kept, documentId: doc.id });
  });

  it('defers a sync past a long Retry-After without spending an attempt, then completes it', async () => {
    notion.state.addPage({ title: 'Rate limited', blocks: paragraph('later') });
    notion.rateLimit({ retryAfterSeconds: 3600, times: 1, match: 'POST /v1/search' });
    const id = await connectKind(server, 'notion', 'notion_limited');
    const [limited] = await waitForRuns(server, id, 1);
    expect(limited).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
    await expectDeferredThenRelease(server, id, 3600);
    const [done] = await waitForRuns(server, id, 2);
    expect(done).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'notes-workspace', 'notion_limited', 1);
  });
});

describe('a database with two data sources and a page the integration may not read (issue 33, defect 3)', () => {
  it('imports each data source, skips the unreadable page and reports it in the completed run', async () => {
    const projects = notion.state.addDatabase({ title: 'Projects', schema: { Name: 'title', Stage: 'select' } });
    notion.state.addPage({ title: 'Launch', parent: projects, values: { Stage: 'Now' } });
    const archive = notion.state.addDataSource(projects, { title: 'Archive', schema: { Name: 'title', Year: 'number' } });
    notion.state.addPage({ title: 'Old launch', parent: archive, values: { Year: 2019 } });
    const locked = notion.state.addPage({ title: 'Locked', blocks: paragraph('Hidden.') });
    notion.failWith({ status: 403, code: 'restricted_resource', times: 1, match: new RegExp(`/v1/blocks/${locked.id}/children`) });
    const id = await connectKind(server, 'notion', 'notion_sources');
    const docs = await documentsByTitle(server, 'notes-workspace', 'notion_sources', 4);
    expect([...docs.keys()].sort()).toEqual(['Archive', 'Launch', 'Old launch', 'Projects']);
    const [run] = await waitForRuns(server, id, 1);
    expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 4, itemsFailed: 1 });
    expect(run).toMatchObject({ error: expect.stringMatching(new RegExp(`${locked.id} \\(403 restricted_resource\\)`)) });

    // The next run reads it.
    await importNow(server, 'notion', 'notion_sources');
    const [next] = await waitForRuns(server, id, 2);
    expect(next).toMatchObject({ status: 'completed', error: null, itemsFailed: 0, itemsProcessed: 1 });
  });
});
