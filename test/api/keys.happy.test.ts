import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('keys and sessions: happy paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('creates a scoped key that writes to its own tag by default', async () => {
    const res = await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'user_ann', name: 'Ann in the browser' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Ann in the browser',
      containerTag: 'user_ann',
      containerTags: ['user_ann'],
      permission: 'write',
      expiresAt: null,
      rateLimit: { max: 500, timeWindow: 60_000 },
    });
    expect(res.body.key).toMatch(/^em_[0-9A-Za-z]{40}$/);
    expect(res.body.id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(res.body.allowedEndpoints).toEqual(expect.arrayContaining(['/v3/documents', '/v4/memories', '/v4/search', '/v4/profile', '/v3/session']));

    const key = res.body.key;
    const add = await server.request('POST', '/v3/documents', { key, body: { content: 'Ann likes hiking.' } });
    expect(add.status).toBe(200);
    const doc = await waitForDocument(server, add.body.id, key);
    expect(doc.containerTag).toBe('user_ann');
    const list = await server.request('POST', '/v3/documents/list', { key, body: {} });
    expect(list.body.results.map((d: { id: string }) => d.id)).toEqual([add.body.id]);

    const session = await server.request('GET', '/v3/session', { key });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      user: { id: res.body.id, name: 'Ann in the browser' },
      org: { name: 'default', slug: 'default' },
      plan: 'self-hosted',
      role: 'member',
      scope: { type: 'scoped', permission: 'write', tag: 'user_ann', tags: ['user_ann'], rateLimit: { max: 500, timeWindow: 60_000 } },
      containerTags: [{ containerTag: 'user_ann', permission: 'write' }],
    });
    expect(session.body.scope.expires).toBeUndefined();
  });

  it('creates a read-only key over several tags with an expiry', async () => {
    for (const tag of ['team_a', 'team_b', 'team_c']) {
      const add = await server.request('POST', '/v3/documents', { body: { content: `About ${tag}`, containerTag: tag } });
      await waitForDocument(server, add.body.id);
    }
    const before = Date.now();
    const res = await server.request('POST', '/v3/auth/scoped-key', {
      body: { containerTags: ['team_a', 'team_b'], permission: 'read', expiresInDays: 30, rateLimitMax: 100, rateLimitTimeWindow: 5000 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      containerTag: 'team_a',
      containerTags: ['team_a', 'team_b'],
      permission: 'read',
      rateLimit: { max: 100, timeWindow: 5000 },
    });
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);

    const key = res.body.key;
    const list = await server.request('POST', '/v3/documents/list', { key, body: {} });
    expect(list.body.results.map((d: { containerTag: string }) => d.containerTag).sort()).toEqual(['team_a', 'team_b']);
    expect((await server.request('POST', '/v3/documents/list', { key, body: { containerTags: ['team_c'] } })).status).toBe(403);
    expect((await server.request('POST', '/v3/documents', { key, body: { content: 'x', containerTag: 'team_a' } })).status).toBe(403);

    const session = await server.request('GET', '/v3/session', { key });
    expect(session.body.scope).toMatchObject({ type: 'scoped', permission: 'read', tag: 'team_a', tags: ['team_a', 'team_b'], expires: res.body.expiresAt });
    expect(session.body.containerTags).toEqual([
      { containerTag: 'team_a', permission: 'read' },
      { containerTag: 'team_b', permission: 'read' },
    ]);
  });

  it("lists the organization's keys without their secrets", async () => {
    const created = await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'listed' } });
    const res = await server.request('GET', '/v3/auth/keys');
    expect(res.status).toBe(200);
    const listed = res.body.keys.find((k: { id: string }) => k.id === created.body.id);
    expect(listed).toMatchObject({
      name: 'scoped: listed',
      prefix: created.body.key.slice(0, 8),
      role: 'member',
      permission: 'write',
      scoped: true,
      containerTags: ['listed'],
      disabled: false,
      rateLimit: { max: 500, timeWindow: 60_000 },
    });
    expect(res.body.keys.find((k: { role: string }) => k.role === 'admin')).toMatchObject({ scoped: false, containerTags: null });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(created.body.key);
    expect(text).not.toContain(server.adminKey);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('revokes a scoped key at once, even right after it was used', async () => {
    const created = await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'revoked' } });
    const key = created.body.key;
    expect((await server.request('GET', '/v3/session', { key })).status).toBe(200);
    const revoke = await server.request('DELETE', `/v3/auth/scoped-key/${created.body.id}`);
    expect(revoke.status).toBe(200);
    expect(revoke.body).toEqual({ success: true, id: created.body.id });
    const after = await server.request('GET', '/v3/session', { key });
    expect(after.status).toBe(401);
    const keys = await server.request('GET', '/v3/auth/keys');
    expect(keys.body.keys.some((k: { id: string }) => k.id === created.body.id)).toBe(false);
  });

  it('stops accepting a key when it expires', async () => {
    const key = await server.createKey({ containerTags: ['short_lived'], expiresAt: new Date(Date.now() + 3000) });
    expect((await server.request('GET', '/v3/session', { key })).status).toBe(200);
    const res = await waitFor(
      async () => {
        const r = await server.request('GET', '/v3/session', { key });
        return r.status === 401 ? r : undefined;
      },
      10_000,
      'the key to expire',
    );
    expect(res.body.error).toBe('Invalid API key');
  });

  it('limits each scoped key with its own maximum and window', async () => {
    const created = await server.request('POST', '/v3/auth/scoped-key', { body: { containerTag: 'limited', rateLimitMax: 2, rateLimitTimeWindow: 3000 } });
    const key = created.body.key;
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 3; i++) {
      limited = await server.request('GET', '/v3/session', { key });
      statuses.push(limited.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeLessThanOrEqual(3);
    expect(limited!.headers.get('x-ratelimit-limit')).toBe('2');
    expect(typeof limited!.body.error).toBe('string');
    // Other keys are not affected.
    expect((await server.request('GET', '/v3/session')).status).toBe(200);
    // The key's own three-second window (not the server's minute) lets it through again.
    await waitFor(async () => ((await server.request('GET', '/v3/session', { key })).status === 200 ? true : undefined), 10_000, 'the window to pass');
  });
});
