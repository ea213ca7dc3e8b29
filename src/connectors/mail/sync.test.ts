import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGoogle, type FakeMessage } from '../../../test/fakes/google/index.js';
import { buildDocx } from '../../../test/fixtures/convert/office.js';
import { bearer, googleConnector, syncRequest } from '../../../test/helpers/connectors.js';
import { convertToMarkdown } from '../../convert/index.js';
import type { Connector, SourceItem, SyncPage, SyncRequest } from '../types.js';

let google: FakeGoogle;
let connector: Connector;

function mailFor(fake: FakeGoogle): Connector {
  return googleConnector(fake, 'mail', { convert: convertToMarkdown });
}

beforeAll(async () => {
  google = await FakeGoogle.start();
  connector = mailFor(google);
});
afterAll(() => google.close());
beforeEach(() => google.resetRequests());

function request(overrides: Partial<SyncRequest> = {}, fake = google, metadata: Record<string, unknown> = {}): SyncRequest {
  return syncRequest({ credentials: bearer(fake.token()), config: connector.parseConfig(metadata), now: () => fake.clock.now(), ...overrides });
}

async function drain(pages: AsyncIterable<SyncPage>) {
  const all: SyncPage[] = [];
  for await (const page of pages) all.push(page);
  return { pages: all, items: all.flatMap((p) => p.items), deletions: all.flatMap((p) => p.deletions), cursor: all.at(-1)?.cursor ?? null };
}

const textOf = (item: SourceItem | undefined) => (item && 'text' in item.body ? item.body.text : '');
const ids = (items: SourceItem[]) => items.map((i) => i.externalId).sort();

