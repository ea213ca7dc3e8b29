import { existsSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/app.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Every `$ref` string anywhere in the document. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else refsOf(child, found);
    }
  }
  return found;
}

const CHROMIUM = process.env.ENGRAM_TEST_CHROMIUM ?? '/usr/bin/chromium';

describe('the served OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it.each(['/v3/openapi', '/v4/openapi', '/v5/openapi'])('%s passes a standard OpenAPI 3.1 validator', async (path) => {
    const res = await server.request('GET', path, { key: null });
    expect(res.status).toBe(200);
    const result = await validate(res.body);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('states the server and the API version, and describes every response of every route', async () => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    expect(doc.info).toMatchObject({ title: 'engram memory API 3.0.0', version: VERSION });
    expect(doc.info.description).toContain(`engram server **${VERSION}**, serving version **3.0.0**`);
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, { responses: Record<string, { description?: string }> }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [code, response] of Object.entries(operation.responses)) {
          if (!response.description || response.description === 'Default Response') undescribed.push(`${method} ${path} ${code}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
    const keys = doc.paths['/v3/auth/keys'].post.responses;
    expect(keys['200'].description).toBe(
      'Done: the answer — Create a key of the organization with any role, reaching every tag (the key is shown only in this answer)',
    );
    expect(keys['4XX'].description).toMatch(/^The request cannot be served: bad input \(400/);
  });

  it('names every schema it refers to, the recursive filter expression included', async () => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    const components = Object.keys(doc.components.schemas);
    const refs = [...new Set(refsOf(doc))];
    expect(refs.filter((ref) => !components.includes(ref.replace(/^#\/components\/schemas\//, '')))).toEqual([]);
    expect(refs).toContain('#/components/schemas/FilterExpressionInput');
  });

  it.each(['/v3/documents/file', '/v3/memories/file'])('describes the multipart form of %s', async (path) => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    const body = doc.paths[path].post.requestBody;
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    const form = body.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['file']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.containerTag.pattern).toBeDefined();
    expect(form.properties.metadata).toMatchObject({ type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object' } });
  });

  it('says on every route that deletes or moves documents what becomes of the memories drawn from them', async () => {
    const paths = (await server.request('GET', '/v3/openapi', { key: null })).body.paths;
    const said = {
      'DELETE /v3/documents/{id}': paths['/v3/documents/{id}'].delete.description,
      'DELETE /v3/documents/bulk': paths['/v3/documents/bulk'].delete.description,
      'PATCH /v3/documents/{id}': paths['/v3/documents/{id}'].patch.description,
      'DELETE /v3/connections/{connectionId}': paths['/v3/connections/{connectionId}'].delete.description,
      'DELETE /v3/container-tags/{containerTag}': paths['/v3/container-tags/{containerTag}'].delete.description,
    };
    for (const [route, description] of Object.entries(said)) expect(description, route).toMatch(/memories drawn (only )?from/);
    expect(said['PATCH /v3/documents/{id}']).toMatch(/no longer stated by its source document/);
  });

  it('renders in /docs with the real request and response fields, and no resolver errors', async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`no Chromium at ${CHROMIUM}: run scripts/chromium-install.sh, or set ENGRAM_TEST_CHROMIUM to a Chromium binary`);
    }
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/docs`);
      const search = page.locator('#operations-search-post_v4_search');
      await search.locator('.opblock-summary').click();
      const request = search.locator('.opblock-section-request-body .highlight-code');
      await expect.poll(() => request.innerText()).toContain('"q":');
      expect(await request.innerText()).toContain('"filters":');
      const ok = search.locator('.response[data-code="200"] .highlight-code');
      expect(await ok.innerText()).toContain('"results":');
      expect(await ok.innerText()).toContain('"memory":');
      expect(await page.locator('.errors-wrapper').allInnerTexts()).toEqual([]);
      // The header is text, not swallowed as an HTML tag; the badge is the server's version, the title the API's.
      expect(await page.locator('.info .description').innerText()).toContain('Authorization: Bearer <API key>');
      expect(await page.locator('.info .title').innerText()).toMatch(new RegExp(`^engram memory API 3\\.0\\.0\\s+${VERSION.replaceAll('.', '\\.')}`));
      expect(await page.locator('.response .response-col_description').allInnerTexts()).not.toContain('Default Response');
      expect(await ok.locator('xpath=ancestor::tr').locator('.response-col_description').innerText()).toContain('Done: the answer');
    } finally {
      await browser.close();
    }
  });
});
