import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('profile: bad input', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => server?.close());

  it('rejects bad input with 400 and the error shape', async () => {
    const bad: [string, unknown][] = [
      ['/v4/profile', {}],
      ['/v4/profile', { containerTag: 'bad tag' }],
      ['/v4/profile', { containerTag: 't', include: ['everything'] }],
      ['/v4/profile', { containerTag: 't', threshold: 2 }],
      ['/v4/profile', { containerTag: 't', filters: { AND: [{ value: 'x' }] } }],
      ['/v4/profile/buckets', {}],
    ];
    for (const [path, body] of bad) {
      const res = await server.request('POST', path, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