describe('mail sync', () => {
  let cursor: unknown;
  const m: Record<string, FakeMessage> = {};

  beforeAll(async () => {
    const box = google.gmail.mailbox;
    m.plan = box.addMessage({
      from: 'Bob Builder <bob@example.com>',
      to: ['ada@example.com'],
      cc: ['carol@example.com'],
      subject: 'Quarterly plan',
      text: 'Hello team, the plan is attached.',
      html: '<html><body><p>Hello <b>team</b>, the plan is attached.</p><table><tr><th>Goal</th><th>Owner</th></tr><tr><td>Launch</td><td>Ada</td></tr></table></body></html>',
      attachments: [
        { filename: 'plan.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: await buildDocx() },
        { filename: 'logo.png', mimeType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });
    google.clock.advance(60);
    m.reply = box.addMessage({
      from: 'Ada Lovelace <ada@example.com>',
      to: ['bob@example.com'],
      subject: 'Re: Quarterly plan',
      text: 'Thanks, looks good.',
      replyTo: m.plan,
    });
    m.cafe = box.addMessage({ from: 'carol@example.com', to: ['ada@example.com'], subject: 'Café ☕ on Friday', text: 'Coffee at ten?' });
    m.old = box.addMessage({ from: 'dave@example.com', to: ['ada@example.com'], subject: 'Old news', text: 'Nothing new.' });
    m.spam = box.addMessage({ from: 'win@spam.example', to: ['ada@example.com'], subject: 'You won', text: 'Click', labelIds: ['SPAM'] });
  });

  it('first sync: one document per thread, HTML bodies as markdown, attachments converted when supported', async () => {
    const run = await drain(connector.sync(request()));
    expect(ids(run.items)).toEqual([m.plan!.threadId, m.cafe!.threadId, m.old!.threadId].sort());
    expect(run.pages.at(-1)!.complete).toBe(true);

    const plan = run.items.find((i) => i.externalId === m.plan!.threadId)!;
    expect(plan).toMatchObject({
      title: 'Quarterly plan',
      type: 'text',
      filepath: null,
      url: `${google.endpoints.mailWebUrl}#all/${m.plan!.threadId}`,
      body: { mediaType: 'text/markdown' },
      metadata: { threadId: m.plan!.threadId, messageCount: 2, participants: ['bob@example.com', 'ada@example.com', 'carol@example.com'] },
    });
    const text = textOf(plan);
    expect(text.startsWith('# Quarterly plan\n')).toBe(true);
    expect(text).toContain('## Bob Builder <bob@example.com>');
    expect(text).toContain('**Cc:** carol@example.com');
    expect(text).toMatch(/Hello \*\*team\*\*/);
    expect(text).toMatch(/\| Goal \| Owner \|/);
    expect(text).toContain('### Attachment: plan.docx');
    expect(text).toContain('Revenue');
    expect(text).toContain('### Attachment: logo.png\n\n_(image/png, not converted)_');
    // The reply follows the first message in the same document.
    expect(text.indexOf('Thanks, looks good.')).toBeGreaterThan(text.indexOf('plan.docx'));
    expect(plan.updatedAt!.getTime()).toBe(m.reply!.internalDate);

    expect(run.items.find((i) => i.externalId === m.cafe!.threadId)!.title).toBe('Café ☕ on Friday');
    expect(google.count('GET /gmail/v1/users/{userId}/messages/{id}')).toBe(4);
    cursor = run.cursor;
  });

  it('an unchanged mailbox costs one history request', async () => {
    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items).toEqual([]);
    expect(run.deletions).toEqual([]);
    expect(google.requests.map((r) => r.route)).toEqual(['GET /gmail/v1/users/{userId}/history']);
    cursor = run.cursor;
  });

  it('an incremental sync refetches the threads the history names and deletes those gone', async () => {
    const box = google.gmail.mailbox;
    google.clock.advance(60);
    const answer = box.addMessage({ from: 'ada@example.com', to: ['carol@example.com'], subject: 'Re: Café ☕ on Friday', text: 'Yes!', replyTo: m.cafe });
    const fresh = box.addMessage({ from: 'erin@example.com', to: ['ada@example.com'], subject: 'Hello', text: 'New thread.' });
    box.trash(m.plan!.id);
    box.trash(m.reply!.id);
    box.deleteMessage(m.old!.id);
    box.addLabels(m.spam!.id, ['STARRED']);
    google.resetRequests();

    const run = await drain(connector.sync(request({ cursor })));
    expect(ids(run.items)).toEqual([m.cafe!.threadId, fresh.threadId].sort());
    expect(textOf(run.items.find((i) => i.externalId === m.cafe!.threadId))).toContain('Yes!');
    expect(run.items.find((i) => i.externalId === m.cafe!.threadId)!.metadata.messageCount).toBe(2);
    // Trashed and deleted for good; a star on spam changes no thread's membership and is not looked at.
    expect(run.deletions.sort()).toEqual([m.plan!.threadId, m.old!.threadId].sort());
    expect(google.count('GET /gmail/v1/users/{userId}/threads/{id}')).toBe(4);
    expect(google.count('GET /gmail/v1/users/{userId}/threads')).toBe(0);
    expect(google.count('GET /gmail/v1/users/{userId}/messages/{id}')).toBe(3);
    expect(answer.threadId).toBe(m.cafe!.threadId);
    cursor = run.cursor;
  });

  it('lists everything again when the stored history is too old for Gmail', async () => {
    google.gmail.mailbox.expireHistory();
    google.gmail.mailbox.addMessage({ from: 'frank@example.com', to: ['ada@example.com'], subject: 'After the gap', text: 'Hi.' });
    const run = await drain(connector.sync(request({ cursor })));
    expect(google.count('GET /gmail/v1/users/{userId}/history', 404)).toBe(1);
    expect(run.items.map((i) => i.title).sort()).toEqual(['After the gap', 'Café ☕ on Friday', 'Hello']);
    expect(run.pages.at(-1)!.complete).toBe(true);
    cursor = run.cursor;
    expect((await drain(connector.sync(request({ cursor })))).items).toEqual([]);
  });

  it('keeps to the chosen labels', async () => {
    const box = google.gmail.mailbox;
    const work = box.addMessage({
      from: 'gina@example.com',
      to: ['ada@example.com'],
      subject: 'Work item',
      text: 'Tagged.',
      labelIds: ['INBOX', 'Label_work'],
    });
    const run = await drain(connector.sync(request({ config: connector.parseConfig({ labels: ['Label_work'] }) })));
    expect(ids(run.items)).toEqual([work.threadId]);
  });

  it('leaves out a message too large to fetch, and says so', async () => {
    const box = google.gmail.mailbox;
    const first = box.addMessage({
      from: 'ivy@example.com',
      to: ['ada@example.com'],
      subject: 'Big files',
      text: 'See the next one.',
      labelIds: ['Label_big'],
    });
    const huge = box.addMessage({
      from: 'ivy@example.com',
      to: ['ada@example.com'],
      subject: 'Re: Big files',
      text: 'x',
      replyTo: first,
      labelIds: ['Label_big'],
    });
    huge.raw = Buffer.alloc(41 * 1024 * 1024);
    google.resetRequests();
    const run = await drain(connector.sync(request({ config: connector.parseConfig({ labels: ['Label_big'] }) })));
    expect(run.items).toHaveLength(1);
    expect(textOf(run.items[0])).toContain('See the next one.');
    expect(textOf(run.items[0])).toContain('_1 message was too large to import._');
    expect(run.items[0]!.metadata.messageCount).toBe(2);
    expect(google.requests.filter((r) => r.path.endsWith(`/messages/${huge.id}`))).toEqual([]);
    box.deleteMessage(huge.id);
  });

  it('waits out a short 429 and ends the run as rate_limited with a long Retry-After', async () => {
    google.gmail.mailbox.addMessage({ from: 'hal@example.com', to: ['ada@example.com'], subject: 'Limits', text: 'x' });
    google.failNext({ match: 'GET /gmail/v1/users/{userId}/history', retryAfterSeconds: 1 });
    const run = await drain(connector.sync(request({ cursor })));
    expect(run.items.map((i) => i.title)).toContain('Limits');
    expect(google.count('GET /gmail/v1/users/{userId}/history', 429)).toBe(1);

    google.failNext({ match: /\/messages\//, retryAfterSeconds: 7_200 });
    google.gmail.mailbox.addMessage({ from: 'hal@example.com', to: ['ada@example.com'], subject: 'More limits', text: 'y' });
    await expect(drain(connector.sync(request({ cursor: run.cursor })))).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 7_200_000 });
  });

  it('an access token Google refuses is auth_expired', async () => {
    const expired = google.token(undefined, 1);
    google.clock.advance(2);
    const req = request({ cursor, credentials: { tokens: { accessToken: expired, refreshToken: null, expiresAt: null, scope: null } } });
    await expect(drain(connector.sync(req))).rejects.toMatchObject({ code: 'auth_expired' });
  });

  it('a token granted without the Gmail scope (unticked on the consent page) is auth_expired', async () => {
    const driveOnly = google.token(['https://www.googleapis.com/auth/drive.readonly']);
    const req = request({ cursor, credentials: { tokens: { accessToken: driveOnly, refreshToken: null, expiresAt: null, scope: null } } });
    await expect(drain(connector.sync(req))).rejects.toMatchObject({ code: 'auth_expired', message: expect.stringMatching(/scope/) });
  });
});

describe('mail sync with maxItems', () => {
  let other: FakeGoogle;
  let mail: Connector;

  beforeAll(async () => {
    other = await FakeGoogle.start();
    mail = mailFor(other);
    for (let i = 0; i < 120; i++) other.gmail.mailbox.addMessage({ from: 'x@example.com', to: ['ada@example.com'], subject: `Note ${i}`, text: `note ${i}` });
  });
  afterAll(() => other.close());

  it('caps new threads at maxItems but finishes the listing, and the next run reads the history', async () => {
    const first = await drain(mail.sync(request({ maxItems: 105 }, other)));
    expect(first.items).toHaveLength(105);
    expect(first.pages.at(-1)!.complete).toBe(true);
    other.gmail.mailbox.addMessage({ from: 'x@example.com', to: ['ada@example.com'], subject: 'Late', text: 'after the listing' });
    const second = await drain(mail.sync(request({ cursor: first.cursor, maxItems: 1 }, other)));
    expect(second.items.map((i) => i.title)).toEqual(['Late']);
  });

  it('resumes from the cursor of any page, as after a restart', async () => {
    const pages: SyncPage[] = [];
    for await (const page of mail.sync(request({}, other))) pages.push(page);
    for (const i of [0, 3, pages.length - 2]) {
      const rest = await drain(mail.sync(request({ cursor: pages[i]!.cursor }, other)));
      const seen = [...pages.slice(0, i + 1).flatMap((p) => p.items), ...rest.items].map((x) => x.externalId);
      expect(new Set(seen).size).toBe(121);
      expect(seen).toHaveLength(121);
    }
  });
});

describe('mail sync and what changed', () => {
  let fake: FakeGoogle;
  let mail: Connector;

  beforeAll(async () => {
    fake = await FakeGoogle.start();
    mail = mailFor(fake);
  });
  afterAll(() => fake.close());

  it('reads a long history 500 threads at a time, never listing the mailbox again', async () => {
    const box = fake.gmail.mailbox;
    const messages = Array.from({ length: 620 }, (_, i) => box.addMessage({ from: 'x@example.com', to: ['ada@example.com'], subject: `Old ${i}`, text: 'x' }));
    const cursor = { v: 1, historyId: String(box.historyId), listing: null, pending: [] };
    for (const m of messages) box.trash(m.id);
    fake.resetRequests();
    const downloads = fake.gmail.downloads.length;
    const run = await drain(mail.sync(request({ cursor }, fake)));
    expect(run.deletions).toHaveLength(620);
    expect(new Set(run.deletions).size).toBe(620);
    expect(fake.count('GET /gmail/v1/users/{userId}/threads')).toBe(0);
    expect(fake.gmail.downloads.length).toBe(downloads);
    // A page handed over while the history is still being read names where to read on.
    expect(run.pages.some((p) => typeof (p.cursor as { historyPage?: unknown }).historyPage === 'string')).toBe(true);
    expect(run.cursor).toMatchObject({ historyId: String(box.historyId), pending: [], historyPage: null });
  });

  it('keeps a held thread whose messages are the same without downloading it, even when the mailbox is listed again', async () => {
    const box = fake.gmail.mailbox;
    const a = box.addMessage({ from: 'x@example.com', to: ['ada@example.com'], subject: 'Kept A', text: 'a', labelIds: ['Label_kept'] });
    box.addMessage({ from: 'x@example.com', to: ['ada@example.com'], subject: 'Kept B', text: 'b', labelIds: ['Label_kept'] });
    const config = mail.parseConfig({ labels: ['Label_kept'] });
    const first = await drain(mail.sync(request({ config }, fake)));
    expect(first.items).toHaveLength(2);
    const versions = new Map(first.items.map((i) => [i.externalId, i.version]));

    box.expireHistory();
    box.addMessage({ from: 'y@example.com', to: ['ada@example.com'], subject: 'Re: Kept A', text: 'a2', labelIds: ['Label_kept'], replyTo: a });
    const downloads = fake.gmail.downloads.length;
    const again = await drain(mail.sync(request({ config, cursor: first.cursor, versions }, fake)));
    // Listed again (the history lapsed): the changed thread is read, the other kept as it is.
    expect(again.items.map((i) => i.title)).toEqual(['Kept A']);
    expect(again.pages.flatMap((p) => p.kept ?? [])).toEqual([...versions.keys()].filter((id) => id !== a.threadId));
    expect(again.pages.at(-1)!.complete).toBe(true);
    expect(fake.gmail.downloads.length).toBe(downloads + 2);
  });
});
