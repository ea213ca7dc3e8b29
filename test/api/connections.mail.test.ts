import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../fakes/google/index.js';
import { authorize, startGoogleServer, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import type { TestServer } from '../helpers/server.js';

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

describe('mail connections', () => {
  it('connects through Google OAuth and syncs the mailbox', async () => {
    google.gmail.mailbox.addMessage({ from: 'grace@example.com', to: ['ada@example.com'], subject: 'Launch plan', text: 'We launch on Tuesday.' });
    google.gmail.mailbox.addMessage({ from: 'alan@example.com', to: ['ada@example.com'], subject: 'Lunch', text: 'Noon at the usual place.' });

    const created = await server.request('POST', '/v3/connections/gmail', { body: { containerTag: 'team_mail' } });
    expect(created.status).toBe(200);
    const callback = await authorize(created.body.authLink);
    expect([200, 302]).toContain(callback.status);
    const id = created.body.id;

    const docs = await waitForSourceDocuments(server, 'mail', 'team_mail', 2);
    expect(docs.every((d: any) => d.source === 'mail' && d.status === 'done')).toBe(true);
    const [run] = await waitForRuns(server, id, 1);
    expect(run).toMatchObject({ status: 'completed', errorCode: null });
    const shown = await server.request('GET', `/v3/connections/${id}`);
    expect(shown.body).toMatchObject({ status: 'active', provider: 'mail' });
    expect(JSON.stringify(shown.body)).not.toMatch(/ya29\.|1\/\/|secret/i);
  });
});
