import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOC, DRIVE_SCOPE, FakeGoogle, GMAIL_SCOPE } from './google/index.js';

/** FakeGoogle against Google's official Node.js clients (`@googleapis/drive`, `@googleapis/gmail`, `google-auth-library`). */

let google: FakeGoogle;
const app = { clientId: 'official-client.apps.googleusercontent.com', clientSecret: 'official-secret', redirectUri: 'http://127.0.0.1:1/callback' };

function oauthClient() {
  const e = google.endpoints;
  return new auth.OAuth2({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    redirectUri: app.redirectUri,
    endpoints: { oauth2AuthBaseUrl: e.authUrl, oauth2TokenUrl: e.tokenUrl },
  });
}

function authorized(token = google.token()) {
  const client = oauthClient();
  client.setCredentials({ access_token: token });
  return client;
}

/** The clients build `{rootUrl}drive/v3/…` and `{rootUrl}gmail/v1/…`, Google's own paths. */
const driveApi = (token?: string): drive_v3.Drive => drive({ version: 'v3', auth: authorized(token), rootUrl: `${google.url}/`, retry: false });
const gmailApi = (token?: string): gmail_v1.Gmail => gmail({ version: 'v1', auth: authorized(token), rootUrl: `${google.url}/`, retry: false });

/** The error a client call rejects with (gaxios's, carrying Google's error body). */
async function failure(promise: Promise<unknown>): Promise<any> {
  const err = await promise.then(
    () => new Error('expected a Google API error'),
    (e: unknown) => e,
  );
  expect((err as any).status ?? (err as any).response?.status).toBeDefined();
  return err;
}

beforeAll(async () => {
  google = await FakeGoogle.start();
  google.oauth.registerApp({ clientId: app.clientId, clientSecret: app.clientSecret, redirectUris: [app.redirectUri] });
});
afterAll(() => google.close());
beforeEach(() => google.resetRequests());

describe('FakeGoogle with the official google-auth-library', () => {
  it('runs the web-server flow: consent, code exchange with a refresh token, refresh', async () => {
    const client = oauthClient();
    const link = client.generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: [DRIVE_SCOPE, GMAIL_SCOPE], state: 'st-1' });
    expect(link.startsWith(google.endpoints.authUrl)).toBe(true);
    const consent = await fetch(link, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-1');

    const { tokens } = await client.getToken(back.searchParams.get('code')!);
    expect(tokens).toMatchObject({ access_token: expect.stringMatching(/^ya29\./), refresh_token: expect.any(String), token_type: 'Bearer' });
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining([DRIVE_SCOPE, GMAIL_SCOPE]));

    // The code is single-use, as Google's are.
    expect((await failure(client.getToken(back.searchParams.get('code')!))).response.data).toMatchObject({ error: 'invalid_grant' });

    // An expired access token is refreshed by the library through the token endpoint; Google keeps the refresh token.
    client.setCredentials({ ...tokens, expiry_date: Date.now() - 1000 });
    const { token } = await client.getAccessToken();
    expect(token).toMatch(/^ya29\./);
    expect(token).not.toBe(tokens.access_token);
    expect(client.credentials.refresh_token).toBe(tokens.refresh_token);
    const listed = await drive({ version: 'v3', auth: client, rootUrl: `${google.url}/`, retry: false }).files.list({ pageSize: 1 });
    expect(listed.status).toBe(200);
  });
});

