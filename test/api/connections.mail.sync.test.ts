import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../fakes/google/index.js';
import {
  connectKind,
  documentsByTitle,
  expectDeferredThenRelease,
  expectDeleteDropsThenKeeps,
  importNow,
  startGoogleServer,
  waitForRuns,
  waitForSourceDocuments,
} from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let google: FakeGoogle;
let server: TestServer;

beforeAll(async () => {
  google = await FakeGoogle.start();
  server = await startGoogleServer(google, 'mail');
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** Each test keeps to its own Gmail label, so the connections of one mailbox do not see each other's threads. */
const mail = (label: string, subject: string, text: string, extra: { replyTo?: any; from?: string } = {}) =>
  google.gmail.mailbox.addMessage({
    from: extra.from ?? 'grace@example.com',
    to: ['ada@example.com'],
    subject,
    text,
    labelIds: ['INBOX', label],
    replyTo: extra.replyTo,
  });

const titles = (docs: any[]) => docs.map((d) => d.title).sort();

describe('mail connections over HTTP', () => {
  it('keeps a thread in one document, updates it when a reply arrives, adds new threads and drops deleted ones', async () => {
    const plan = mail('Label_sync', 'Launch plan', 'We launch on Tuesday.');
    const lunch = mail('Label_sync', 'Lunch', 'Noon at the usual place.');
    const id = await connectKind(server, 'gmail', 'mail_sync', { metadata: { labels: ['Label_sync'] } });
    const first = await documentsByTitle(server, 'mail', 'mail_sync', 2);
    expect([...first.keys()].sort()).toEqual(['Launch plan', 'Lunch']);
    expect(first.get('Launch plan').content).toContain('We launch on Tuesday.');
    const [run] = await waitForRuns(server, id, 1);
    expect(run).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 2 });

    mail('Label_sync', 'Re: Launch plan', 'Tuesday works for me.', { replyTo: plan, from: 'alan@example.com' });
    google.gmail.mailbox.deleteMessage(lunch.id);
    mail('Label_sync', 'Offsite', 'Book the venue.');
    await importNow(server, 'gmail', 'mail_sync');
    const [second] = await waitForRuns(server, id, 2);
    expect(second).toMatchObject({ status: 'completed', itemsProcessed: 2, itemsDeleted: 1 });

    const after = await waitFor(async () => {
      const docs = await documentsByTitle(server, 'mail', 'mail_sync', 2);
      return docs.get('Launch plan')?.content?.includes('Tuesday works for me.') ? docs : undefined;
    });
    expect([...after.keys()].sort()).toEqual(['Launch plan', 'Offsite']);
    const thread = after.get('Launch plan').content as string;
    // One document for the thread: the first message, then the reply.
    expect(thread.indexOf('We launch on Tuesday.')).toBeGreaterThanOrEqual(0);
    expect(thread.indexOf('Tuesday works for me.')).toBeGreaterThan(thread.indexOf('We launch on Tuesday.'));
    expect(after.get('Launch plan').id).toBe(first.get('Launch plan').id);
  });

  it('lists the mailbox again when Gmail no longer has the stored history, dropping threads gone meanwhile', async () => {
    const kept = mail('Label_gap', 'Kept', 'still here');
    const gone = mail('Label_gap', 'Gone', 'deleted during the gap');
    const id = await connectKind(server, 'gmail', 'mail_gap', { metadata: { labels: ['Label_gap'] } });
    await waitForSourceDocuments(server, 'mail', 'mail_gap', 2);
    await waitForRuns(server, id, 1);

    google.gmail.mailbox.expireHistory();
    google.gmail.mailbox.deleteMessage(gone.id);
    mail('Label_gap', 'After the gap', 'new');
    const tooOld = google.count('GET /gmail/v1/users/{userId}/history', 404);
    await importNow(server, 'gmail', 'mail_gap');
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsDeleted: 1 });
    expect(google.count('GET /gmail/v1/users/{userId}/history', 404)).toBe(tooOld + 1);
    expect(titles(await waitForSourceDocuments(server, 'mail', 'mail_gap', 2))).toEqual(['After the gap', 'Kept']);
    expect(kept.threadId).not.toBe(gone.threadId);
  });

  it('label churn downloads nothing: marking mail read, starring, or relabelling a held thread fetches no message again', async () => {
    const first = mail('Label_churn', 'Budget', 'Numbers attached.');
    mail('Label_churn', 'Re: Budget', 'Looks right.', { replyTo: first });
    const second = mail('Label_churn', 'Standup', 'Ten o’clock.');
    // Mail of the same mailbox this connection does not sync: more than 500 threads.
    const elsewhere = Array.from({ length: 501 }, (_, i) => mail('Label_churn_other', `Other ${i}`, 'not synced'));
    const id = await connectKind(server, 'gmail', 'mail_churn', { metadata: { labels: ['Label_churn'] } });
    await waitForSourceDocuments(server, 'mail', 'mail_churn', 2);
    await waitForRuns(server, id, 1);

    const box = google.gmail.mailbox;
    // "Mark all as read" over the whole mailbox, a star on a held thread, and the synced label taken
    // off and put back on one message of a held thread (membership checked, the thread unchanged).
    for (const m of [...box.messages.values()]) if (m.labelIds.includes('UNREAD')) box.removeLabels(m.id, ['UNREAD']);
    box.addLabels(second.id, ['STARRED']);
    box.removeLabels(first.id, ['Label_churn']);
    box.addLabels(first.id, ['Label_churn']);
    expect(elsewhere).toHaveLength(501);
    const downloads = google.gmail.downloads.length;
    const listings = google.count('GET /gmail/v1/users/{userId}/threads');
    await importNow(server, 'gmail', 'mail_churn');
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 0, itemsDeleted: 0 });
    // No listing of the mailbox again, no message downloaded again.
    expect(google.count('GET /gmail/v1/users/{userId}/threads')).toBe(listings);
    expect(google.gmail.downloads.length).toBe(downloads);
    expect(titles(await waitForSourceDocuments(server, 'mail', 'mail_churn', 2))).toEqual(['Budget', 'Standup']);

    // A reply is a change of content: only its own message is new, and the thread is read again.
    mail('Label_churn', 'Re: Standup', 'Moved to eleven.', { replyTo: second });
    await importNow(server, 'gmail', 'mail_churn');
    const [third] = await waitForRuns(server, id, 3);
    expect(third).toMatchObject({ status: 'completed', itemsProcessed: 1 });
    expect(google.gmail.downloads.length).toBe(downloads + 2);
  });

  it('refreshes an expired access token and stores the rotated refresh token', async () => {
    mail('Label_token', 'Tokens', 'first');
    const id = await connectKind(server, 'gmail', 'mail_token', { metadata: { labels: ['Label_token'] } });
    await waitForRuns(server, id, 1);
    google.oauth.rotateRefreshTokens = true;
    const refreshes = () => google.requests.filter((r) => r.route === 'POST /token' && r.status === 200).length;
    try {
      for (const [i, subject] of ['Second', 'Third'].entries()) {
        // Past the access token's hour: Google refuses it, the engine refreshes and carries on.
        google.clock.advance(3700);
        const before = refreshes();
        mail('Label_token', subject, 'more');
        await importNow(server, 'gmail', 'mail_token');
        const [run] = await waitForRuns(server, id, 2 + i);
        expect(run).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 1 });
        expect(refreshes()).toBe(before + 1);
      }
      // The second refresh could only work with the refresh token the first one handed out.
      expect(titles(await waitForSourceDocuments(server, 'mail', 'mail_token', 3))).toEqual(['Second', 'Third', 'Tokens']);
      expect((await server.request('GET', `/v3/connections/${id}`)).body.status).toBe('active');
    } finally {
      google.oauth.rotateRefreshTokens = false;
    }
  });

  it('imports no more than documentLimit threads', async () => {
    for (const n of ['One', 'Two', 'Three']) mail('Label_limit', n, n);
    const id = await connectKind(server, 'gmail', 'mail_limit', { documentLimit: 2, metadata: { labels: ['Label_limit'] } });
    const [run] = await waitForRuns(server, id, 1);
    expect(run.status).toBe('completed');
    await waitForSourceDocuments(server, 'mail', 'mail_limit', 2);
  });

  it('keeps to the chosen labels and to the settings include and exclude lists', async () => {
    mail('Label_filter', 'Weekly newsletter', 'news');
    mail('Label_filter', 'Contract draft', 'terms');
    mail('Label_other', 'Not chosen', 'elsewhere');
    const patched = await server.request('PATCH', '/v3/settings', { body: { excludeItems: { titlePatterns: ['*newsletter*'] } } });
    expect(patched.status).toBe(200);
    try {
      const id = await connectKind(server, 'gmail', 'mail_filter', { metadata: { labels: ['Label_filter'] } });
      await waitForRuns(server, id, 1);
      expect(titles(await waitForSourceDocuments(server, 'mail', 'mail_filter', 1))).toEqual(['Contract draft']);
    } finally {
      await server.request('PATCH', '/v3/settings', { body: { excludeItems: null } });
    }
    const included = await server.request('PATCH', '/v3/settings', { body: { includeItems: { titlePatterns: ['weekly*'] } } });
    expect(included.status).toBe(200);
    try {
      const id = await connectKind(server, 'gmail', 'mail_include', { metadata: { labels: ['Label_filter'] } });
      await waitForRuns(server, id, 1);
      expect(titles(await waitForSourceDocuments(server, 'mail', 'mail_include', 1))).toEqual(['Weekly newsletter']);
    } finally {
      await server.request('PATCH', '/v3/settings', { body: { includeItems: null } });
    }
  });

  it('refuses a label that is not a Gmail label id, naming the field', async () => {
    const res = await server.request('POST', '/v3/connections/gmail', { body: { containerTag: 'mail_bad', metadata: { labels: ['no spaces allowed'] } } });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatch(/labels/);
  });

  it('deletes a connection with its documents by default, or keeps them', async () => {
    mail('Label_delete', 'Delete me', 'bye');
    const dropped = await connectKind(server, 'gmail', 'mail_drop', { metadata: { labels: ['Label_delete'] } });
    const kept = await connectKind(server, 'gmail', 'mail_keep', { metadata: { labels: ['Label_delete'] } });
    await waitForSourceDocuments(server, 'mail', 'mail_drop', 1);
    const [doc] = await waitForSourceDocuments(server, 'mail', 'mail_keep', 1);

    await expectDeleteDropsThenKeeps(server, { id: dropped, tag: 'mail_drop', provider: 'mail' }, { id: kept, documentId: doc.id });
  });

  it('defers a sync past a long Retry-After without spending an attempt, then completes it', async () => {
    mail('Label_limited', 'Rate limited', 'later');
    google.failNext({ match: 'GET /gmail/v1/users/{userId}/threads', retryAfterSeconds: 3600 });
    const id = await connectKind(server, 'gmail', 'mail_limited', { metadata: { labels: ['Label_limited'] } });
    const [limited] = await waitForRuns(server, id, 1);
    expect(limited).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
    await expectDeferredThenRelease(server, id, 3600);
    const [done] = await waitForRuns(server, id, 2);
    expect(done).toMatchObject({ status: 'completed', errorCode: null, itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'mail', 'mail_limited', 1);
  });
});
