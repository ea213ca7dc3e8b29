import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { documents } from '../../src/store/schema/documents.js';
import { jobs } from '../../src/store/schema/jobs.js';
import { ChildServer, type DurableStore, durableStore } from '../helpers/child-server.js';
import { driver, waitFor } from '../helpers/server.js';

/** A page that does not answer until released: a fetch no shutdown can interrupt. */
class HangingPage {
  hits = 0;
  private open = false;
  private readonly held: ServerResponse[] = [];
  private readonly server = createServer((_req, res) => {
    this.hits++;
    if (this.open) res.end('The ferry to Vlieland leaves at nine every morning.');
    else this.held.push(res);
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/timetable`;
  }

  release(): void {
    this.open = true;
    for (const res of this.held.splice(0)) res.destroy();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const GRACE_MS = 1500;

describe('graceful shutdown', () => {
  const key = `em_test_${randomBytes(16).toString('hex')}`;
  const page = new HangingPage();
  const env: Record<string, string> = {
    ENGRAM_API_KEY: key,
    ALLOW_PRIVATE_URLS: 'true',
    WORKER_POLL_MS: '100',
    URL_FETCH_TIMEOUT_MS: '120000',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  let store: DurableStore | undefined;
  let server: ChildServer;

  beforeAll(async () => {
    await page.start();
    store = await durableStore('stop', driver === 'postgres' ? inject('pgUrl')! : null);
    Object.assign(env, store.env);
    server = await ChildServer.create(env);
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await page.close();
    await store?.remove();
  });

  const api = (method: string, path: string, body?: unknown) => server.request(key, method, path, body);

  it('on SIGTERM releases a job it cannot interrupt at the bound, exits 0, says so in one line, and the job runs after a restart', async () => {
    const ready = await waitFor(async () => {
      const res = await fetch(`${server.url}/readyz`);
      return res.status === 200 ? ((await res.json()) as { ready: boolean }) : undefined;
    }, 60_000);
    expect(ready.ready).toBe(true);

    const added = await api('POST', '/v3/documents', { content: page.url, containerTag: 'ferries' });
    expect(added.status).toBe(200);
    const documentId: string = added.body.id;
    await waitFor(async () => (page.hits > 0 ? true : undefined), 30_000, 'the worker to fetch the page');

    const { code, ms } = await server.terminate();
    expect(code).toBe(0);
    // The fetch could not be interrupted: the stop waited out its bound, not the fetch's two minutes.
    expect(ms).toBeGreaterThanOrEqual(GRACE_MS);
    expect(ms).toBeLessThan(GRACE_MS + 15_000);
    const lines = server.log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; jobs?: unknown });
    const stopped = lines.filter((line) => line.msg.startsWith('stopped in '));
    expect(stopped).toHaveLength(1);
    expect(stopped[0].msg).toMatch(
      new RegExp(`^stopped in \\d+ ms; 0 jobs finished, 1 released to the queue \\(1 still running at the ${GRACE_MS} ms bound\\)$`),
    );
    expect(stopped[0].jobs).toEqual({ finished: 0, released: 1, forced: 1, abandoned: 0 });

    // Released: queued, nobody's, its attempt given back; its document queued again.
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    try {
      const [job] = await database.db.select().from(jobs).where(eq(jobs.documentId, documentId));
      expect(job).toMatchObject({ status: 'queued', lockedBy: null, lockedUntil: null, attempts: 0 });
      const [doc] = await database.db.select({ status: documents.status }).from(documents).where(eq(documents.id, documentId));
      expect(doc.status).toBe('queued');
    } finally {
      await database.close();
    }

    page.release();
    await server.start();
    const done = await waitFor(
      async () => {
        const res = await api('GET', `/v3/documents/${documentId}`);
        return res.body.status === 'done' || res.body.status === 'failed' ? res.body : undefined;
      },
      60_000,
      'the released document to be processed after the restart',
    );
    expect(done.status).toBe('done');
  });
});
