import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TYPES_FILE, consoleTypesSource, servedOpenApiDocument } from './console-types.js';

describe('the console API types', () => {
  it('are what `npm run gen:console-types` writes from the served OpenAPI document', async () => {
    const expected = await consoleTypesSource(await servedOpenApiDocument());
    const committed = await readFile(CONSOLE_TYPES_FILE, 'utf8');
    // On failure: run `npm run gen:console-types` and commit console/src/api/openapi.ts.
    expect(committed === expected, 'console/src/api/openapi.ts is stale: run `npm run gen:console-types`').toBe(true);
  });
});
