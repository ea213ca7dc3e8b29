import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

describe('health and the API description', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('serves health without auth and an OpenAPI 3.1 document on both versions', async () => {
    const health = await server.request('GET', '/', { key: null });
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(health.body.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const path of ['/v3/openapi', '/v4/openapi']) {
      const doc = await server.request('GET', path, { key: null });
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toBe('3.1.0');
      expect(doc.body.info).toMatchObject({ title: 'engram memory API 3.0.0', version: health.body.version });
      expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/v3/documents', '/v3/documents/list', '/v3/documents/{id}']));
      expect(doc.body.paths['/v3/documents'].post.requestBody).toBeDefined();
    }
    for (const path of ['/healthz', '/readyz']) expect(Object.keys((await server.request('GET', '/v3/openapi', { key: null })).body.paths)).toContain(path);
    const page = await fetch(`${server.url}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('answers /healthz while serving and /readyz with the reason of each check, without a key and without data', async () => {
    const live = await server.request('GET', '/healthz', { key: null });
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await waitFor(async () => {
      const res = await server.request('GET', '/readyz', { key: null });
      return res.status === 200 ? res : undefined;
    });
    expect(ready.body).toEqual({
      ready: true,
      checks: {
        server: { ok: true, status: 'accepting requests' },
        database: { ok: true, status: 'answering' },
        migrations: { ok: true, status: expect.stringMatching(/^(\d+) of \1 applied$/) },
        embedder: { ok: true, status: 'loaded' },
        worker: { ok: true, status: 'running' },
      },
    });
    // A key is not needed, and one that is wrong changes nothing.
    expect((await server.request('GET', '/readyz', { key: 'em_wrong_key_000000000000' })).status).toBe(200);
  });

  it('answers /readyz 503 while the worker is stopped, and 200 again once it runs', async () => {
    const worker = server.app.worker!;
    await worker.stop();
    try {
      const res = await server.request('GET', '/readyz', { key: null });
      expect(res.status).toBe(503);
      expect(res.body.ready).toBe(false);
      expect(res.body.checks.worker).toEqual({ ok: false, status: 'stopped' });
    } finally {
      worker.start();
    }
    expect((await server.request('GET', '/readyz', { key: null })).status).toBe(200);
  });
});

describe('readiness of a process without a worker, and of one shutting down', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: false });
  });
  afterAll(async () => server?.close());

  it('is ready without a worker when it was started without one, and not ready once it shuts down', async () => {
    const ready = await waitFor(async () => {
      const res = await server.request('GET', '/readyz', { key: null });
      return res.status === 200 ? res.body : undefined;
    });
    expect(ready.checks.worker).toEqual({ ok: true, status: 'disabled in this process' });
    server.app.readiness.shuttingDown();
    const stopping = await server.request('GET', '/readyz', { key: null });
    expect(stopping.status).toBe(503);
    expect(stopping.body.ready).toBe(false);
    expect(stopping.body.checks.server).toEqual({ ok: false, status: 'shutting down' });
    expect((await server.request('GET', '/healthz', { key: null })).status).toBe(200);
  });
});
