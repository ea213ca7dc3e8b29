import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportText, parseLines } from '../helpers/export.js';
import { openRaw, parseResponses } from '../helpers/raw-http.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';

/** Generous next to the milliseconds these take; a request stuck behind the import never answers. */
const PROMPT_MS = 10_000;

async function within<T>(what: string, promise: Promise<T>, ms = PROMPT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('an import whose client sends slowly', () => {
  let server: TestServer;
  let otherKey: string;
  let file: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '1000' });
    otherKey = await server.createKey({ orgName: 'bystander', role: 'admin' });
    await server.request('PATCH', '/v3/container-tags/slow_src', { body: { name: 'Slow', entityContext: 'A tag sent slowly' } });
    await server.request('POST', '/v4/memories', { body: { containerTag: 'slow_src', memories: [{ content: 'Ines keeps bees on the roof' }] } });
    file = (await exportText(server, 'slow_src')).body;
  });
  afterAll(async () => server?.close());

  it('holds nothing another organization needs while its body has not arrived, and imports once it has', async () => {
    const [headerLine] = file.split('\n');
    const connection = await openRaw(server.url);
    try {
      await stallThenFinish(connection, headerLine);
    } finally {
      connection.socket.destroy();
    }
    const copied = parseLines((await exportText(server, 'slow_copy')).body);
    expect(copied.find((l) => l.kind === 'memory')?.memory).toBe('Ines keeps bees on the roof');
  });

  async function stallThenFinish(connection: Awaited<ReturnType<typeof openRaw>>, headerLine: string) {
    connection.socket.write(
      `POST /v3/container-tags/slow_copy/import HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${server.adminKey}\r\n` +
        `content-type: application/x-ndjson\r\ncontent-length: ${Buffer.byteLength(file)}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n`,
    );
    // The server has the headers and asks for the body: the import has begun.
    await waitFor(async () => connection.received().includes('100 Continue') || undefined, PROMPT_MS, 'the import to ask for its body');
    connection.socket.write(`${headerLine}\n`);

    // Twice over: whatever the import does first, it never holds the database while it waits.
    for (let round = 1; round <= 2; round++) {
      const session = await within('GET /v3/session', server.request('GET', '/v3/session', { key: otherKey }));
      expect(session.status).toBe(200);
      const search = await within('POST /v4/search', server.request('POST', '/v4/search', { key: otherKey, body: { q: 'bees' } }));
      expect(search.status).toBe(200);
      const added = await within(
        'POST /v3/documents',
        server.request('POST', '/v3/documents', { key: otherKey, body: { content: `Round ${round} of notes.` } }),
      );
      expect(added.status).toBe(200);
    }
    expect(connection.socket.destroyed).toBe(false);
    expect(parseResponses(connection.received())).toEqual([]);

    connection.socket.write(file.slice(headerLine.length + 1));
    await within('the import', connection.closed);
    const [answer] = parseResponses(connection.received());
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toMatchObject({ spaces: 1, memories: 1 });
  }
});
