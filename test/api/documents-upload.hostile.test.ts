import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';
import { uploadFile as upload } from '../helpers/upload.js';

/** Markup that takes the HTML converter tens of seconds of synchronous work. */
function slowHtml(): Uint8Array {
  return new TextEncoder().encode(`<html><body>${'<div><p>tide <b>table</b></p></div>'.repeat(80_000)}</body></html>`);
}

describe('documents upload: conversion runs off the event loop', () => {
  let server: TestServer;
  let embeddings: FakeOpenAiEmbeddings;

  beforeAll(async () => {
    embeddings = await FakeOpenAiEmbeddings.start({ dimension: 16 });
    server = await startTestServer({
      EMBEDDINGS_BASE_URL: embeddings.baseUrl,
      EMBEDDINGS_MODEL: 'fake-embed-16',
      CONVERT_TIMEOUT_MS: '3000',
      CONVERT_THREADS: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
  });

  it('ends a conversion stuck past its time limit as failed with the reason, answering requests meanwhile', { timeout: 90_000 }, async () => {
    const id = await upload(server, slowHtml(), 'text/html', 'slow.html');
    await waitFor(async () => {
      const doc = (await server.request('GET', `/v3/documents/${id}`)).body;
      return doc.status === 'extracting' ? true : undefined;
    }, 30_000, 'the conversion to start');

    const latencies: number[] = [];
    const failed = await waitFor(async () => {
      const started = performance.now();
      const health = await server.request('GET', '/', { key: null });
      latencies.push(performance.now() - started);
      expect(health.status).toBe(200);
      const doc = (await server.request('GET', `/v3/documents/${id}`)).body;
      return doc.status === 'failed' ? doc : undefined;
    }, 60_000, 'the conversion to be stopped');

    expect(failed.error).toBe('conversion took longer than 3s');
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(1_000);

    // The stopped thread is replaced: the next file converts.
    const next = await upload(server, new TextEncoder().encode('# After\n\nThe pool carries on.'), 'text/markdown', 'after.md');
    expect(await waitForDocument(server, next)).toMatchObject({ status: 'done', title: 'After' });
  });
});
