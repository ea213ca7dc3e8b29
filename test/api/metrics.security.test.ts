import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const token = `mt_${randomBytes(16).toString('hex')}`;

describe('GET /metrics is behind its own token', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
  });
  afterAll(async () => server?.close());

  it('answers 401 without the token, with a wrong one and with an API key, 200 with it', async () => {
    const missing = await server.request('GET', '/metrics', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'Missing metrics token', details: expect.any(String) });
    for (const wrong of [`${token}x`, token.slice(0, -1), 'short', server.adminKey]) {
      const res = await server.request('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${wrong}` } });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Invalid metrics token');
    }
    const ok = await server.request('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('engram_http_requests_total');
    // Refused scrapes are counted under the route's pattern too.
    expect(ok.body).toMatch(/engram_http_requests_total\{method="GET",route="\/metrics",status="401"\} 5/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('does not exist: answered as any unknown URL (404 with an API key), whatever is sent', async () => {
    for (const key of [null, server.adminKey, token]) {
      const unknown = await server.request('GET', '/no-such-route', { key });
      const res = await server.request('GET', '/metrics', { key });
      expect(res.status).toBe(unknown.status);
      expect(res.body.error).toBe(unknown.body.error);
    }
    const res = await server.request('GET', '/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', details: 'GET /metrics' });
    const doc = await server.request('GET', '/v3/openapi', { key: null });
    expect(doc.body.paths['/metrics']).toBeUndefined();
  });
});
