import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ChildServer, type DurableStore, durableStore } from '../helpers/child-server.js';
import { driver, waitFor } from '../helpers/server.js';

/** A site whose /slow pages hang until released, so a crash can be timed to land mid-ingest. */
class GatedSite {
  readonly hits = new Map<string, number>();
  private held: ServerResponse[] = [];
  private open = false;
  private server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    if (path.startsWith('/slow') && !this.open) {
      this.held.push(res);
      return;
    }
    this.answer(path, res);
  });
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  release() {
    this.open = true;
    for (const res of this.held.splice(0)) res.destroy();
  }

  async close() {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private answer(path: string, res: ServerResponse) {
    res.setHeader('content-type', 'text/plain');
    res.end(`Page ${path} says: the lighthouse keeper logs every passing ship.`);
  }
}

describe('pipeline: crash recovery', () => {
  const key = `em_test_${randomBytes(16).toString('hex')}`;
  const site = new GatedSite();
  let store: DurableStore | undefined;
  let server: ChildServer;

  beforeAll(async () => {
    await site.start();
    const env: Record<string, string> = {
      ENGRAM_API_KEY: key,
      ALLOW_PRIVATE_URLS: 'true',
      WORKER_CONCURRENCY: '2',
      WORKER_POLL_MS: '100',
      JOB_LEASE_MS: '2000',
      URL_FETCH_TIMEOUT_MS: '120000',
    };
    store = await durableStore('crash', driver === 'postgres' ? inject('pgUrl')! : null);
    Object.assign(env, store.env);
    server = await ChildServer.create(env);
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await site.close();
    await store?.remove();
  });

  const api = (method: string, path: string, body?: unknown) => server.request(key, method, path, body);

  it('after kill -9 mid-ingest and a restart, every accepted document reaches done exactly once', async () => {
    const fast = Array.from({ length: 6 }, (_, i) => `${site.url}/fast/${i}`);
    const slow = Array.from({ length: 4 }, (_, i) => `${site.url}/slow/${i}`);
    const texts = Array.from({ length: 10 }, (_, i) => `Plain note ${i}: the tide tables for harbour ${i} changed.`);

    const accepted: string[] = [];
    for (const content of [...fast, ...texts]) {
      const res = await api('POST', '/v3/documents', { content, containerTag: 'crash' });
      expect(res.status).toBe(200);
      accepted.push(res.body.id);
    }
    const finishedBeforeCrash = await waitFor(
      async () => {
        const list = await api('POST', '/v3/documents/list', { containerTags: ['crash'], limit: 100 });
        const done = list.body.memories.filter((d: { status: string }) => d.status === 'done');
        return done.length === accepted.length ? done.map((d: { id: string }) => d.id) : undefined;
      },
      60_000,
      'the first documents to finish',
    );
    for (const content of slow) {
      const res = await api('POST', '/v3/documents', { content, containerTag: 'crash' });
      accepted.push(res.body.id);
    }
    await waitFor(async () => ((site.hits.get('/slow/0') ?? 0) + (site.hits.get('/slow/1') ?? 0) > 0 ? true : undefined), 30_000, 'a fetch to hang');
    const inFlight = await api('GET', '/v3/documents/processing');
    expect(inFlight.body.documents.some((d: { status: string }) => d.status === 'extracting')).toBe(true);

    await server.kill();
    site.release();
    await server.start();

    const final = await waitFor(
      async () => {
        const list = await api('POST', '/v3/documents/list', { containerTags: ['crash'], limit: 100 });
        const settled = list.body.memories.every((d: { status: string }) => d.status === 'done' || d.status === 'failed');
        return settled && list.body.totalCount === accepted.length ? list.body.memories : undefined;
      },
      90_000,
      'every document to settle after the restart',
    );
    expect(final.map((d: { id: string }) => d.id).sort()).toEqual([...accepted].sort());
    expect(final.every((d: { status: string }) => d.status === 'done')).toBe(true);

    for (const id of accepted) {
      const chunks = await api('GET', `/v3/documents/${id}/chunks`);
      const positions = chunks.body.chunks.map((c: { position: number }) => c.position);
      expect(positions.length).toBeGreaterThan(0);
      expect(positions).toEqual(positions.map((_: number, i: number) => i));
    }
    for (const url of fast) expect(site.hits.get(new URL(url).pathname)).toBe(1);
    expect(finishedBeforeCrash).toHaveLength(fast.length + texts.length);
  });
});
