/**
 * Writes console/src/api/openapi.ts, the types of every route's request and answer, from the OpenAPI
 * document the server serves (GET /v3/openapi of a server on an in-memory database):
 *
 *   npm run gen:console-types
 *
 * The console (console/src/api/types.ts) and the API tests (test/helpers/api-types.ts) read their
 * shapes from that file; scripts/console-types.test.ts fails when it is older than the routes.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export const CONSOLE_TYPES_FILE = fileURLToPath(new URL('../console/src/api/openapi.ts', import.meta.url));

const HEADER = `/**
 * The API's request and answer shapes, generated from the OpenAPI document the server serves
 * (GET /v3/openapi) by \`npm run gen:console-types\` (scripts/console-types.ts). Do not edit:
 * change the route schemas in src/http and run the script again.
 */

`;

/** The document GET /v3/openapi answers, from a server on an empty in-memory database. */
export async function servedOpenApiDocument(): Promise<OpenAPI3> {
  // A key of its own, so that the server prints no first admin key.
  const ENGRAM_API_KEY = `em_types_${randomBytes(16).toString('hex')}`;
  const config = loadConfig({ DATA_DIR: 'memory://', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ENGRAM_API_KEY });
  const app = await createApp(config, { worker: false, http: true });
  try {
    const res = await app.http!.inject({ method: 'GET', url: '/v3/openapi' });
    if (res.statusCode !== 200) throw new Error(`GET /v3/openapi answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res.json() as OpenAPI3;
  } finally {
    await app.close();
  }
}

/** The text of console/src/api/openapi.ts for this document. */
export async function consoleTypesSource(document: OpenAPI3): Promise<string> {
  return HEADER + astToString(await openapiTS(document, { silent: true }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(CONSOLE_TYPES_FILE, await consoleTypesSource(await servedOpenApiDocument()));
  console.log(`wrote ${CONSOLE_TYPES_FILE}`);
}
