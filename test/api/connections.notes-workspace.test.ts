import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNotion } from '../fakes/notion/index.js';
import { authorize, startNotionServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import type { TestServer } from '../helpers/server.js';

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

describe('notes workspace connections', () => {
  it('connects through Notion OAuth and syncs the shared pages', async () => {
    notion.state.addPage({ title: 'Roadmap', blocks: [{ type: 'paragraph', text: 'Ship the connectors.' }] });
    notion.state.addPage({ title: 'Onboarding', blocks: [{ type: 'paragraph', text: 'Day one: a laptop.' }] });

    const created = await server.request('POST', '/v3/connections/notion', { body: { containerTag: 'team_n' } });
    expect(created.status).toBe(200);
    const callback = await authorize(created.body.authLink);
    expect([200, 302]).toContain(callback.status);
    const id = created.body.id;

    const docs = await waitForSourceDocuments(server, 'notes-workspace', 'team_n', 2);
    expect(docs.map((d: any) => d.title).sort()).toEqual(['Onboarding', 'Roadmap']);
    expect(docs.every((d: any) => d.source === 'notes-workspace' && d.status === 'done')).toBe(true);
    const [run] = await waitForRuns(server, id, 1);
    expect(run).toMatchObject({ status: 'completed', errorCode: null });
    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.body).toMatchObject({ status: 'active', provider: 'notes-workspace' });
    expect(JSON.stringify(shown.body)).not.toMatch(/secret|refresh/i);
  });
});
