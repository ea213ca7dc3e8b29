import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyResolver } from '../../core/access/keys.js';
import { AuthFailureThrottle } from '../../core/access/auth-throttle.js';
import type { Principal } from '../../model/access.js';
import { registerAuth } from './auth.js';
import { registerErrorHandling } from './errors.js';
import { registerOrganizationSlots } from './organization-slots.js';

const principalOf = (orgId: string): Principal => ({
  orgId,
  orgName: orgId,
  orgSlug: orgId,
  keyId: `key-${orgId}`,
  role: 'admin',
  permission: 'write',
  containerTags: null,
  rateLimit: null,
});

/** A server whose `/work` route answers only when the test lets it, with one slot and one place in line per organization. */
async function serverWithGate() {
  const keys = { resolve: async (raw: string) => principalOf(raw) } as unknown as KeyResolver;
  const app = Fastify();
  registerErrorHandling(app);
  registerAuth(app, keys, new AuthFailureThrottle({ now: () => new Date() } as never, { maxFailures: 0, windowMs: 60_000 }));
  registerOrganizationSlots(app, { slots: 1, maxWaiting: 1 });
  await app.register(multipart);
  const gates: (() => void)[] = [];
  let served = 0;
  app.get('/work', async () => {
    await new Promise<void>((open) => gates.push(open));
    return { served: ++served };
  });
  app.post('/upload', async (request) => ({ file: (await request.file())?.filename ?? null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const call = (org: string, path = '/work', init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${org}`, ...init.headers } });
  return { app, gates, call };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('organization slots', () => {
  let close: (() => Promise<unknown>) | null = null;
  afterEach(async () => close?.());

  it('keeps an organization to its slot while another is served: its next request waits, one past its line is refused, and the other organization is never kept waiting', async () => {
    const { app, gates, call } = await serverWithGate();
    close = () => app.close();
    const other = call('b');
    await until(() => gates.length === 1);
    const first = call('a');
    await until(() => gates.length === 2);
    // Of two more, one waits in line and the other, finding the line full, is refused at once.
    const more = [call('a'), call('a')];
    const refused = await Promise.race(more);
    expect(refused.status).toBe(429);
    const second = Promise.all(more).then((answers) => answers.find((answer) => answer !== refused)!);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ error: 'Too many requests at once' });
    expect(gates).toHaveLength(2);

    const third = call('c');
    await until(() => gates.length === 3);
    gates[2]();
    expect((await third).status).toBe(200);

    gates[1]();
    expect((await first).status).toBe(200);
    await until(() => gates.length === 4);
    gates[3]();
    expect((await second).status).toBe(200);
    gates[0]();
    expect((await other).status).toBe(200);
  });

  it('lets an organization alone on the server go past its slot', async () => {
    const { app, gates, call } = await serverWithGate();
    close = () => app.close();
    const answers = [call('a'), call('a'), call('a')];
    await until(() => gates.length === 3);
    for (const open of gates) open();
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('takes no slot while an upload is being sent', async () => {
    const { app, gates, call } = await serverWithGate();
    close = () => app.close();
    const other = call('b');
    await until(() => gates.length === 1);
    const held = call('a');
    await until(() => gates.length === 2);
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'note.txt');
    const upload = await call('a', '/upload', { method: 'POST', body: form });
    expect(await upload.json()).toEqual({ file: 'note.txt' });
    for (const open of gates) open();
    expect((await held).status).toBe(200);
    expect((await other).status).toBe(200);
  });
});
