import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder, EmbedderState, EmbeddingPurpose } from '../../src/ai/embeddings/embedder.js';
import { LocalEmbedder } from '../../src/ai/embeddings/local-embedder.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

/** The bundled model, held back as if it were still loading until `load()`: calls wait, as they wait for the real one. */
class SlowLoadingEmbedder implements Embedder {
  private loaded = false;
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  readonly calls: EmbeddingPurpose[] = [];

  constructor(private readonly inner: LocalEmbedder) {}

  get model() {
    return this.inner.model;
  }
  get dimension() {
    return this.inner.dimension;
  }
  get keywordQueries() {
    return this.inner.keywordQueries;
  }

  load(): void {
    this.loaded = true;
    this.release();
  }

  state(): EmbedderState {
    return this.loaded ? this.inner.state() : 'loading';
  }

  async embed(texts: string[], purpose: EmbeddingPurpose = 'document'): Promise<Float32Array[]> {
    this.calls.push(purpose);
    await this.gate;
    return this.inner.embed(texts, purpose);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('readiness before and after the embedding model loads', () => {
  let server: TestServer;
  let embedder: SlowLoadingEmbedder;

  beforeAll(async () => {
    embedder = new SlowLoadingEmbedder(new LocalEmbedder({ threads: 1, queryThreads: 1 }));
    server = await startTestServer({}, { embedder });
  });
  afterAll(async () => server?.close());

  it('answers /readyz 503 naming the model while it loads, queues requests meanwhile, then 200', async () => {
    const early = await server.request('GET', '/readyz', { key: null });
    expect(early.status).toBe(503);
    expect(early.body).toEqual({
      ready: false,
      checks: {
        server: { ok: true, status: 'accepting requests' },
        database: { ok: true, status: 'answering' },
        migrations: { ok: true, status: expect.stringMatching(/^(\d+) of \1 applied$/) },
        embedder: { ok: false, status: 'loading the model; requests wait for it' },
        worker: { ok: true, status: 'running' },
      },
    });
    // Alive all the same.
    expect((await server.request('GET', '/healthz', { key: null })).status).toBe(200);

    // A document and a search sent now are taken, and wait for the model instead of failing.
    const added = await server.request('POST', '/v3/documents', { body: { content: 'Ines keeps bees on the roof of the library.', containerTag: 'early' } });
    expect(added.status).toBe(200);
    let answered = false;
    const search = server.request('POST', '/v4/search', { body: { q: 'who keeps bees', containerTag: 'early', searchMode: 'hybrid' } }).finally(() => {
      answered = true;
    });
    await waitFor(async () => (embedder.calls.includes('query') ? true : undefined), 30_000, 'the search to ask for its query vector');
    expect((await server.request('GET', '/readyz', { key: null })).status).toBe(503);
    expect(answered).toBe(false);

    embedder.load();
    const found = await search;
    expect(found.status).toBe(200);
    const ready = await waitFor(
      async () => {
        const res = await server.request('GET', '/readyz', { key: null });
        return res.status === 200 ? res.body : undefined;
      },
      60_000,
      '/readyz to answer 200',
    );
    expect(ready.ready).toBe(true);
    expect(ready.checks.embedder).toEqual({ ok: true, status: 'loaded' });
    expect((await waitForDocument(server, added.body.id)).status).toBe('done');
    const again = await server.request('POST', '/v4/search', { body: { q: 'who keeps bees', containerTag: 'early', searchMode: 'hybrid' } });
    expect(again.body.results.length).toBeGreaterThan(0);
  });
});
