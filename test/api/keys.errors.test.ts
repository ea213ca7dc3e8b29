import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('keys: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const keyIds = async () => (await server.request('GET', '/v3/auth/keys')).body.keys.map((k: { id: string }) => k.id).sort();

  const badBodies: [string, unknown, RegExp][] = [
    ['no container tag', { name: 'tagless' }, /containerTag/],
    ['an empty tag list', { containerTags: [] }, /containerTags/],
    ['a tag with a space', { containerTag: 'user one' }, /containerTag/],
    ['a tag with a dot', { containerTags: ['ok', 'not.ok'] }, /containerTags\.1/],
    ['a tag over 100 characters', { containerTag: 't'.repeat(101) }, /containerTag/],
    ['an unknown permission', { containerTag: 'u', permission: 'admin' }, /permission/],
    ['expiresInDays of 0', { containerTag: 'u', expiresInDays: 0 }, /expiresInDays/],
    ['expiresInDays over 365', { containerTag: 'u', expiresInDays: 366 }, /expiresInDays/],
    ['fractional expiresInDays', { containerTag: 'u', expiresInDays: 1.5 }, /expiresInDays/],
    ['rateLimitMax of 0', { containerTag: 'u', rateLimitMax: 0 }, /rateLimitMax/],
    ['a window under a second', { containerTag: 'u', rateLimitTimeWindow: 999 }, /rateLimitTimeWindow/],
    ['a window over a day', { containerTag: 'u', rateLimitTimeWindow: 86_400_001 }, /rateLimitTimeWindow/],
    ['a name over 100 characters', { containerTag: 'u', name: 'n'.repeat(101) }, /name/],
    ['an unknown field', { containerTag: 'u', role: 'admin' }, /role/],
  ];

  it.each(badBodies)('POST /v3/auth/scoped-key refuses %s with 400 and creates no key', async (_name, body, details) => {
    const before = await keyIds();
    expectError(await server.request('POST', '/v3/auth/scoped-key', { body }), 400, details);
    expect(await keyIds()).toEqual(before);
  });

  it('refuses malformed JSON', async () => {
    const before = await keyIds();
    expectError(await server.request('POST', '/v3/auth/scoped-key', { raw: '{"containerTag":', headers: { 'content-type': 'application/json' } }), 400);
    expect(await keyIds()).toEqual(before);
  });

  it('answers 404 for an unknown key and 400 for a key that is not scoped, revoking nothing', async () => {
    const member = await server.createKey({ name: 'ordinary' });
    const before = await keyIds();
    expectError(await server.request('DELETE', '/v3/auth/scoped-key/NoSuchKey0000000000000'), 404);
    const memberId = (await server.request('GET', '/v3/session', { key: member })).body.user.id;
    expectError(await server.request('DELETE', `/v3/auth/scoped-key/${memberId}`), 400, /bound to container tags/);
    const adminId = (await server.request('GET', '/v3/session')).body.user.id;
    expectError(await server.request('DELETE', `/v3/auth/scoped-key/${adminId}`), 400, /bound to container tags/);
    expectError(await server.request('DELETE', `/v3/auth/scoped-key/${'x'.repeat(65)}`), 400, /id/);
    expect(await keyIds()).toEqual(before);
    expect((await server.request('GET', '/v3/session', { key: member })).status).toBe(200);
  });
});
