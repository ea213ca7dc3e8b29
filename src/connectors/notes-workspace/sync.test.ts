import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeNotion, NOTION_VERSION, rich, type FakeDatabase, type FakePage } from '../../../test/fakes/notion/index.js';
import { bearer, connectorFailure, deletionsOf, drain, itemsOf, lastCursor, notesConnector, syncRequest, textOf } from '../../../test/helpers/connectors.js';
import type { Connector, SyncRequest } from '../types.js';

let notion: FakeNotion;
let connector: Connector;
let token: string;
let wiki: FakePage;
let onboarding: FakePage;
let scratch: FakePage;
let tasks: FakeDatabase;

function notes(retryBaseMs = 1, maxRateLimitWaitSeconds = 60): Connector {
  return notesConnector(notion, { retryBaseMs, maxRateLimitWaitSeconds });
}

function request(cursor: unknown = null, overrides: Partial<SyncRequest> = {}): SyncRequest {
  return syncRequest({ credentials: bearer(token), cursor, now: () => notion.clock.now(), ...overrides });
}
/** Past the two minutes in which an edit is read again (Notion keeps edit times to the minute). */
const settle = () => notion.clock.advance(180);

const WIKI_MARKDOWN = `# Team wiki

## Getting started

Welcome **aboard**, read the *whole* thing and see [the site](https://example.com/docs).

- First point
   - Nested point
- Second point

1. Install
1. Run

- [x] Laptop ready
- [ ] Accounts created

- Details
   Hidden until opened.

| Tool | Use |
| --- | --- |
| git | history |
| npm | packages |

\`\`\`typescript
const answer = 42;
\`\`\`

> Measure twice.

---

![Diagram](https://example.com/diagram.png)

[Onboarding](https://www.notion.so/ONBOARDING)
`;

beforeAll(async () => {
  notion = await FakeNotion.start();
  token = notion.token();
  connector = notes();
  const { state } = notion;
  wiki = state.addPage({ title: 'Team wiki' });
  onboarding = state.addPage({ title: 'Onboarding', parent: wiki, blocks: [{ type: 'paragraph', text: 'Day one.' }] });
  state.editPage(wiki, {
    blocks: [
      { type: 'heading_1', text: 'Getting started' },
      {
        type: 'paragraph',
        text: [
          rich('Welcome '),
          rich('aboard', { bold: true }),
          rich(', read the '),
          rich('whole', { italic: true }),
          rich(' thing and see '),
          rich('the site', { link: 'https://example.com/docs' }),
          rich('.'),
        ],
      },
      { type: 'bulleted_list_item', text: 'First point', children: [{ type: 'bulleted_list_item', text: 'Nested point' }] },
      { type: 'bulleted_list_item', text: 'Second point' },
      { type: 'numbered_list_item', text: 'Install' },
      { type: 'numbered_list_item', text: 'Run' },
      { type: 'to_do', text: 'Laptop ready', checked: true },
      { type: 'to_do', text: 'Accounts created', checked: false },
      { type: 'toggle', text: 'Details', children: [{ type: 'paragraph', text: 'Hidden until opened.' }] },
      {
        type: 'table',
        rows: [
          ['Tool', 'Use'],
          ['git', 'history'],
          ['npm', 'packages'],
        ],
      },
      { type: 'code', text: 'const answer = 42;', language: 'typescript' },
      { type: 'quote', text: 'Measure twice.' },
      { type: 'divider' },
      { type: 'image', url: 'https://example.com/diagram.png', caption: 'Diagram' },
      { type: 'child_page', pageId: onboarding.id, title: 'Onboarding' },
      { type: 'unsupported' },
    ],
  });
  tasks = state.addDatabase({ title: 'Tasks', parent: wiki, schema: { Name: 'title', Status: 'select', Tags: 'multi_select', Done: 'checkbox' } });
  state.addPage({
    title: 'Write docs',
    parent: tasks,
    values: { Status: 'Doing', Tags: ['docs', 'q1'], Done: false },
    blocks: [{ type: 'paragraph', text: 'Start with the README.' }],
  });
  scratch = state.addPage({ title: 'Scratch', blocks: Array.from({ length: 150 }, (_, i) => ({ type: 'paragraph' as const, text: `Line ${i}` })) });
  settle();
});
afterAll(() => notion.close());
beforeEach(() => notion.resetRequests());

