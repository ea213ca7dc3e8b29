import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AuthFailureThrottle } from '../../core/access/auth-throttle.js';
import type { Clock } from '../../core/shared/clock.js';
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
  app.get('/private', async () => ({ ok: true }));
  await app.ready();
  const get = (key: string) => app.inject({ method: 'GET', url: '/private', headers: { authorization: `Bearer ${key}` } });
  return { app, lookups, get };
}

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
