import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

/** A text of `bytes` without a full stop: one "sentence" of ~400,000 words at 2 MB. */
const unpunctuated = (bytes: number) => 'word '.repeat(Math.ceil(bytes / 5)).trim();

interface Step {
  name: string;
  status: string;
  detail?: Record<string, number>;
}

const stepOf = (doc: { processingMetadata: { steps: Step[] } }, name: string) => doc.processingMetadata.steps.find((s) => s.name === name);

/**
 * Until the document's processing log shows its memories step running: `seen`; or, with
 * `orDone`, until it ended done (on a fast machine the step can start and end between two looks).
 */
async function waitForMemoryStep(server: TestServer, id: string, options: { orDone?: boolean } = {}): Promise<'seen' | 'done'> {
  return waitFor(
    async () => {
      const res = await server.request('GET', `/v3/documents/${id}`);
      const last = (res.body.processingMetadata?.steps as Step[] | undefined)?.at(-1);
      if (res.body.status === 'done' && options.orDone) return 'done';
      if (res.body.status === 'done' || res.body.status === 'failed')
        throw new Error(`the document ended ${res.body.status} before its memories step was seen`);
      return last?.name === 'memories' && last.status === 'running' ? 'seen' : undefined;
    },
    60_000,
    'the memories step to show',
  );
}

describe('large unpunctuated texts', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ MAX_CHUNKS_PER_DOCUMENT: '60', EXTRACTION_MAX_CHARS: '1000000' });
  });
  afterAll(async () => server?.close());

  it('ingests 2 MB without punctuation within bounds, saying what it left out, while other organizations are served', { timeout: 150_000 }, async () => {
    const bystanderKey = await server.createKey({ orgName: 'bystander-org', role: 'admin' });
    const searcherKey = await server.createKey({ orgName: 'searcher-org', role: 'admin' });
    await server.request('POST', '/v3/documents', {
      key: searcherKey,
      body: { content: 'Ines keeps bees on the roof of the library.', containerTag: 'notes' },
    });

    const started = Date.now();
    const big = await server.request('POST', '/v3/documents', { body: { content: unpunctuated(2_000_000), containerTag: 'flood' } });
    expect(big.status).toBe(200);
    // Usually seen running; the bounds on the other organizations' answers below hold either way.
    await waitForMemoryStep(server, big.body.id, { orDone: true });

    // While the large text's memories are extracted, another organization's short note goes through and a search answers.
    const note = await server.request('POST', '/v3/documents', {
      key: bystanderKey,
      body: { content: 'Tomas moved to Porto in May. He works at the harbour office.', containerTag: 'notes' },
    });
    const searchStarted = Date.now();
    const search = await server.request('POST', '/v4/search', { key: searcherKey, body: { q: 'who keeps bees', containerTag: 'notes' } });
    expect(search.status).toBe(200);
    expect(Date.now() - searchStarted).toBeLessThan(5_000);
    const noteDone = await waitForDocument(server, note.body.id, bystanderKey, 30_000);
    expect(noteDone.status).toBe('done');

    const done = await waitForDocument(server, big.body.id, undefined, 120_000);
    expect(done.status).toBe('done');
    expect(Date.now() - started).toBeLessThan(120_000);
    // Cut to the chunk limit, and said so.
    expect(stepOf(done, 'chunking')?.detail).toMatchObject({ chunks: 60, chunkLimit: 60 });
    expect(stepOf(done, 'chunking')?.detail?.chunksDropped).toBeGreaterThan(1_000);
    const chunks = await server.request('GET', `/v3/documents/${big.body.id}/chunks`);
    expect(chunks.body.chunks).toHaveLength(60);
    // Memories were read from the first megabyte only, and the step says how much was left.
    expect(stepOf(done, 'memories')?.detail?.charsSkipped).toBeGreaterThan(900_000);
  });

  it('cuts a single 1 MB token into at most the chunk limit', { timeout: 60_000 }, async () => {
    const token = await server.request('POST', '/v3/documents', { body: { content: 'x'.repeat(1_000_000), containerTag: 'token' } });
    const done = await waitForDocument(server, token.body.id, undefined, 60_000);
    expect(done.status).toBe('done');
    expect(stepOf(done, 'chunking')?.detail).toMatchObject({ chunks: 60, chunkLimit: 60, chunksDropped: 940 });
  });
});

describe('shutting down during a long extraction', () => {
  it('stops within seconds, and the document is queued again', { timeout: 90_000 }, async () => {
    const server = await startTestServer({ MAX_CHUNKS_PER_DOCUMENT: '20', EXTRACTION_MAX_CHARS: '5000000' });
    let closed = false;
    try {
      const big = await server.request('POST', '/v3/documents', { body: { content: unpunctuated(4_000_000), containerTag: 'flood' } });
      await waitForMemoryStep(server, big.body.id);
      const stopping = Date.now();
      await server.app.worker!.stop();
      expect(Date.now() - stopping).toBeLessThan(5_000);
      const after = await server.request('GET', `/v3/documents/${big.body.id}`);
      expect(after.body.status).toBe('queued');
      await server.close();
      closed = true;
    } finally {
      if (!closed) await server.close();
    }
  });
});