describe('notes-workspace sync', () => {
  let firstCursor: unknown;

  it('imports every shared page and database as markdown on the first sync', async () => {
    const pages = await drain(connector.sync(request()));
    const items = itemsOf(pages);
    expect(items.map((i) => i.filepath).sort()).toEqual(['/Scratch', '/Team wiki', '/Team wiki/Onboarding', '/Team wiki/Tasks', '/Team wiki/Tasks/Write docs']);
    const wikiItem = items.find((i) => i.externalId === wiki.id)!;
    expect(wikiItem).toMatchObject({ type: 'notion_doc', title: 'Team wiki', body: { mediaType: 'text/markdown' } });
    expect(textOf(wikiItem)).toBe(WIKI_MARKDOWN.replace('https://www.notion.so/ONBOARDING', `https://www.notion.so/${onboarding.id.replace(/-/g, '')}`));
    const row = items.find((i) => i.title === 'Write docs')!;
    expect(textOf(row)).toBe('# Write docs\n\n- **Status**: Doing\n- **Tags**: docs, q1\n- **Done**: no\n\nStart with the README.\n');
    expect(row.metadata).toMatchObject({ parentType: 'data_source_id', databaseId: tasks.id, dataSourceId: tasks.sources[0] });
    // A database is read through its data source (2025-09-03): the table is the data source's document.
    expect(textOf(items.find((i) => i.externalId === tasks.sources[0])!)).toBe(
      '# Tasks\n\n| Name | Status | Tags | Done |\n| --- | --- | --- | --- |\n| Write docs | Doing | docs, q1 | no |\n',
    );
    // 150 blocks come in two pages of block children.
    expect(textOf(items.find((i) => i.externalId === scratch.id)!)).toContain('Line 149');
    expect(notion.requests.filter((r) => r.route === 'GET /v1/blocks/{id}/children' && r.path.includes(scratch.id))).toHaveLength(2);
    expect(notion.requests.every((r) => r.headers['notion-version'] === NOTION_VERSION)).toBe(true);
    firstCursor = lastCursor(pages);
  });

  it('reads again only what was edited, and deletes what went to the trash or stopped being shared', async () => {
    notion.state.editPage(onboarding, { blocks: [{ type: 'paragraph', text: 'Day one, revised.' }] });
    notion.state.addPage({ title: 'Fix bug', parent: tasks, values: { Status: 'Todo', Done: false } });
    notion.state.trash(scratch);
    const secret = notion.state.addPage({ title: 'Secret' });
    settle();
    const seeded = await drain(connector.sync(request(firstCursor)));
    expect(itemsOf(seeded).map((i) => i.title)).toEqual(expect.arrayContaining(['Onboarding', 'Tasks', 'Fix bug', 'Secret']));
    expect(itemsOf(seeded)).toHaveLength(4);
    expect(deletionsOf(seeded)).toEqual([scratch.id]);
    const children = notion.requests.filter((r) => r.route === 'GET /v1/blocks/{id}/children').map((r) => r.path);
    expect(children.some((p) => p.includes(wiki.id))).toBe(false);

    notion.state.pages.delete(secret.id);
    notion.resetRequests();
    const later = await drain(connector.sync(request(lastCursor(seeded))));
    expect(itemsOf(later)).toEqual([]);
    expect(deletionsOf(later)).toEqual([secret.id]);
    expect(notion.count('GET /v1/pages/{id}', 404)).toBe(1);
    firstCursor = lastCursor(later);
  });

  it('reads an edit from the last two minutes again, since Notion keeps edit times to the minute', async () => {
    notion.state.editPage(onboarding, { blocks: [{ type: 'paragraph', text: 'Day two.' }] });
    const first = await drain(connector.sync(request(firstCursor)));
    expect(itemsOf(first).map((i) => textOf(i))).toEqual(['# Onboarding\n\nDay two.\n']);
    // A second edit within the same minute leaves last_edited_time as it was.
    notion.state.editPage(onboarding, { blocks: [{ type: 'paragraph', text: 'Day two, later.' }] });
    const second = await drain(connector.sync(request(lastCursor(first))));
    expect(itemsOf(second).map((i) => textOf(i))).toEqual(['# Onboarding\n\nDay two, later.\n']);
    settle();
    const third = await drain(connector.sync(request(lastCursor(second))));
    // Read once more after settling, with the same content and so the same version.
    expect(itemsOf(third).map((i) => i.version)).toEqual(itemsOf(second).map((i) => i.version));
    expect(itemsOf(await drain(connector.sync(request(lastCursor(third)))))).toEqual([]);
  });

  it('pages through search and resumes from the cursor of any page', async () => {
    for (let i = 0; i < 130; i++) notion.state.addPage({ title: `Note ${i}` });
    settle();
    const pages = await drain(connector.sync(request()));
    const all = itemsOf(pages)
      .map((i) => i.externalId)
      .sort();
    expect(all.length).toBeGreaterThan(130);
    expect(notion.count('POST /v1/search')).toBe(2);
    for (const k of [0, 3, pages.length - 2]) {
      const rest = await drain(connector.sync(request(pages[k]!.cursor)));
      expect([...itemsOf(pages.slice(0, k + 1)), ...itemsOf(rest)].map((i) => i.externalId).sort()).toEqual(all);
      expect(deletionsOf(rest)).toEqual([]);
    }
  });

  it('caps new pages at maxItems, takes more as room is given; maxPages bounds what is imported', async () => {
    const first = await drain(connector.sync(request(null, { maxItems: 3 })));
    expect(itemsOf(first)).toHaveLength(3);
    const rest = await drain(connector.sync(request(lastCursor(first), { maxItems: 2 })));
    expect(itemsOf(rest)).toHaveLength(2);
    expect(new Set([...itemsOf(first), ...itemsOf(rest)].map((i) => i.externalId)).size).toBe(5);
    const bounded = await drain(connector.sync(request(null, { config: { maxPages: 4 } })));
    expect(itemsOf(bounded)).toHaveLength(4);
    expect(itemsOf(await drain(connector.sync(request(null, { maxItems: 0 }))))).toEqual([]);
  });
});

