import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AuthFailureThrottle } from '../../core/access/auth-throttle.js';
import type { Clock } from '../../core/shared/clock.js';
import { currentOwner } from '../../core/shared/request-turns.js';
import type { KeyResolver } from '../../core/access/keys.js';
import { registerAuth } from './auth.js';
import { registerErrorHandling } from './errors.js';
import type { Principal } from '../../model/access.js';

const principal: Principal = {
  orgId: 'o',
  orgName: 'default',
  orgSlug: 'default',
  keyId: 'k',
  role: 'admin',
  permission: 'write',
  containerTags: null,
  rateLimit: null,
};

async function serverWith(clock: Clock, maxFailures: number) {
  const lookups: string[] = [];
  const keys = {
    resolve: async (raw: string) => {
      lookups.push(raw);
      return raw === 'good' ? principal : null;
    },
  } as unknown as KeyResolver;
  const app = Fastify();
  registerErrorHandling(app);
  registerAuth(app, keys, new AuthFailureThrottle(clock, { maxFailures, windowMs: 60_000 }));
  app.get('/private', async () => ({ ok: true, owner: currentOwner() }));
  await app.ready();
  const get = (key: string) => app.inject({ method: 'GET', url: '/private', headers: { authorization: `Bearer ${key}` } });
  return { app, lookups, get };
}

describe('the request context', () => {
  it('names the organization of the key for the rest of the request, so that database turns are shared fairly', async () => {
    const { app, get } = await serverWith({ now: () => new Date() }, 3);
    expect((await get('good')).json()).toEqual({ ok: true, owner: 'o' });
    await app.close();
  });
});

describe('auth failure throttle', () => {
  it('refuses an address past its budget without looking any key up, until the window ends', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const { app, lookups, get } = await serverWith({ now: () => new Date(now) }, 3);
    for (let i = 0; i < 3; i++) expect((await get(`bad${i}`)).statusCode).toBe(401);
    expect(lookups).toHaveLength(3);

    const refused = await get('bad3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ error: 'Too many failed authentication attempts', details: 'retry after 60 s' });
    expect((await get('good')).statusCode).toBe(429);
    expect(lookups).toHaveLength(3);

    now += 59_000;
    expect((await get('good')).headers['retry-after']).toBe('1');
    now += 1_000;
    expect((await get('good')).statusCode).toBe(200);
    await app.close();
  });

  it('is off with a budget of 0', async () => {
    const { app, get } = await serverWith({ now: () => new Date() }, 0);
    for (let i = 0; i < 20; i++) expect((await get(`bad${i}`)).statusCode).toBe(401);
    await app.close();
  });
});

describe('access', () => {
  async function serverFor(keys: Record<string, Principal>) {
    const resolver = { resolve: async (raw: string) => keys[raw] ?? null } as unknown as KeyResolver;
    const app = Fastify();
    registerErrorHandling(app);
    registerAuth(app, resolver, new AuthFailureThrottle({ now: () => new Date() }, { maxFailures: 0, windowMs: 60_000 }));
    app.get('/v3/documents/:id', async () => ({ ok: true }));
    // A mutating route that forgot to declare its access.
    app.post('/v3/documents/forgotten', async () => ({ wrote: true }));
    app.post('/v3/documents/query', { config: { access: 'read' } }, async () => ({ read: true }));
    app.delete('/v3/settings/everything', { config: { access: 'admin' } }, async () => ({ deleted: true }));
    await app.ready();
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string) => app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
    return { app, call };
  }

  it('closes a mutating route without a declared access to read-only keys', async () => {
    const { app, call } = await serverFor({ reader: { ...principal, role: 'member', permission: 'read' }, writer: principal });
    const refused = await call('POST', '/v3/documents/forgotten', 'reader');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This key is read-only' });
    expect((await call('POST', '/v3/documents/forgotten', 'writer')).statusCode).toBe(200);
    expect((await call('GET', '/v3/documents/1', 'reader')).statusCode).toBe(200);
    expect((await call('POST', '/v3/documents/query', 'reader')).statusCode).toBe(200);
    await app.close();
  });

  it('refuses scoped keys outside their endpoints and members on admin routes', async () => {
    const { app, call } = await serverFor({ scoped: { ...principal, role: 'member', containerTags: ['a'] }, member: { ...principal, role: 'member' } });
    const scoped = await call('DELETE', '/v3/settings/everything', 'scoped');
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json().error).toBe('Scoped keys may not call this endpoint');
    expect(scoped.json().details).toMatch(/^allowed: \/v3\/container-tags, \/v3\/documents/);
    expect((await call('DELETE', '/v3/settings/everything', 'member')).json()).toEqual({ error: 'This operation needs an admin key' });
    expect((await call('GET', '/v3/documents/1', 'scoped')).statusCode).toBe(200);
    await app.close();
  });
});
