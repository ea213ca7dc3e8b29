import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { addressOf, openRaw, parseResponses, rawGet, sendRaw, type RawResponse } from '../helpers/raw-http.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

/** Answers Fastify, Node's HTTP parser or a plugin give on their own have the error shape too. */
function expectRawError(res: RawResponse, status: number, details?: RegExp): void {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectError({ status: res.status, headers: new Headers(), body: res.body }, status, details);
}

describe('every answer from every layer has the error shape', () => {
  let server: TestServer;
  let auth: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ MAX_BODY_BYTES: String(64 * 1024), MAX_FILE_BYTES: String(32 * 1024) });
    auth = { authorization: `Bearer ${server.adminKey}` };
  });
  afterAll(async () => server?.close());

  it('answers 400 to a path that is not valid percent-encoding', async () => {
    expectRawError(await rawGet(server.url, '/v3/documents/%E0%A4%A', auth), 400, /percent-encoded/);
    expectRawError(await rawGet(server.url, '/v3/documents/%ZZ', auth), 400);
  });

  it('answers 414 to a path parameter over 1,000 characters', async () => {
    expectRawError(await rawGet(server.url, `/v3/documents/${'a'.repeat(1001)}`, auth), 414, /1000 characters/);
    expectRawError(await rawGet(server.url, `/v3/documents/${'a'.repeat(1000)}`, auth), 400, /params\.id/);
  });

  it('answers 431 to a 100,000-character query', async () => {
    expectRawError(await rawGet(server.url, `/v3/documents/abc?containerTag=${'a'.repeat(100_000)}`, auth), 431, /KB/);
  });

  it('answers 400 to bytes that are not HTTP', async () => {
    const [res] = await sendRaw(server.url, 'NOT HTTP AT ALL\r\n\r\n');
    expectRawError(res, 400, /not valid HTTP/);
    const [badLength] = await sendRaw(server.url, 'POST /v3/documents HTTP/1.1\r\nhost: x\r\ncontent-length: nope\r\n\r\n');
    expectRawError(badLength, 400);
  });

  it('answers 417 to an expectation other than 100-continue', async () => {
    const [res] = await sendRaw(
      server.url,
      `GET /v3/settings HTTP/1.1\r\nhost: x\r\nauthorization: ${auth.authorization}\r\nexpect: x-nonsense\r\nconnection: close\r\n\r\n`,
    );
    expectRawError(res, 417, /100-continue/);
  });

  it('answers 400 to an HTTP/1.1 request without Host, and serves HTTP/1.0 without it', async () => {
    const [missing] = await sendRaw(server.url, `GET /v3/settings HTTP/1.1\r\nauthorization: ${auth.authorization}\r\nconnection: close\r\n\r\n`);
    expectRawError(missing, 400, /Host header/);
    const [old] = await sendRaw(server.url, `GET /v3/settings HTTP/1.0\r\nauthorization: ${auth.authorization}\r\n\r\n`);
    expect(old.status).toBe(200);
  });

  it('answers 400 naming a query parameter given twice, on routes with and without a query schema', async () => {
    const [listed] = await sendRaw(
      server.url,
      `GET /v3/documents/abc?containerTag=a&containerTag=b HTTP/1.1\r\nhost: x\r\nauthorization: ${auth.authorization}\r\nconnection: close\r\n\r\n`,
    );
    expectRawError(listed, 400, /querystring\.containerTag: given more than once/);
    const webhook = await server.request('POST', '/v3/connections/webhooks/notes-workspace?x=1&x=2', { key: null, body: {} });
    expectError(webhook, 400, /querystring\.x: given more than once/);
  });

  it('answers 404 to unknown routes and to known paths with another method', async () => {
    expectError(await server.request('GET', '/nothing/here'), 404);
    expectError(await server.request('PUT', '/v3/documents/list', { body: {} }), 404);
    expectError(await server.request('GET', '/nothing/here', { key: null }), 401);
  });

  it('answers 415 to an unsupported content type and 413 to a body over the limit', async () => {
    const xml = await server.request('POST', '/v3/documents', { raw: '<content/>', headers: { 'content-type': 'application/xml' } });
    expectError(xml, 415);
    expectError(await server.request('POST', '/v3/documents', { body: { content: 'x'.repeat(70 * 1024) } }), 413);
    const wrongLength = await sendRaw(
      server.url,
      `POST /v3/documents HTTP/1.1\r\nhost: x\r\nauthorization: ${auth.authorization}\r\ncontent-type: application/json\r\ncontent-length: ${100 * 1024}\r\nconnection: close\r\n\r\n{}`,
    );
    expectRawError(wrongLength[0], 413);
  });

  it('answers 413 to multipart uploads past their limits', async () => {
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob(['one']), 'a.txt');
    twoFiles.append('file', new Blob(['two']), 'b.txt');
    expectError(await server.request('POST', '/v3/documents/file', { raw: twoFiles }), 413);
    const big = new FormData();
    big.append('file', new Blob(['y'.repeat(40 * 1024)]), 'big.txt');
    expectError(await server.request('POST', '/v3/documents/file', { raw: big }), 413);
  });

  it('answers 429 with retry-after when a key runs past its rate limit', async () => {
    const key = await server.createKey({ rateLimit: { max: 2, windowMs: 60_000 } });
    for (let i = 0; i < 2; i++) expect((await server.request('GET', '/v3/settings', { key })).status).toBe(200);
    const res = await server.request('GET', '/v3/settings', { key });
    expectError(res, 429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('requests that arrive while the server shuts down', () => {
  it('answers 503 with the error shape on a connection still open', async () => {
    const server = await startTestServer();
    const { port, host } = addressOf(server.url);
    const connection = await openRaw(server.url);
    // A request in flight keeps the connection open through the shutdown.
    connection.socket.write(
      `POST /nothing HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${server.adminKey}\r\ncontent-type: application/json\r\n` +
        'content-length: 2\r\nexpect: 100-continue\r\n\r\n',
    );
    await waitFor(async () => connection.received().includes('100 Continue') || undefined, 10_000, 'the server to read the headers');
    const closed = server.close();
    const refused = () =>
      new Promise<boolean>((resolve) => {
        const probe = connect({ port, host });
        probe.once('connect', () => (probe.destroy(), resolve(false)));
        probe.once('error', () => resolve(true));
      });
    await waitFor(async () => (await refused()) || undefined, 10_000, 'the server to stop accepting connections');
    connection.socket.write(`{}GET /v3/settings HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${server.adminKey}\r\n\r\n`);
    await connection.closed;
    await closed;
    const [first, second] = parseResponses(connection.received());
    expectRawError(first, 404);
    expectRawError(second, 503, /shutting down/);
  });
});
