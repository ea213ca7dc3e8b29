import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { jobs } from '../../src/store/schema/jobs.js';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { replacePart } from '../fixtures/convert/containers.js';
import { buildDocx } from '../fixtures/convert/office.js';
import { startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';
import { uploadFile as upload } from '../helpers/upload.js';

/** Markup that takes the HTML converter tens of seconds of synchronous work. */
function slowHtml(): Uint8Array {
  return new TextEncoder().encode(`<html><body>${'<div><p>tide <b>table</b></p></div>'.repeat(80_000)}</body></html>`);
}

/** A server converting one file at a time within `convertTimeoutMs`, embedding through a fake. */
function useConvertingServer(convertTimeoutMs: number): () => TestServer {
  let server: TestServer;
  let embeddings: FakeOpenAiEmbeddings;
  beforeAll(async () => {
    embeddings = await FakeOpenAiEmbeddings.start({ dimension: 16 });
    server = await startTestServer({
      EMBEDDINGS_BASE_URL: embeddings.baseUrl,
      EMBEDDINGS_MODEL: 'fake-embed-16',
      CONVERT_TIMEOUT_MS: String(convertTimeoutMs),
      CONVERT_THREADS: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
  });
  return () => server;
}

/** Uploads the slow markup and returns its id once its conversion has started. */
async function uploadSlowConversion(server: TestServer): Promise<string> {
  const id = await upload(server, slowHtml(), 'text/html', 'slow.html');
  await waitFor(
    async () => {
      const doc = (await server.request('GET', `/v3/documents/${id}`)).body;
      return doc.status === 'extracting' ? true : undefined;
    },
    30_000,
    'the conversion to start',
  );
  return id;
}

describe('documents upload: conversion runs off the event loop', () => {
  const serverOf = useConvertingServer(3_000);

  it('ends a conversion stuck past its time limit as failed with the reason, answering requests meanwhile', { timeout: 90_000 }, async () => {
    const server = serverOf();
    const id = await uploadSlowConversion(server);

    const latencies: number[] = [];
    const failed = await waitFor(
      async () => {
        const started = performance.now();
        const health = await server.request('GET', '/', { key: null });
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
        const doc = (await server.request('GET', `/v3/documents/${id}`)).body;
        return doc.status === 'failed' ? doc : undefined;
      },
      60_000,
      'the conversion to be stopped',
    );

    expect(failed.error).toBe('conversion took longer than 3s');
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(1_000);

    // The stopped thread is replaced: the next file converts.
    const next = await upload(server, new TextEncoder().encode('# After\n\nThe pool carries on.'), 'text/markdown', 'after.md');
    expect(await waitForDocument(server, next)).toMatchObject({ status: 'done', title: 'After' });
  });
});

describe('documents upload: a stopping server does not wait for a conversion', () => {
  const serverOf = useConvertingServer(600_000);

  it('interrupts it and queues the document again without spending an attempt', { timeout: 90_000 }, async () => {
    const server = serverOf();
    const id = await uploadSlowConversion(server);

    // Ten minutes of conversion time are allowed: stopping returns long before.
    await server.app.worker!.stop();
    const [job] = await server.app.database.db.select().from(jobs).where(eq(jobs.documentId, id));
    expect(job).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lastError: 'interrupted: the worker stopped; it runs again' });
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await server.request('GET', `/v3/documents/${id}`)).body).toMatchObject({ status: 'queued', error: null });

    // Started again, the worker takes the document up again as its first attempt (closing the server interrupts it again).
    server.app.worker!.start();
    await waitFor(
      async () => {
        const [again] = await server.app.database.db.select().from(jobs).where(eq(jobs.documentId, id));
        return again.status === 'running' && again.attempts === 1 ? true : undefined;
      },
      30_000,
      'the document to be taken up again',
    );
  });
});

/** Links the API hands out for a document's attachments. */
const FILE_LINK = /\]\((http:\/\/[^)\s]+\/files\/[^)\s]+)\)/g;

/** The fixture DOCX whose image's content type, as [Content_Types].xml declares it, is `contentType` (XML-escaped). */
async function docxWithImageType(contentType: string): Promise<Uint8Array> {
  const docx = await buildDocx();
  const types = await (await JSZip.loadAsync(docx)).file('[Content_Types].xml')!.async('string');
  return replacePart(docx, '[Content_Types].xml', types.replace('ContentType="image/png"', `ContentType="${contentType}"`));
}

describe('documents upload: hostile content fails with its reason, or is stored made safe', () => {
  const serverOf = useConvertingServer(60_000);

  it('a JSON file nested a million deep fails with the depth allowed, not an internal error', async () => {
    const server = serverOf();
    const json = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const id = await upload(server, new TextEncoder().encode(json), 'application/json', 'deep.json');
    expect(await waitForDocument(server, id)).toMatchObject({ status: 'failed', error: 'JSON nested deeper than 256 levels' });
  });

  it('a DOCX whose image content type carries an encoded NUL is stored, the image served as plain bytes', async () => {
    const server = serverOf();
    const id = await upload(server, await docxWithImageType('image/png&#0;&#10;x'), 'application/octet-stream', 'nul.docx');
    const doc = await waitForDocument(server, id);
    expect(doc).toMatchObject({ status: 'done', error: null });
    const [link] = [...doc.content!.matchAll(FILE_LINK)].map((m) => m[1]);
    const image = await fetch(link!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('application/octet-stream');
  });
});
