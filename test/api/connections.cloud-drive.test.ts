import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../fakes/google/index.js';
import { authorize, startGoogleServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { waitFor, type TestServer } from '../helpers/server.js';

let google: FakeGoogle;
let server: TestServer;

beforeAll(async () => {
  google = await FakeGoogle.start();
  server = await startGoogleServer(google, 'cloud-drive');
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

describe('cloud drive connections', () => {
  it('connects through Google OAuth, syncs the drive, and syncs again on a verified push', async () => {
    google.drive.state.addDoc('Roadmap', '# Roadmap\n\nShip the connectors.\n');
    google.drive.state.addDoc('Notes', '# Notes\n\nMeet on Monday.\n');

    const created = await server.request('POST', '/v3/connections/cloud-drive', { body: { containerTag: 'team_g' } });
    expect(created.status).toBe(200);
    // PKCE: the code is redeemed with the verifier of this S256 challenge (the fake checks it).
    expect(new URL(created.body.authLink).searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await authorize(created.body.authLink);
    expect([200, 302]).toContain(callback.status);
    const id = created.body.id;

    const docs = await waitForSourceDocuments(server, 'cloud-drive', 'team_g', 2);
    expect(docs.every((d: any) => d.source === 'cloud-drive' && d.status === 'done')).toBe(true);
    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.body).toMatchObject({ status: 'active', provider: 'cloud-drive' });
    expect(JSON.stringify(shown.body)).not.toMatch(/ya29\.|1\/\/|secret/i);

    // The channel made after the first sync; a notification with the wrong token is refused.
    await waitFor(async () => (google.count('POST /drive/v3/changes/watch') > 0 ? true : undefined), 20_000, 'a Drive channel');
    const runsBefore = (await waitForRuns(server, id, 1)).length;
    await google.drive.notify({ token: 'wrong' });
    google.drive.state.addDoc('Budget', '# Budget\n\nTwo lines.\n');
    await google.drive.notify({ state: 'change', token: 'valid' });
    const [latest] = await waitForRuns(server, id, runsBefore + 1);
    expect(latest).toMatchObject({ status: 'completed', triggerType: 'event' });
    await waitForSourceDocuments(server, 'cloud-drive', 'team_g', 3);
  });
});
