import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_DESTINATION } from '../../src/convert/fetch-url.js';
import { LogCapture } from '../helpers/log-capture.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

/** Words only the requests below carry: none may reach the log. */
const NOTE_WORD = 'zephyrmarmalade';
const QUERY_WORD = 'quincetoboggan';
const URL_WORD = 'kestrelvelvet';
const WRONG_KEY = 'em_wrong_key_0123456789abcdef';

describe('logs: one line per request and per document event, never a key or user content', () => {
  const logs = new LogCapture();
  let server: TestServer;
  let keyId: string;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'info', ALLOW_PRIVATE_URLS: 'false' }, { logger: logs.logger });
    keyId = (await server.request('GET', '/v3/session')).body.user.id;
  });
  afterAll(async () => server?.close());

  /** The request lines for `method path status`; written once the answer is sent, so waited for. */
  const requestLines = (method: string, path: string, status: number) =>
    waitFor(
      async () => {
        const lines = logs.entries().filter((e) => e.method === method && e.path === path && e.status === status);
        return lines.length ? lines : undefined;
      },
      10_000,
      `a log line for ${method} ${path} ${status}`,
    );

  const documentLines = (documentId: string) => logs.entries().filter((e) => e.documentId === documentId);

  it('writes an info line per answered request: method, route path, status, ms and the key id', async () => {
    const added = await server.request('POST', '/v3/documents', { body: { content: `Nora keeps the ${NOTE_WORD} jar in the attic.`, containerTag: 'logs' } });
    expect(added.status).toBe(200);
    const [line] = await requestLines('POST', '/v3/documents', 200);
    expect(line).toMatchObject({ level: 30, status: 200, keyId, ms: expect.any(Number) });
    expect(line.msg).toBe(`POST /v3/documents 200 ${line.ms} ms`);
    await waitForDocument(server, added.body.id);
  });

  it('logs the route pattern, never the values or query string of the URL', async () => {
    const missing = await server.request('GET', `/v3/documents/NoSuchDocument${QUERY_WORD}?containerTag=${QUERY_WORD}`);
    expect(missing.status).toBe(404);
    const [line] = await requestLines('GET', '/v3/documents/:id', 404);
    expect(line).toMatchObject({ level: 40, status: 404, keyId, error: 'Document not found' });
    expect(line.err).toBeUndefined();
  });

  it('logs the successes of probes (/healthz, /readyz) at debug only: a load balancer asking every few seconds fills no log', async () => {
    expect((await server.request('GET', '/healthz', { key: null })).status).toBe(200);
    const ready = await waitFor(async () => {
      const res = await server.request('GET', '/readyz', { key: null });
      return res.status === 200 ? res : undefined;
    });
    expect(ready.status).toBe(200);
    // Written after those answers: once it is in, theirs would be too.
    expect((await server.request('GET', '/', { key: null })).status).toBe(200);
    await requestLines('GET', '/', 200);
    expect(logs.entries().filter((e) => e.path === '/healthz' || (e.path === '/readyz' && e.status === 200))).toEqual([]);
  });

  it('says a refused key as one warning with the answer, without the key or a stack', async () => {
    const refused = await server.request('POST', '/v4/search', { key: WRONG_KEY, body: { q: QUERY_WORD } });
    expect(refused.status).toBe(401);
    const [line] = await requestLines('POST', '/v4/search', 401);
    expect(line).toMatchObject({ level: 40, status: 401, error: 'Invalid API key', msg: expect.stringMatching(/^POST \/v4\/search 401 \d+ ms$/) });
    expect(line.keyId).toBeUndefined();
    expect(line.err).toBeUndefined();
  });

  it('follows a document from queued to done, with its duration and counts', async () => {
    const added = await server.request('POST', '/v3/documents', {
      body: { content: `# Garden\n\nNora grows ${NOTE_WORD} tomatoes. Nora lives in Ghent.`, containerTag: 'logs' },
    });
    const id = added.body.id;
    expect((await waitForDocument(server, id)).status).toBe('done');
    const lines = await waitFor(
      async () => {
        const found = documentLines(id);
        return found.some((e) => e.msg.startsWith(`document ${id} done`)) ? found : undefined;
      },
      10_000,
      'the done line',
    );
    expect(lines.map((e) => e.msg.replace(/\d+ ms$/, 'N ms'))).toEqual([`document ${id} queued`, `document ${id} done in N ms`]);
    const done = lines[1];
    expect(done).toMatchObject({ level: 30, attempt: 1, chunks: 1, memories: { created: expect.any(Number) } });
    expect(done.memories.created).toBeGreaterThan(0);
    expect(done.msg).toBe(`document ${id} done in ${done.ms} ms`);
  });

  it('says a blocked URL in one warning with the reason and why, without a stack', async () => {
    const added = await server.request('POST', '/v3/documents', { body: { content: `http://127.0.0.1:9/notes?token=${URL_WORD}`, containerTag: 'logs' } });
    const id = added.body.id;
    expect(await waitForDocument(server, id)).toMatchObject({ status: 'failed' });
    const failed = await waitFor(async () => documentLines(id).find((e) => e.level >= 40), 10_000, 'the failed line');
    expect(failed).toMatchObject({ msg: `document ${id} failed`, level: 40, reason: UNREACHABLE_DESTINATION, diagnosis: expect.stringMatching(/loopback/) });
    expect(documentLines(id).map((e) => e.msg)).toEqual([`document ${id} queued`, `document ${id} failed`]);
    expect(logs.entries().filter((e) => e.err)).toEqual([]);
  });

  it('says a 501 (a feature not offered here) as a warning, not an error', async () => {
    const refused = await server.request('POST', '/v3/connections/notion', { body: { containerTag: 'logs' } });
    expect(refused.status).toBe(501);
    const [line] = await requestLines('POST', '/v3/connections/:provider', 501);
    expect(line).toMatchObject({ level: 40, error: refused.body.error });
    expect(line.err).toBeUndefined();
  });

  it('writes no warning for the 405 an MCP client expects from GET /mcp, only a debug line', async () => {
    const debug = new LogCapture('debug');
    const quiet = await startTestServer({}, { logger: debug.logger });
    try {
      const probe = await quiet.request('GET', '/mcp', { headers: { accept: 'text/event-stream' } });
      expect(probe.status).toBe(405);
      const line = await waitFor(async () => debug.entries().find((e) => e.path === '/mcp' && e.status === 405), 10_000, 'the /mcp line');
      expect(line).toMatchObject({ level: 20, method: 'GET' });
      expect(debug.entries().filter((e) => e.level >= 40 && e.path === '/mcp')).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('never writes a key, a body, a query string or a fetched URL', () => {
    const text = logs.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [server.adminKey, WRONG_KEY, NOTE_WORD, QUERY_WORD, URL_WORD]) expect(text).not.toContain(secret);
  });
});
