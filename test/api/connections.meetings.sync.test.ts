import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeMeetings } from '../fakes/meetings/index.js';
import { FakeWebsite } from '../fakes/website.js';
import { MovableClock } from '../helpers/clock.js';
import { expectDeferredThenRelease, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

const DAY_MS = 24 * 3600_000;

let meetings: FakeMeetings;
let server: TestServer;
const clock = new MovableClock();

beforeAll(async () => {
  meetings = await FakeMeetings.start();
  server = await startTestServer({ MEETINGS_API_URL: meetings.apiUrl, SYNC_PROVIDER_WAIT_MS: '1', SYNC_SCHEDULER_MS: '200' }, { clock });
});

afterAll(async () => {
  await server?.close();
  await meetings?.close();
});

/** Every test starts with no meetings (the fake's notes are shared by every key). */
beforeEach(() => meetings.notes.clear());

const contentOf = async (doc: { id: string }) => (await server.request('GET', `/v3/documents/${doc.id}`)).body.content as string;
const importNow = async (tag: string) =>
  expect((await server.request('POST', '/v3/connections/meetings/import', { body: { containerTags: [tag] } })).status).toBe(202);

async function connect(tag: string, metadata: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, key?: string): Promise<string> {
  const created = await server.request('POST', '/v3/connections/meetings', {
    key,
    body: { containerTag: tag, metadata: { apiKey: meetings.apiKey(), ...metadata }, ...extra },
  });
  expect(created.status).toBe(200);
  return created.body.id;
}

describe('meetings sync over HTTP', () => {
  it('imports each meeting with its summary, attendees and transcript, then follows an edit and a deletion on import', async () => {
    const planning = meetings.addMeeting({
      title: 'Quarterly planning',
      folders: ['Leadership'],
      attendees: [meetings.owner, { name: 'Grace Hopper', email: 'grace@meetings.example' }],
      summaryMarkdown: '## Decisions\n\n- We agreed on the roadmap.',
      transcript: [
        { source: 'microphone', text: 'Shall we start with the roadmap?', at: 5 },
        { source: 'speaker', diarizationLabel: 'Grace', text: 'Compilers first, then the rest.', at: 12 },
      ],
    });
    const hiring = meetings.addMeeting({ title: 'Hiring sync', summaryMarkdown: 'Two offers out.' });

    const id = await connect('meet_sync');
    const docs = await waitForSourceDocuments(server, 'meetings', 'meet_sync', 2);
    const doc = docs.find((d: any) => d.title === 'Quarterly planning');
    expect(doc.filepath).toBe('/Leadership/Quarterly planning');
    const content = await contentOf(doc);
    for (const text of ['We agreed on the roadmap.', 'grace@meetings.example', 'Shall we start with the roadmap?', 'Grace', 'Compilers first, then the rest.'])
      expect(content).toContain(text);
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 2 });

    // Notes keep their update time to the second: the edit comes a minute later.
    meetings.clock.advance(60);
    meetings.editMeeting(planning, { summaryMarkdown: '## Decisions\n\n- We agreed on the roadmap and the budget.' });
    meetings.deleteMeeting(hiring);
    await importNow('meet_sync');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', triggerType: 'manual', itemsProcessed: 1, itemsDeleted: 1 });
    const after = await waitForSourceDocuments(server, 'meetings', 'meet_sync', 1);
    expect(after[0].title).toBe('Quarterly planning');
    await waitFor(async () => ((await contentOf(after[0])).includes('and the budget') ? true : undefined));
  });

  it('a refused API key fails the run as auth_expired and puts the connection in error', async () => {
    meetings.addMeeting({ title: 'Retro' });
    const created = await server.request('POST', '/v3/connections/meetings', {
      body: { containerTag: 'meet_bad_key', metadata: { apiKey: 'grn_not_a_key_of_this_account' } },
    });
    expect(created.status).toBe(200);
    expect((await waitForRuns(server, created.body.id, 1))[0]).toMatchObject({ status: 'failed', errorCode: 'auth_expired' });
    expect((await server.request('GET', `/v3/connections/${created.body.id}`)).body).toMatchObject({
      status: 'error',
      lastSyncRun: { errorCode: 'auth_expired' },
    });

    // A key that worked and is revoked later: the next import fails the same way.
    const apiKey = meetings.apiKey();
    const revoked = await server.request('POST', '/v3/connections/meetings', { body: { containerTag: 'meet_revoked', metadata: { apiKey } } });
    await waitForSourceDocuments(server, 'meetings', 'meet_revoked', 1);
    meetings.apiKeys.delete(apiKey);
    await importNow('meet_revoked');
    expect((await waitForRuns(server, revoked.body.id, 2))[0]).toMatchObject({ status: 'failed', errorCode: 'auth_expired' });
    expect((await server.request('GET', `/v3/connections/${revoked.body.id}`)).body.status).toBe('error');
  });

  it('imports no more than the documentLimit, and no more than maxMeetings', async () => {
    for (const title of ['One', 'Two', 'Three']) meetings.addMeeting({ title, summaryMarkdown: `${title} notes.` });
    const limited = await connect('meet_limited', {}, { documentLimit: 2 });
    expect((await waitForRuns(server, limited, 1))[0]).toMatchObject({ status: 'completed' });
    expect(await waitForSourceDocuments(server, 'meetings', 'meet_limited', 2)).toHaveLength(2);

    const capped = await connect('meet_capped', { maxMeetings: 1 });
    expect((await waitForRuns(server, capped, 1))[0]).toMatchObject({ status: 'completed' });
    expect(await waitForSourceDocuments(server, 'meetings', 'meet_capped', 1)).toHaveLength(1);
  });

  it("applies the organization's include and exclude lists to meeting folders and titles", async () => {
    const key = await server.createKey({ orgName: 'meet-filters', role: 'admin' });
    const patched = await server.request('PATCH', '/v3/settings', {
      key,
      body: { includeItems: { folderNames: ['Customers'] }, excludeItems: { titlePatterns: ['*internal*'] } },
    });
    expect(patched.status).toBe(200);
    meetings.addMeeting({ title: 'Acme kickoff', folders: ['Customers'], summaryMarkdown: 'Kept.' });
    meetings.addMeeting({ title: 'Acme internal debrief', folders: ['Customers'], summaryMarkdown: 'Excluded by title.' });
    meetings.addMeeting({ title: 'Standup', folders: ['Team'], summaryMarkdown: 'Not in an included folder.' });

    const id = await connect('meet_filtered', {}, {}, key);
    expect((await waitForRuns(server, id, 1, key))[0]).toMatchObject({ status: 'completed' });
    const listed = await waitFor(async () => {
      const res = await server.request('POST', '/v3/documents/list', { key, body: { containerTags: ['meet_filtered'], limit: 10 } });
      return res.body.memories?.length && res.body.memories.every((d: any) => d.status === 'done') ? res.body.memories : undefined;
    });
    expect(listed.map((d: any) => d.title)).toEqual(['Acme kickoff']);
  });

  it('waits out a short Retry-After in the run, and defers the sync past a long one without spending an attempt', async () => {
    meetings.addMeeting({ title: 'Limited', summaryMarkdown: 'Rate.' });
    meetings.rateLimit({ match: 'GET /v1/notes', retryAfterSeconds: 2 });
    const quick = await connect('meet_quick_limit');
    expect((await waitForRuns(server, quick, 1))[0]).toMatchObject({ status: 'completed', errorCode: null });
    expect(meetings.count('GET /v1/notes', 429)).toBe(1);

    meetings.rateLimit({ match: 'GET /v1/notes/{note_id}', retryAfterSeconds: 3600 });
    const id = await connect('meet_long_limit');
    expect((await waitForRuns(server, id, 1))[0]).toMatchObject({ status: 'failed', errorCode: 'rate_limited' });
    await expectDeferredThenRelease(server, id, 3600);
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', errorCode: null });
    await waitForSourceDocuments(server, 'meetings', 'meet_long_limit', 1);
    expect((await syncJobsOf(server, id))[0]).toMatchObject({ attempts: 1, status: 'done' });
  });

  it('deletes a connection keeping its documents or with them', async () => {
    meetings.addMeeting({ title: 'Kept', summaryMarkdown: 'Stays.' });
    const keep = await connect('meet_keep');
    const drop = await connect('meet_drop');
    await waitForSourceDocuments(server, 'meetings', 'meet_keep', 1);
    await waitForSourceDocuments(server, 'meetings', 'meet_drop', 1);

    expect((await server.request('DELETE', `/v3/connections/${keep}?deleteDocuments=false`)).status).toBe(200);
    expect((await server.request('GET', `/v3/connections/${keep}`)).status).toBe(404);
    expect(await waitForSourceDocuments(server, 'meetings', 'meet_keep', 1)).toHaveLength(1);

    expect((await server.request('DELETE', `/v3/connections/${drop}`)).status).toBe(200);
    await waitFor(async () => {
      const res = await server.request('POST', '/v3/documents/list', { body: { containerTags: ['meet_drop'], limit: 10 } });
      return res.body.memories.length === 0 ? true : undefined;
    });
  });

  it('is never synced by the scheduler: only imports run it, however far the clock moves', async () => {
    meetings.addMeeting({ title: 'Manual only', summaryMarkdown: 'Imported by hand.' });
    const id = await connect('meet_manual');
    await waitForSourceDocuments(server, 'meetings', 'meet_manual', 1);
    await waitForRuns(server, id, 1);
    const nextSync = async (connectionId: string) =>
      ((await server.app.database.db.execute(sql`select next_sync_at from connections where id = ${connectionId}`)) as any).rows[0].next_sync_at;
    expect(await nextSync(id)).toBeNull();

    // A scheduled kind beside it shows the scheduler ran after the clock moved.
    const site = await FakeWebsite.start({ crawlDelaySeconds: 0 });
    try {
      const crawler = await server.request('POST', '/v3/connections/web-crawler', {
        body: { containerTag: 'meet_manual', metadata: { startUrl: site.url('/'), maxPages: 1 } },
      });
      expect((await waitForRuns(server, crawler.body.id, 1))[0]).toMatchObject({ status: 'completed' });
      expect(await nextSync(crawler.body.id)).not.toBeNull();

      clock.advance(30 * DAY_MS);
      const [scheduled] = await waitForRuns(server, crawler.body.id, 2);
      expect(scheduled).toMatchObject({ triggerType: 'cron' });
      const runs = await waitForRuns(server, id, 1);
      expect(runs.map((r) => r.triggerType)).toEqual(['manual']);
      expect(await nextSync(id)).toBeNull();
    } finally {
      await site.close();
    }
  });
});
