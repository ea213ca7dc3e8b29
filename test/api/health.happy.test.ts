import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

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
      expect(doc.body.info.version).toBe('3.0.0');
      expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/v3/documents', '/v3/documents/list', '/v3/documents/{id}']));
      expect(doc.body.paths['/v3/documents'].post.requestBody).toBeDefined();
    }
    const page = await fetch(`${server.url}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });
});
