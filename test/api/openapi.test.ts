import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the served OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it.each(['/v3/openapi', '/v4/openapi'])('%s passes a standard OpenAPI 3.1 validator', async (path) => {
    const res = await server.request('GET', path, { key: null });
    expect(res.status).toBe(200);
    const result = await validate(res.body);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('names every schema it refers to, the recursive filter expression included', async () => {
    const doc = (await server.request('GET', '/v3/openapi', { key: null })).body;
    const components = Object.keys(doc.components.schemas);
    const refs = [...new Set(refsOf(doc))];
    expect(refs.filter((ref) => !components.includes(ref.replace(/^#\/components\/schemas\//, '')))).toEqual([]);
    expect(refs).toContain('#/components/schemas/FilterExpressionInput');
  });
});