describe('FakeGoogle with the official Drive client', () => {
  it('pages files.list with pageToken, and honours fields', async () => {
    for (let i = 0; i < 5; i++) google.drive.state.addDoc(`Paged ${i}`, `# Paged ${i}`);
    const api = driveApi();
    const names: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await api.files.list({ pageSize: 2, q: 'trashed = false', fields: 'nextPageToken, files(id, name, version, mimeType)', pageToken });
      for (const file of page.data.files ?? []) {
        expect(Object.keys(file).sort()).toEqual(['id', 'mimeType', 'name', 'version']);
        names.push(file.name!);
      }
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(names.filter((n) => n.startsWith('Paged')).sort()).toEqual(['Paged 0', 'Paged 1', 'Paged 2', 'Paged 3', 'Paged 4']);
    expect(google.count('GET /drive/v3/files')).toBeGreaterThanOrEqual(3);
  });

  it('downloads a stored file (alt=media) and exports a Doc as markdown', async () => {
    const file = google.drive.state.addFile('notes.txt', 'text/plain', 'plain words');
    const doc = google.drive.state.addDoc('Plan', '# Plan\n\nShip it.\n');
    const api = driveApi();
    const media = await api.files.get({ fileId: file.id, alt: 'media' }, { responseType: 'arraybuffer' });
    expect(Buffer.from(media.data as unknown as ArrayBuffer).toString()).toBe('plain words');
    const meta = await api.files.get({ fileId: doc.id, fields: 'id, name, mimeType, version' });
    expect(meta.data).toMatchObject({ id: doc.id, name: 'Plan', mimeType: DOC });
    const exported = await api.files.export({ fileId: doc.id, mimeType: 'text/markdown' }, { responseType: 'text' });
    expect(exported.data).toContain('Ship it.');
    // A Google Doc has no bytes to download: Drive says so with fileNotDownloadable.
    const refused = await failure(api.files.get({ fileId: doc.id, alt: 'media' }));
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.response.data)).toContain('fileNotDownloadable');
  });

  it('follows changes from a start page token to the newStartPageToken, with removals', async () => {
    const api = driveApi();
    const start = (await api.changes.getStartPageToken()).data.startPageToken!;
    const kept = google.drive.state.addDoc('Kept', 'k');
    const gone = google.drive.state.addDoc('Gone', 'g');
    google.drive.state.delete(gone.id);
    const changes: drive_v3.Schema$Change[] = [];
    let token: string | undefined = start;
    let next: string | undefined;
    while (token) {
      const page: drive_v3.Schema$ChangeList = (await api.changes.list({ pageToken: token, pageSize: 1, includeRemoved: true, fields: '*' })).data;
      changes.push(...(page.changes ?? []));
      token = page.nextPageToken ?? undefined;
      next = page.newStartPageToken ?? next;
    }
    expect(next).toBeDefined();
    expect(changes.map((c) => [c.fileId, c.removed])).toEqual([
      [kept.id, false],
      [gone.id, true],
    ]);
  });

  it('opens a changes channel and stops it', async () => {
    const api = driveApi();
    const pageToken = (await api.changes.getStartPageToken()).data.startPageToken!;
    const expiration = String(Date.now() + 3600_000);
    const channel = (
      await api.changes.watch({
        pageToken,
        requestBody: { id: 'channel-1', type: 'web_hook', address: 'https://engram.example/hook', token: 'secret-token', expiration },
      })
    ).data;
    expect(channel).toMatchObject({ kind: 'api#channel', id: 'channel-1', resourceId: expect.any(String), expiration });
    expect((await api.channels.stop({ requestBody: { id: 'channel-1', resourceId: channel.resourceId } })).status).toBe(204);
    expect((await failure(api.channels.stop({ requestBody: { id: 'channel-1', resourceId: channel.resourceId } }))).status).toBe(404);
  });

  it("surfaces Google's errors: an unknown file, a bad token, a missing scope, a rate limit", async () => {
    const notFound = await failure(driveApi().files.get({ fileId: 'no-such-file' }));
    expect(notFound.status).toBe(404);
    expect(notFound.response.data.error).toMatchObject({ code: 404, errors: [{ reason: 'notFound' }] });
    const bad = await failure(driveApi('ya29.not-a-token').files.list({}));
    expect(bad.status).toBe(401);
    expect(bad.response.data.error).toMatchObject({ status: 'UNAUTHENTICATED' });
    const gmailOnly = await failure(driveApi(google.token([GMAIL_SCOPE])).files.list({}));
    expect(gmailOnly.response.data.error).toMatchObject({ code: 403, errors: [{ reason: 'insufficientPermissions' }] });
    google.failNext({ match: 'GET /drive/v3/files', retryAfterSeconds: 7 });
    const limited = await failure(driveApi().files.list({}));
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get?.('retry-after') ?? limited.response.headers['retry-after']).toBe('7');
    expect(limited.response.data.error).toMatchObject({ errors: [{ reason: 'rateLimitExceeded' }] });
  });
});

