import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraph } from '../fakes/graph/index.js';
import { authorize, connectKind, importNow, startGraphServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let graph: FakeGraph;
let server: TestServer;

beforeAll(async () => {
  graph = await FakeGraph.start();
  // OneDrive for Business: delta gives no cTag, and a subscription needs Files.ReadWrite.All.
  graph.drive.driveType = 'business';
  graph.drive.writeFile('/Docs/plan.md', '# Plan\n\nShip it.\n');
  server = await startGraphServer(graph);
});

afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const lastScope = () => graph.identity.authorizeRequests.at(-1)?.get('scope');
const connection = async (id: string) => (await server.request('GET', `/v3/connections/${id}`)).body;
const pushState = (id: string, state: string) =>
  waitFor(
    async () => {
      const body = await connection(id);
      return body.push?.state === state ? body : undefined;
    },
    20_000,
    `push ${state} on ${id}`,
  );

describe('office drive permissions on a business drive', () => {
  it('asks for Files.ReadWrite.All with push on and subscribes; a rename or move re-ingests nothing', async () => {
    const id = await connectKind(server, 'office-drive', 'od_biz');
    expect(lastScope()).toBe('offline_access User.Read Files.ReadWrite.All');
    // PKCE: the code was redeemed with the verifier of this S256 challenge (the fake checks it).
    expect(graph.identity.authorizeRequests.at(-1)?.get('code_challenge_method')).toBe('S256');
    await waitForSourceDocuments(server, 'office-drive', 'od_biz', 1);
    const active = await pushState(id, 'active');
    expect(active.push).toMatchObject({ reason: null, renewBy: expect.any(String) });
    expect(graph.subscriptions.live()).toHaveLength(1);

    graph.drive.move('/Docs/plan.md', '/Archive/plan-2025.md');
    await importNow(server, 'office-drive', 'od_biz');
    const [moved] = await waitForRuns(server, id, 2);
    expect(moved).toMatchObject({ status: 'completed', itemsProcessed: 0 });
    graph.drive.writeFile('/Archive/plan-2025.md', '# Plan\n\nShipped.\n');
    await importNow(server, 'office-drive', 'od_biz');
    expect((await waitForRuns(server, id, 3))[0]).toMatchObject({ status: 'completed', itemsProcessed: 1 });
  });

  it('shows a subscription Graph refuses for a grant without write permission on the connection and its run, and does not ask again until authorized again', async () => {
    // The tenant lets users consent to reading files only.
    graph.identity.consentablePermissions = ['User.Read', 'Files.Read', 'Files.Read.All'];
    const refusalsBefore = graph.subscriptions.refusals;
    const id = await connectKind(server, 'office-drive', 'od_readonly');
    const refused = await pushState(id, 'refused');
    expect(graph.subscriptions.refusals).toBe(refusalsBefore + 1);
    expect(refused.status).toBe('active');
    expect(refused.push.reason).toMatch(/403 ExtensionError.*Files\.ReadWrite\.All/);
    const [first] = await waitForRuns(server, id, 1);
    expect(first).toMatchObject({ status: 'completed', errorCode: null, error: expect.stringMatching(/^push notifications refused: .*403/) });

    // Syncs go on; Graph is not asked again after each.
    await importNow(server, 'office-drive', 'od_readonly');
    expect((await waitForRuns(server, id, 2))[0]).toMatchObject({ status: 'completed', errorCode: null, error: null });
    expect(graph.subscriptions.refusals).toBe(refusalsBefore + 1);
    expect((await connection(id)).push.state).toBe('refused');

    // Authorized again with the permission: push starts.
    graph.identity.consentablePermissions = null;
    const again = await server.request('POST', '/v3/connections/office-drive', { body: { containerTag: 'od_readonly' } });
    expect(again.body.id).toBe(id);
    expect([200, 302]).toContain((await authorize(again.body.authLink)).status);
    await pushState(id, 'active');
  });

  it('with push off asks to read the own files only and subscribes to nothing', async () => {
    const subscriptions = graph.subscriptions.all.size;
    const id = await connectKind(server, 'office-drive', 'od_nopush', { metadata: { push: false } });
    expect(lastScope()).toBe('offline_access User.Read Files.Read');
    await waitForRuns(server, id, 1);
    expect((await connection(id)).push).toEqual({ state: 'off', reason: null, renewBy: null });
    expect(graph.subscriptions.all.size).toBe(subscriptions);
  });
});
