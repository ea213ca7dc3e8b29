import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { DRIVE_SCOPE, FakeGoogle, WebhookReceiver } from './google/index.js';

let google: FakeGoogle;
let token: string;

beforeAll(async () => {
  google = await FakeGoogle.start();
  token = google.token();
});
afterAll(() => google.close());

const get = async (path: string, bearer: string | null = token) => {
  const response = await fetch(`${google.url}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as any };
};

describe('FakeGoogle wire format', () => {
  it("answers bad and missing tokens, and tokens without the API's scope, with Google's error bodies", async () => {
    const bad = await get('/drive/v3/files', 'ya29.nope');
    expect(bad.status).toBe(401);
    expect(bad.json().error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError', domain: 'global' }] });
    expect(bad.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect((await get('/gmail/v1/users/me/profile', null)).status).toBe(401);
    const driveOnly = google.token([DRIVE_SCOPE]);
    expect((await get('/gmail/v1/users/me/profile', driveOnly)).json().error).toMatchObject({ code: 403, errors: [{ reason: 'insufficientPermissions' }] });
  });

  it('pages files.list with opaque tokens and keeps to the default or requested fields', async () => {
    for (let i = 0; i < 5; i++) google.drive.state.addDoc(`Doc ${i}`, 'x');
    const first = (await get('/drive/v3/files?pageSize=2')).json();
    expect(first.files).toHaveLength(2);
    expect(Object.keys(first.files[0]).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    const second = (await get(`/drive/v3/files?pageSize=2&pageToken=${first.nextPageToken}&fields=nextPageToken,files(id,version)`)).json();
    expect(Object.keys(second.files[0]).sort()).toEqual(['id', 'version']);
    const last = (await get(`/drive/v3/files?pageSize=2&pageToken=${second.nextPageToken}`)).json();
    expect(last.files).toHaveLength(1);
    expect(last.nextPageToken).toBeUndefined();
    expect((await get('/drive/v3/files?pageToken=garbage')).status).toBe(400);
    expect((await get("/drive/v3/files?q=name contains 'x'")).status).toBe(400);
  });

  it('pages changes to a newStartPageToken, reporting files deleted for good as removed', async () => {
    const start = (await get('/drive/v3/changes/startPageToken')).json().startPageToken as string;
    const a = google.drive.state.addDoc('A', 'a');
    google.drive.state.addDoc('B', 'b');
    google.drive.state.delete(a.id);
    const first = (await get(`/drive/v3/changes?pageToken=${start}&pageSize=1&fields=*`)).json();
    expect(first.nextPageToken).toBeDefined();
    expect(first.newStartPageToken).toBeUndefined();
    const second = (await get(`/drive/v3/changes?pageToken=${first.nextPageToken}&pageSize=1&fields=*`)).json();
    expect(second.newStartPageToken).toBeDefined();
    const all = [...first.changes, ...second.changes];
    expect(all.map((c: any) => c.removed)).toEqual([false, true]);
    expect(all[1]).toMatchObject({ fileId: a.id, removed: true, changeType: 'file' });
    expect(all[1].file).toBeUndefined();
    expect((await get('/drive/v3/changes')).status).toBe(400);
  });

  it('downloads only stored files and exports only Google formats', async () => {
    const doc = google.drive.state.addDoc('D', '# D');
    expect((await get(`/drive/v3/files/${doc.id}?alt=media`)).json().error.errors[0].reason).toBe('fileNotDownloadable');
    expect((await get(`/drive/v3/files/${doc.id}/export?mimeType=application/pdf`)).status).toBe(400);
    expect((await get(`/drive/v3/files/${doc.id}/export?mimeType=text/markdown`)).text).toBe('# D');
    expect((await get('/drive/v3/files/missing')).json().error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it('gives Gmail history after an id, paged, and a 404 for history it no longer keeps', async () => {
    const box = google.gmail.mailbox;
    const start = (await get('/gmail/v1/users/me/profile')).json().historyId as string;
    const m = box.addMessage({ from: 'a@example.com', to: ['ada@example.com'], subject: 'S', text: 'T' });
    box.trash(m.id);
    const page = (await get(`/gmail/v1/users/me/history?startHistoryId=${start}&maxResults=1`)).json();
    expect(page.history[0].messagesAdded[0].message).toMatchObject({ id: m.id, threadId: m.threadId });
    const next = (await get(`/gmail/v1/users/me/history?startHistoryId=${start}&pageToken=${page.nextPageToken}`)).json();
    expect(next.history[0].labelsAdded[0]).toMatchObject({ labelIds: ['TRASH'] });
    expect(next.historyId).toBe(String(box.historyId));
    const raw = (await get(`/gmail/v1/users/me/messages/${m.id}?format=raw`)).json().raw as string;
    expect(Buffer.from(raw, 'base64url').toString()).toMatch(/^From: a@example.com\r\n/);
    box.expireHistory();
    expect((await get(`/gmail/v1/users/me/history?startHistoryId=${start}`)).json().error).toMatchObject({ code: 404, errors: [{ reason: 'notFound' }] });
    expect((await get('/gmail/v1/users/someone-else@example.com/profile')).status).toBe(404);
  });

  it('refuses unknown clients, unregistered redirect URIs and codes older than ten minutes', async () => {
    google.oauth.registerApp({ clientId: 'c1', clientSecret: 's1', redirectUris: ['http://127.0.0.1:9/cb'] });
    const authorize = (q: Record<string, string>) => fetch(`${google.endpoints.authUrl}?${new URLSearchParams(q)}`, { redirect: 'manual' });
    expect((await authorize({ client_id: 'nobody', redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope: 'email' })).status).toBe(401);
    expect((await authorize({ client_id: 'c1', redirect_uri: 'http://127.0.0.1:9/other', response_type: 'code', scope: 'email' })).status).toBe(400);
    google.oauth.denyNextAuthorization = true;
    const denied = new URL(
      (await authorize({ client_id: 'c1', redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope: 'email', state: 's' })).headers.get('location')!,
    );
    expect(Object.fromEntries(denied.searchParams)).toEqual({ state: 's', error: 'access_denied' });

    const ok = new URL(
      (await authorize({ client_id: 'c1', redirect_uri: 'http://127.0.0.1:9/cb', response_type: 'code', scope: 'email' })).headers.get('location')!,
    );
    google.clock.advance(11 * 60);
    const late = await fetch(google.endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: ok.searchParams.get('code')!,
        client_id: 'c1',
        client_secret: 's1',
        redirect_uri: 'http://127.0.0.1:9/cb',
        grant_type: 'authorization_code',
      }),
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
  });

  it('revokes a grant at /revoke: the refresh token and its access tokens stop working; a second revocation is invalid_token', async () => {
    google.oauth.registerApp({ clientId: 'c2', clientSecret: 's2', redirectUris: ['http://127.0.0.1:9/cb2'] });
    const authorize = await fetch(
      `${google.endpoints.authUrl}?${new URLSearchParams({ client_id: 'c2', redirect_uri: 'http://127.0.0.1:9/cb2', response_type: 'code', scope: DRIVE_SCOPE, access_type: 'offline' })}`,
      { redirect: 'manual' },
    );
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    const grant = await (
      await fetch(
        google.endpoints.tokenUrl,
        form({ code, client_id: 'c2', client_secret: 's2', redirect_uri: 'http://127.0.0.1:9/cb2', grant_type: 'authorization_code' }),
      )
    ).json();
    const files = (token: string) => fetch(`${google.endpoints.driveUrl}/files`, { headers: { authorization: `Bearer ${token}` } });
    expect((await files(grant.access_token)).status).toBe(200);

    const revoked = await fetch(google.endpoints.revokeUrl, form({ token: grant.refresh_token }));
    expect(revoked.status).toBe(200);
    expect((await files(grant.access_token)).status).toBe(401);
    const refresh = await fetch(
      google.endpoints.tokenUrl,
      form({ refresh_token: grant.refresh_token, client_id: 'c2', client_secret: 's2', grant_type: 'refresh_token' }),
    );
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const again = await fetch(google.endpoints.revokeUrl, form({ token: grant.refresh_token }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
  });
});

describe("FakeGoogle's authenticated Pub/Sub push", () => {
  const serviceAccountEmail = 'push@engram-test.iam.gserviceaccount.com';

  it('publishes its signing keys as a JWKS, cacheable as Google’s are', async () => {
    const certs = await get('/oauth2/v3/certs', null);
    expect(certs.status).toBe(200);
    expect(certs.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const { keys } = certs.json();
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' });
  });

  it('sends Authorization: Bearer an ID token for the endpoint (or the audience set), beside the token if the subscription has one', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      google.gmail.mailbox.addMessage({ from: 'grace@example.com', to: ['ada@example.com'], subject: 'Signed', text: 'x' });
      await fetch(`${google.url}/gmail/v1/users/me/watch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ topicName: 'projects/p/topics/t' }),
      });
      const endpoint = receiver.url('/push');
      const claims = (authorization: unknown) => decodeJwt(String(authorization).replace(/^Bearer /, ''));

      google.gmail.pushSubscription = { endpoint, name: 'projects/p/subscriptions/s', oidc: { serviceAccountEmail } };
      await google.gmail.push();
      const [signed] = receiver.received.splice(0);
      expect(signed!.query).toEqual({});
      expect(decodeProtectedHeader(String(signed!.headers.authorization).replace(/^Bearer /, ''))).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
      expect(claims(signed!.headers.authorization)).toMatchObject({
        iss: 'https://accounts.google.com',
        aud: endpoint,
        email: serviceAccountEmail,
        email_verified: true,
        sub: expect.stringMatching(/^\d{21}$/),
      });

      google.gmail.pushSubscription = { endpoint, name: 'projects/p/subscriptions/s', token: 'shared', oidc: { serviceAccountEmail, audience: 'engram-push' } };
      await google.gmail.push({ idToken: 'other-service-account' });
      await google.gmail.push({ idToken: 'missing' });
      const [other, bare] = receiver.received.splice(0);
      expect(other!.query).toEqual({ token: 'shared' });
      expect(claims(other!.headers.authorization)).toMatchObject({ aud: 'engram-push', email: expect.not.stringMatching(serviceAccountEmail) });
      expect(bare!.headers.authorization).toBeUndefined();
    } finally {
      google.gmail.pushSubscription = null;
      await receiver.close();
    }
  });
});