describe('FakeGoogle with the official Gmail client', () => {
  it('reads the profile, pages threads, gets a raw message and lists history', async () => {
    const mailbox = google.gmail.mailbox;
    const api = gmailApi();
    const profile = (await api.users.getProfile({ userId: 'me' })).data;
    expect(profile).toMatchObject({ emailAddress: google.oauth.account.email, historyId: expect.any(String) });

    const first = mailbox.addMessage({ from: 'grace@example.com', to: [google.oauth.account.email], subject: 'Compilers', text: 'First draft attached.' });
    mailbox.addMessage({ from: 'ada@example.com', to: ['grace@example.com'], subject: 'Re: Compilers', text: 'Thanks!', replyTo: first });
    for (let i = 0; i < 3; i++) mailbox.addMessage({ from: 'news@example.com', to: [google.oauth.account.email], subject: `Issue ${i}`, text: 'News.' });

    const threadIds: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = (await api.users.threads.list({ userId: 'me', maxResults: 2, pageToken })).data;
      threadIds.push(...(page.threads ?? []).map((t) => t.id!));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(threadIds).toContain(first.threadId);
    expect(new Set(threadIds).size).toBe(threadIds.length);

    const thread = (await api.users.threads.get({ userId: 'me', id: first.threadId, format: 'minimal' })).data;
    expect(thread.messages).toHaveLength(2);
    const raw = (await api.users.messages.get({ userId: 'me', id: first.id, format: 'raw' })).data;
    const rfc822 = Buffer.from(raw.raw!, 'base64url').toString('utf8');
    expect(rfc822).toMatch(/^Subject: Compilers/m);
    expect(rfc822).toContain(Buffer.from('First draft attached.').toString('base64'));

    const history = (await api.users.history.list({ userId: 'me', startHistoryId: profile.historyId!, historyTypes: ['messageAdded'] })).data;
    const added = (history.history ?? []).flatMap((h) => h.messagesAdded ?? []).map((m) => m.message?.id);
    expect(added).toContain(first.id);

    const watch = (await api.users.watch({ userId: 'me', requestBody: { topicName: 'projects/p/topics/mail', labelIds: ['INBOX'] } })).data;
    expect(watch).toMatchObject({ historyId: expect.any(String), expiration: expect.any(String) });
    expect((await api.users.stop({ userId: 'me' })).status).toBe(204);

    mailbox.expireHistory();
    const lapsed = await failure(api.users.history.list({ userId: 'me', startHistoryId: profile.historyId! }));
    expect(lapsed.status).toBe(404);
  });
});

describe("FakeGoogle's ID tokens with the official google-auth-library", () => {
  it('verifies a push ID token with the published keys, and refuses the bad ones', async () => {
    const { keys } = (await (await fetch(google.endpoints.certsUrl)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const pems = Object.fromEntries(keys.map((key) => [key.kid, createPublicKey({ key, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString()]));
    const sender = { serviceAccountEmail: 'push@engram-test.iam.gserviceaccount.com', audience: 'https://engram.example.com/v3/connections/webhooks/mail' };
    const issuers = ['https://accounts.google.com', 'accounts.google.com'];
    const client = oauthClient();
    const ticket = await client.verifySignedJwtWithCertsAsync(await google.idTokens.sign(sender), pems, sender.audience, issuers);
    expect(ticket.getPayload()).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: sender.audience,
      email: sender.serviceAccountEmail,
      email_verified: true,
    });
    for (const mode of ['forged', 'expired', 'other-audience'] as const) {
      await expect(client.verifySignedJwtWithCertsAsync(await google.idTokens.sign(sender, mode), pems, sender.audience, issuers), mode).rejects.toThrow();
    }
  });
});
