import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMeetings } from '../fakes/meetings/index.js';
import { waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let meetings: FakeMeetings;
let server: TestServer;

beforeAll(async () => {
  meetings = await FakeMeetings.start();
  server = await startTestServer({ MEETINGS_API_URL: meetings.apiUrl, SYNC_PROVIDER_WAIT_MS: '1' });
});

afterAll(async () => {
  await server?.close();
  await meetings?.close();
});

describe('meetings connections', () => {
  it('connects with an API key that is sealed, never answered, and used for a manual-only sync', async () => {
    meetings.addMeeting({ title: 'Quarterly planning', summaryMarkdown: 'We agreed on the roadmap.' });
    meetings.addMeeting({ title: 'Hiring sync', summaryMarkdown: 'Two offers out.' });
    const apiKey = meetings.apiKey();

    const created = await server.request('POST', '/v3/connections/meetings', { body: { containerTag: 'team_m', metadata: { apiKey, maxMeetings: 50 } } });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain(apiKey);
    const id = created.body.id;

    const docs = await waitForSourceDocuments(server, 'meetings', 'team_m', 2);
    expect(docs.map((d: any) => d.title).sort()).toEqual(['Hiring sync', 'Quarterly planning']);
    expect(docs.every((d: any) => d.source === 'meetings' && d.status === 'done')).toBe(true);
    const [run] = await waitForRuns(server, id, 1);
    expect(run).toMatchObject({ status: 'completed', triggerType: 'manual', errorCode: null });

    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.status).toBe('active');
    expect(shown.body.metadata).toEqual({ maxMeetings: 50 });
    const listed = await server.request('POST', '/v3/connections/list', { body: { containerTags: ['team_m'] } });
    for (const answer of [shown, listed]) expect(JSON.stringify(answer.body)).not.toContain(apiKey);

    // An import runs it again with the sealed key.
    meetings.addMeeting({ title: 'Retro', summaryMarkdown: 'Ship smaller.' });
    const imported = await server.request('POST', '/v3/connections/meetings/import', { body: { containerTags: ['team_m'] } });
    expect(imported.status).toBe(202);
    const [latest] = await waitForRuns(server, id, 2);
    expect(latest).toMatchObject({ status: 'completed', triggerType: 'manual', errorCode: null });
    await waitForSourceDocuments(server, 'meetings', 'team_m', 3);
  });
});
