import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/helpers/wait.js';
import { FakeGoogle } from '../../../test/fakes/google/index.js';
import { connectorFor, type Connector, type TokenSet } from '../../connectors/index.js';
import { getConnectionById, insertConnection } from '../../store/connections.js';
import { openDatabase, type Database } from '../../store/database.js';
import { createApiKey } from '../access/keys.js';
import { newId } from '../shared/ids.js';
import { ConnectorAccess } from './connector-access.js';
import { refreshTokens, usableTokens } from './tokens.js';

const PUBLIC_URL = 'https://engram.example';
const APP = { clientId: 'engram-google-client', clientSecret: 'engram-google-secret' };

describe('token refresh of a connection whose refresh tokens rotate and are single use', () => {
  let google: FakeGoogle;
  let database: Database;
  let adapter: Connector;
  let access: ConnectorAccess;
  let orgId: string;
  // Two hours on: the access token has lapsed, every caller wants a refresh.
  const later = { now: () => new Date(Date.now() + 2 * 3600_000) };

  beforeAll(async () => {
    google = await FakeGoogle.start();
    google.oauth.registerApp({ ...APP, redirectUris: [`${PUBLIC_URL}/v3/connections/auth/callback/cloud-drive`] });
    adapter = connectorFor('cloud-drive', { google: google.endpoints, fetch: { allowPrivate: false, maxBytes: 1, timeoutMs: 1 }, retryBaseMs: 1 })!;
    database = await openDatabase({ dataDir: 'memory://' });
    orgId = (await createApiKey(database.db, { orgName: 'tokens' })).row.orgId;
    access = new ConnectorAccess(
      {
        connectorOptions: { fetch: { allowPrivate: false, maxBytes: 1024, timeoutMs: 1000 } },
        oauthApps: { 'cloud-drive': APP },
        publicUrl: PUBLIC_URL,
        adapters: { 'cloud-drive': adapter },
      },
      ConnectorAccess.secretBox(Buffer.from('k'.repeat(32))),
      async () => ({ customKeyEnabled: false, clientId: null, clientSecret: null }),
      { now: () => new Date() },
    );
  });

  afterAll(async () => {
    await database?.close();
    await google?.close();
  });

  /** A connection authorized through the fake's consent page, holding a refresh token Google knows. */
  async function authorizedConnection(): Promise<{ id: string; tokens: TokenSet }> {
    const id = newId();
    const client = await access.oauthClient({ kind: 'cloud-drive', orgId, usesCustomKey: false });
    const consent = await fetch(adapter.oauth!.authorizationUrl(client, 'state'), { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const tokens = await adapter.oauth!.exchangeCode(client, code);
    expect(tokens.refreshToken).toBeTruthy();
    await insertConnection(database.db, {
      id,
      orgId,
      kind: 'cloud-drive',
      containerTag: `tokens_${id}`,
      status: 'active',
      tokens: access.sealTokens(id, tokens),
      tokenExpiresAt: tokens.expiresAt,
    });
    return { id, tokens };
  }

  const refreshAnswers = (status: number) =>
    google.requests.filter((r) => r.route === 'POST /token' && r.grantType === 'refresh_token' && r.status === status).length;

  it('refreshes once when the sync, a subscription renewal and the resources API want it at the same moment', async () => {
    const { id, tokens } = await authorizedConnection();
    google.oauth.rotateRefreshTokens = true;
    try {
      google.resetRequests();
      const connection = (await getConnectionById(database.db, id))!;
      const results = await Promise.all([
        usableTokens(database.db, access, adapter, connection, later),
        usableTokens(database.db, access, adapter, connection, later),
        refreshTokens(database.db, access, adapter, connection, tokens, later),
      ]);
      expect(refreshAnswers(400)).toBe(0);
      expect(refreshAnswers(200)).toBe(1);
      const stored = access.openTokens((await getConnectionById(database.db, id))!)!;
      expect(stored.refreshToken).not.toBe(tokens.refreshToken);
      for (const result of results) expect(result?.tokens).toEqual(stored);

      // The stored refresh token is the live one: the next refresh works, and a stale caller is given the stored tokens.
      const next = await refreshTokens(database.db, access, adapter, connection, stored, later);
      expect(next?.tokens.refreshToken).not.toBe(stored.refreshToken);
      const stale = await refreshTokens(database.db, access, adapter, connection, tokens, later);
      expect(stale?.tokens).toEqual(next?.tokens);
      expect(refreshAnswers(200)).toBe(2);
      expect(refreshAnswers(400)).toBe(0);
    } finally {
      google.oauth.rotateRefreshTokens = false;
    }
  });

  it('holds no database connection while the token endpoint is slow, and the waiting callers take its tokens', async () => {
    const { id, tokens } = await authorizedConnection();
    const other = await authorizedConnection();
    google.oauth.rotateRefreshTokens = true;
    const release = google.holdTokenRequests();
    try {
      google.resetRequests();
      const connection = (await getConnectionById(database.db, id))!;
      const first = refreshTokens(database.db, access, adapter, connection, tokens, later);
      const second = usableTokens(database.db, access, adapter, connection, later);
      await waitFor(async () => google.heldTokenRequests === 1 || undefined, 10_000, 'the refresh to reach the token endpoint');
      // The embedded database has one connection: a refresh holding it would stall these until released.
      const read = await Promise.race([
        getConnectionById(database.db, other.id).then((row) => row?.id),
        delay(10_000).then(() => 'stalled behind the token call'),
      ]);
      expect(read).toBe(other.id);
      expect((await getConnectionById(database.db, id))!.tokenRefreshUntil).not.toBeNull();
      expect(google.heldTokenRequests).toBe(1);
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(refreshAnswers(200)).toBe(1);
      expect(refreshAnswers(400)).toBe(0);
      const stored = (await getConnectionById(database.db, id))!;
      expect(stored.tokenRefreshUntil).toBeNull();
      expect(a?.tokens).toEqual(access.openTokens(stored));
      expect(b.tokens).toEqual(access.openTokens(stored));
    } finally {
      release();
      google.oauth.rotateRefreshTokens = false;
    }
  });

  it('ends the claim when the provider refuses, so the next caller is not kept waiting', async () => {
    const { id, tokens } = await authorizedConnection();
    google.oauth.rotateRefreshTokens = true;
    try {
      const client = await access.oauthClient({ kind: 'cloud-drive', orgId, usesCustomKey: false });
      // Spent elsewhere: Google refuses the stored refresh token from now on.
      await adapter.oauth!.refresh(client, tokens.refreshToken!);
      const connection = (await getConnectionById(database.db, id))!;
      await expect(refreshTokens(database.db, access, adapter, connection, tokens, later)).rejects.toMatchObject({ code: 'auth_expired' });
      expect((await getConnectionById(database.db, id))!.tokenRefreshUntil).toBeNull();
      await expect(refreshTokens(database.db, access, adapter, connection, tokens, later)).rejects.toMatchObject({ code: 'auth_expired' });
    } finally {
      google.oauth.rotateRefreshTokens = false;
    }
  });

  it('the fake refuses a second use of a spent refresh token as Google does', async () => {
    const { tokens } = await authorizedConnection();
    google.oauth.rotateRefreshTokens = true;
    try {
      const client = await access.oauthClient({ kind: 'cloud-drive', orgId, usesCustomKey: false });
      await adapter.oauth!.refresh(client, tokens.refreshToken!);
      await expect(adapter.oauth!.refresh(client, tokens.refreshToken!)).rejects.toMatchObject({ code: 'auth_expired' });
    } finally {
      google.oauth.rotateRefreshTokens = false;
    }
  });
});