describe('notes-workspace limits and failures', () => {
  it('waits out a short 429 and ends the run as rate_limited when the wait is long', async () => {
    notion.rateLimit({ retryAfterSeconds: 1, match: 'POST /v1/search' });
    const started = Date.now();
    expect(itemsOf(await drain(notes(1000).sync(request(null, { maxItems: 1 }))))).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(notion.count('POST /v1/search', 429)).toBe(1);

    notion.rateLimit({ retryAfterSeconds: 300, match: 'GET /v1/blocks/{id}/children' });
    expect(await connectorFailure(drain(notes(1, 30).sync(request())))).toMatchObject({ code: 'rate_limited', retryAfterMs: 300_000 });
  });

  it('answers a revoked token with auth_expired', async () => {
    const revoked = notion.token();
    notion.oauth.revoke(revoked);
    const err = await connectorFailure(
      drain(connector.sync(request(null, { credentials: { tokens: { accessToken: revoked, refreshToken: null, expiresAt: null, scope: null } } }))),
    );
    expect(err.code).toBe('auth_expired');
    expect(err.message).not.toContain(revoked);
  });

  it('gives provider_unavailable after repeated 503s', async () => {
    notion.failWith({ status: 503, code: 'service_unavailable', times: 4, match: 'POST /v1/search' });
    expect((await connectorFailure(drain(connector.sync(request())))).code).toBe('provider_unavailable');
  });
});

describe('databases with several data sources, and objects that cannot be read (issue 33, defect 3)', () => {
  it('reads each data source of a database, and skips and reports one unreadable object without failing the run', async () => {
    const { state } = notion;
    const projects = state.addDatabase({ title: 'Projects', schema: { Name: 'title', Stage: 'select' } });
    state.addPage({ title: 'Launch', parent: projects, values: { Stage: 'Now' } });
    const archive = state.addDataSource(projects, { title: 'Archive', schema: { Name: 'title', Year: 'number' } });
    state.addPage({ title: 'Old launch', parent: archive, values: { Year: 2019 } });
    const locked = state.addPage({ title: 'Locked', blocks: [{ type: 'paragraph', text: 'Hidden.' }] });
    settle();
    notion.failWith({ status: 403, code: 'restricted_resource', times: 1, match: new RegExp(`/v1/blocks/${locked.id}/children`) });

    const pages = await drain(connector.sync(request()));
    const items = itemsOf(pages);
    const byPath = new Map(items.map((i) => [i.filepath, i]));
    expect(textOf(byPath.get('/Projects')!)).toBe('# Projects\n\n| Name | Stage |\n| --- | --- |\n| Launch | Now |\n');
    expect(textOf(byPath.get('/Projects/Archive')!)).toBe('# Archive\n\n| Name | Year |\n| --- | --- |\n| Old launch | 2019 |\n');
    expect(byPath.get('/Projects/Launch')!.metadata).toMatchObject({ parentType: 'data_source_id', databaseId: projects.id });
    expect(byPath.has('/Projects/Archive/Old launch')).toBe(true);
    expect(items.some((i) => i.externalId === locked.id)).toBe(false);
    expect(pages.flatMap((p) => p.skipped ?? [])).toEqual([{ externalId: locked.id, reason: expect.stringContaining('restricted_resource') }]);
    expect(notion.requests.every((r) => r.headers['notion-version'] === '2025-09-03')).toBe(true);
    expect(notion.count('POST /v1/data_sources/{id}/query')).toBeGreaterThan(0);

    // Readable again: the next run reads it.
    const again = await drain(connector.sync(request(lastCursor(pages))));
    expect(itemsOf(again).map((i) => i.externalId)).toContain(locked.id);
    expect(again.flatMap((p) => p.skipped ?? [])).toEqual([]);
  });

  it('replaces the whole-database documents of a cursor written before 2025-09-03 by their data sources', async () => {
    const legacy = { v: 1, known: { [tasks.id]: ['2026-01-01T00:00:00.000Z|', 1, 'd'] }, pass: 1, listing: null };
    const pages = await drain(connector.sync(request(legacy)));
    expect(deletionsOf(pages)).toEqual([tasks.id]);
    expect(itemsOf(pages).map((i) => i.externalId)).toContain(tasks.sources[0]);
  });
});
