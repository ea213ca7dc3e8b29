import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../src/http/plugins/console.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('the console as served at /console', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers its page without a key, never cached, under a strict Content-Security-Policy', async () => {
    for (const path of ['/console', '/console/', '/console/documents/some-id', '/console/memories']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      // Nothing inline: the policy allows no inline script or style.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|style=/);
    }
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toContain('unsafe');
  });

  it('serves hashed assets for a year and answers a missing one 404 in the error shape', async () => {
    const html = await (await fetch(`${server.url}/console/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const res = await fetch(`${server.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const missing = await fetch(`${server.url}/console/assets/missing-0000.js`);
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(body).toEqual({ error: expect.any(String), details: expect.any(String) });
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/console'))).toEqual([]);
  });
});
