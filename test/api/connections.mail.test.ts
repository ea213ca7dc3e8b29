import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../fakes/google/index.js';
import { authorize, freePort, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let google: FakeGoogle;
let server: TestServer;
const app = { clientId: 'engram-google-client', clientSecret: 'engram-google-secret' };

beforeAll(async () => {
  google = await FakeGoogle.start();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  google.oauth.registerApp({ ...app, redirectUris: [`${publicUrl}/v3/connections/auth/callback/mail`] });
  const e = google.endpoints;
  server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: app.clientId,
    GOOGLE_CLIENT_SECRET: app.clientSecret,
    GOOGLE_AUTH_URL: e.authUrl,
    GOOGLE_TOKEN_URL: e.tokenUrl,
    GOOGLE_USERINFO_URL: e.userinfoUrl,
    GOOGLE_GMAIL_URL: e.gmailUrl,
    SYNC_PROVIDER_WAIT_MS: '1',
  });
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
