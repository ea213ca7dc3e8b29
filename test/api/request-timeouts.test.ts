import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/errors.js';
import { openRaw, parseResponses } from '../helpers/raw-http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Short bounds for the test; the defaults are minutes (docs/configuration.md). */
const REQUEST_MS = 4_000;
const HEADERS_MS = 2_000;
const BODY_IDLE_MS = 1_000;
/** Far past every bound above, far short of "never". */
const CLOSED_WITHIN_MS = 12_000;

type Connection = Awaited<ReturnType<typeof openRaw>>;

/** Resolves with the answers once the server closed the connection; fails if it is still open after `ms`. */
async function answersOnClose(connection: Connection, ms = CLOSED_WITHIN_MS) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the connection was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([connection.closed, timeout]);
  } finally {
    clearTimeout(timer);
    connection.socket.destroy();
  }
  return parseResponses(connection.received());
}

function expect408(responses: ReturnType<typeof parseResponses>) {
  expect(responses).toHaveLength(1);
  expect(responses[0].headers['content-type']).toMatch(/^application\/json/);
  expectError({ status: responses[0].status, headers: new Headers(), body: responses[0].body }, 408);
}

describe('a client cannot hold a connection by sending slowly', () => {
  let server: TestServer;
  let head: (contentLength: number) => string;

  beforeAll(async () => {
    server = await startTestServer({
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_MS),
    });
    head = (contentLength) =>
      `POST /v3/documents HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${server.adminKey}\r\ncontent-type: application/json\r\ncontent-length: ${contentLength}\r\n\r\n`;
  });
  afterAll(async () => server?.close());

  it('answers 408 and closes a request whose Content-Length is more than it sends', async () => {
    const connection = await openRaw(server.url);
    const started = Date.now();
    connection.socket.write(`${head(1000)}{"content":`);
    expect408(await answersOnClose(connection));
    expect(Date.now() - started).toBeGreaterThanOrEqual(BODY_IDLE_MS - 100);
  });

  it('answers 408 to a body trickled in, never idle, once the request timeout passed', async () => {
    const connection = await openRaw(server.url);
    const started = Date.now();
    connection.socket.write(`${head(100_000)}{"content":"`);
    const trickle = setInterval(() => connection.socket.writable && connection.socket.write('a'), BODY_IDLE_MS / 4);
    try {
      expect408(await answersOnClose(connection));
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_MS - 100);
  });

  it('answers 408 to headers that stall, or trickle in past the headers timeout', async () => {
    const stalled = await openRaw(server.url);
    stalled.socket.write(`GET /v3/settings HTTP/1.1\r\nhost: x\r\n`);
    expect408(await answersOnClose(stalled));

    const trickled = await openRaw(server.url);
    const started = Date.now();
    trickled.socket.write(`GET /v3/settings HTTP/1.1\r\nhost: x\r\n`);
    const trickle = setInterval(() => trickled.socket.writable && trickled.socket.write('x-padding: a\r\n'), BODY_IDLE_MS / 4);
    try {
      expect408(await answersOnClose(trickled));
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEADERS_MS - 100);
  });

  it('accepts a body that arrives slowly but within the bounds', async () => {
    const connection = await openRaw(server.url);
    const body = JSON.stringify({ content: 'Sent over a slow link, in pieces.', containerTag: 'slow_link' });
    const pieces = body.match(/.{1,12}/g)!.slice();
    connection.socket.write(`${head(Buffer.byteLength(body))}`.replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n'));
    for (const piece of pieces.slice(0, 5)) {
      connection.socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, BODY_IDLE_MS / 4));
    }
    connection.socket.write(pieces.slice(5).join(''));
    const [answer] = await answersOnClose(connection);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toEqual(expect.any(String));
  });
});
