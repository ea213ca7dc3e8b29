import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_FAILURE } from '../../src/pipeline/worker.js';
import { FakeOpenAiEmbeddings } from '../fakes/openai-embeddings.js';
import { LogCapture } from '../helpers/log-capture.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const MAX_ATTEMPTS = 3;

describe('pipeline: every job finishes, and failures say something a user can act on', () => {
  let server: TestServer;
  let embeddings: FakeOpenAiEmbeddings;
  const logs = new LogCapture();

  beforeAll(async () => {
    embeddings = await FakeOpenAiEmbeddings.start({ dimension: 16 });
    server = await startTestServer(
      {
        EMBEDDINGS_BASE_URL: embeddings.baseUrl,
        EMBEDDINGS_MODEL: 'fake-embed-16',
        EMBEDDINGS_BATCH_SIZE: '2048',
        JOB_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        LOG_LEVEL: 'info',
      },
      { logger: logs.logger },
    );
  });
  afterAll(async () => {
    await server?.close();
    await embeddings?.close();
  });

  const db = () => server.app.database.db;

  async function jobOf(documentId: string): Promise<{ status: string; attempts: number; max_attempts: number }> {
    const result = await db().execute(sql`select status, attempts, max_attempts from jobs where document_id = ${documentId}`);
    const rows = (result as unknown as { rows: { status: string; attempts: number; max_attempts: number }[] }).rows;
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  async function upload(bytes: Uint8Array, type: string, filename: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    const res = await server.request('POST', '/v3/documents/file', { raw: form });
    expect(res.status).toBe(200);
    return res.body.id;
  }

  it('stores a text file with a NUL byte without the NUL and finishes it', async () => {
    const text = `Harbour log.\u0000 The ferry to the north island leaves at nine. ${'It is usually on time. '.repeat(10)}`;
    const id = await upload(new TextEncoder().encode(text), 'text/plain', 'log.txt');
    const doc = await waitForDocument(server, id);
    expect(doc.status).toBe('done');
    expect(doc.content).toContain('Harbour log. The ferry to the north island');
    expect(doc.content).not.toContain('\u0000');
    expect((await jobOf(id)).attempts).toBe(1);
  });

  it('stores a JSON file whose escapes decode to NUL and lone surrogates', async () => {
    const id = await upload(new TextEncoder().encode('{"note": "tide\\u0000 table", "odd": "half \\ud800 pair"}'), 'application/json', 'n.json');
    const doc = await waitForDocument(server, id);
    expect(doc.status).toBe('done');
    expect(doc.content).toBe('- note: tide table\n- odd: half \ufffd pair');
  });

  it('chunks a document of 2,000 nested blockquotes and one with a 9 MB one-line paragraph', { timeout: 120_000 }, async () => {
    // The largest chunks keep the 9 MB document to about a thousand rows.
    expect((await server.request('PATCH', '/v3/settings', { body: { chunkSize: 8000 } })).status).toBe(200);
    try {
      const quotes = await server.request('POST', '/v3/documents', { body: { content: `${'>'.repeat(2000)} deep quote`, taskType: 'superrag' } });
      const paragraph = 'the lighthouse keeper logs every passing ship '.repeat(Math.ceil(9_000_000 / 46));
      const long = await server.request('POST', '/v3/documents', { body: { content: paragraph, taskType: 'superrag' } });
      expect([quotes.status, long.status]).toEqual([200, 200]);
      for (const id of [quotes.body.id, long.body.id]) {
        const doc = await waitForDocument(server, id);
        expect(doc.status).toBe('done');
        expect((await jobOf(id)).attempts).toBe(1);
      }
    } finally {
      await server.request('PATCH', '/v3/settings', { body: { chunkSize: null } });
    }
  });

  it('fails a document at once on a permanent internal error, with a generic reason and no content in the log', async () => {
    const marker = `quokka${randomBytes(6).toString('hex')}`;
    // A constraint the chunk write breaks stands in for any internal fault after conversion.
    await db().execute(sql.raw(`alter table chunks add constraint injected_fault check (content not like '%${marker}%')`));
    try {
      const add = await server.request('POST', '/v3/documents', {
        body: { content: `The ${marker} in the garden eats clover.`, metadata: { secret: marker } },
      });
      const doc = await waitForDocument(server, add.body.id);
      expect(doc.status).toBe('failed');
      expect(doc.error).toBe(INTERNAL_FAILURE);
      expect(doc.processingMetadata.attempts).toBe(1);
      expect(await jobOf(add.body.id)).toMatchObject({ status: 'failed', attempts: 1 });

      const failures = logs.entries().filter((entry) => entry.msg === 'job failed' && entry.err?.cause?.code === '23514');
      expect(failures).toHaveLength(1);
      expect(failures[0].err.message).toMatch(/^Failed query: [\s\S]*\binsert into "?chunks"?/i);
      expect(logs.lines.join('')).not.toContain(marker);
    } finally {
      await db().execute(sql.raw('alter table chunks drop constraint injected_fault'));
    }
  });

  it('still ends a document failed when recording the reason fails: a fixed reason is recorded instead', async () => {
    // The first failure write (with the converter's reason) is refused by the database.
    await db().execute(
      sql.raw(`
        create function refuse_binary_reason() returns trigger language plpgsql as $$
        begin
          if new.status = 'failed' and new.error = 'unsupported binary content' then
            raise exception 'injected fault';
          end if;
          return new;
        end $$`),
    );
    await db().execute(sql.raw('create trigger refuse_binary_reason before update on documents for each row execute function refuse_binary_reason()'));
    try {
      const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
      const id = await upload(binary, 'application/octet-stream', 'blob.txt');
      const doc = await waitForDocument(server, id);
      expect(doc.status).toBe('failed');
      expect(doc.error).toBe(INTERNAL_FAILURE);
      expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(logs.entries().some((entry) => entry.msg.startsWith('recording a job failure failed'))).toBe(true);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_binary_reason on documents'));
      await db().execute(sql.raw('drop function refuse_binary_reason()'));
    }
  });

  it('fails a job whose runs used up its attempts without finishing, instead of running it again', async () => {
    const worker = server.app.worker!;
    await worker.stop();
    let id = '';
    try {
      const add = await server.request('POST', '/v3/documents', { body: { content: 'A note whose every run died mid-way.' } });
      id = add.body.id;
      // What a worker killed during the last attempt leaves behind: running, lease expired, no attempt left.
      await db().execute(sql`
        update jobs set status = 'running', attempts = max_attempts, locked_by = 'gone', locked_until = now() - interval '1 second'
        where document_id = ${id}`);
    } finally {
      worker.start();
    }
    const doc = await waitForDocument(server, id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/attempts did not finish/);
    expect(await jobOf(id)).toEqual({ status: 'failed', attempts: MAX_ATTEMPTS, max_attempts: MAX_ATTEMPTS });
    const chunks = await server.request('GET', `/v3/documents/${id}/chunks`);
    expect(chunks.body.chunks).toEqual([]);
  });
});
