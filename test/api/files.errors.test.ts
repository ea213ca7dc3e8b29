import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('GET /files/{token}: bad links', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('answers 403, not 500, to a file link whose MAC has the right characters but not the right bytes', async () => {
    const payload = 'eyJvIjoiYSIsImQiOiJiIiwiZSI6OTk5OTk5OTk5OTk5OX0';
    const mac = `é${'a'.repeat(42)}`; // an HMAC-SHA256 in base64url is 43 characters
    const res = await server.request('GET', `/files/${payload}.${encodeURIComponent(mac)}`, { key: null });
    expectError(res, 403);
  });
});
