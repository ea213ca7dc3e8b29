import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraph } from '../fakes/graph/index.js';
import { authorize, startGraphServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let graph: FakeGraph;
let server: TestServer;

beforeAll(async () => {
  graph = await FakeGraph.start();
  server = await startGraphServer(graph);
});

afterAll(async () => {
  await server?.close();
  await graph?.close();
});

describe('office drive connections', () => {
  it('connects through Microsoft OAuth, syncs the drive, answers the validation handshake, and syncs on a verified notification', async () => {
    graph.drive.writeFile('/Docs/plan.md', '# Plan\n\nShip it.\n', 'text/markdown');
    graph.drive.writeFile('/Docs/notes.txt', 'Meet on Monday.\n', 'text/plain');

    const created = await server.request('POST', '/v3/connections/onedrive', { body: { containerTag: 'team_o' } });
    expect(created.status).toBe(200);
    const callback = await authorize(created.body.authLink);
    expect([200, 302]).toContain(callback.status);
    const id = created.body.id;

    const docs = await waitForSourceDocuments(server, 'office-drive', 'team_o', 2);
    expect(docs.every((d: any) => d.source === 'office-drive' && d.status === 'done')).toBe(true);
    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.body).toMatchObject({ status: 'active', provider: 'office-drive' });
    expect(JSON.stringify(shown.body)).not.toMatch(/secret|refresh/i);

    // The subscription made after the first sync passed Graph's validation handshake.
    await waitFor(async () => (graph.subscriptions.validations.length > 0 ? true : undefined), 20_000, 'a Graph subscription');
    const runsBefore = (await waitForRuns(server, id, 1)).length;
    const refused = await graph.subscriptions.notify('wrong');
    expect(JSON.stringify(refused)).toMatch(/401/);
    graph.drive.writeFile('/Docs/budget.md', '# Budget\n\nTwo lines.\n', 'text/markdown');
    await graph.subscriptions.notify('valid');
    const [latest] = await waitForRuns(server, id, runsBefore + 1);
    expect(latest).toMatchObject({ status: 'completed', triggerType: 'event' });
    await waitForSourceDocuments(server, 'office-drive', 'team_o', 3);
  });
});
