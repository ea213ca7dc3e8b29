/**
 * How close ingest comes to the embedding model's own speed. In one run and one process: the
 * texts the pipeline will embed are first embedded straight through the model (the chunks the
 * chunker makes of the documents; the statements of the memory writes), then the same documents
 * go through the pipeline and the same statements through POST /v4/memories. The share is the
 * raw embedding time over the pipeline's wall time.
 */
import { sql } from 'drizzle-orm';
import { chunkMarkdown, resolveChunkOptions } from '../../src/chunking/index.js';
import { storableText } from '../../src/convert/storable-text.js';
import { chunkEmbeddingText } from '../../src/core/embedding/embedding-text.js';
import { queryRows } from '../../src/store/sql.js';
import { dropVectorIndexes } from '../../src/store/embedding.js';
import { waitFor } from '../../test/helpers/wait.js';
import { startBenchServer, type BenchServer } from '../lib/in-process-server.js';
import { baseStatements } from '../search/synthetic.js';

export interface EmbedderShare {
  path: 'documents' | 'memory writes';
  items: number;
  textsEmbedded: number;
  rawSeconds: number;
  pipelineSeconds: number;
  /** rawSeconds / pipelineSeconds. */
  share: number;
}

const WRITE_BATCH = 10;
const WRITE_CLIENTS = 4;

export async function measureEmbedderShare(documents: string[], memoryCount: number): Promise<EmbedderShare[]> {
  const server = await startBenchServer('pglite');
  try {
    await server.app.ai.embedder.embed(['warm up the model threads'], 'document');
    return [await documentsShare(server, documents), await writesShare(server, baseStatements(memoryCount, 17))];
  } finally {
    await server.close();
  }
}

async function timeEmbedding(server: BenchServer, texts: string[]): Promise<number> {
  const started = performance.now();
  await server.app.ai.embedder.embed(texts, 'document');
  return (performance.now() - started) / 1000;
}

async function documentsShare(server: BenchServer, documents: string[]): Promise<EmbedderShare> {
  const options = resolveChunkOptions(null);
  const chunkTexts = documents.flatMap((markdown) =>
    chunkMarkdown(markdown, options).map((piece) => chunkEmbeddingText(piece.headingPath.map(storableText), storableText(piece.content))),
  );
  let rawSeconds = await timeEmbedding(server, chunkTexts);

  const started = performance.now();
  for (let offset = 0; offset < documents.length; offset += 100) {
    const res = await server.request('POST', '/v3/documents/batch', { containerTag: 'share-documents', documents: documents.slice(offset, offset + 100) });
    if (res.status !== 200) throw new Error(`POST /v3/documents/batch answered ${res.status}`);
  }
  await waitFor(
    async () => ((await server.request('GET', '/v3/documents/processing')).body.totalCount === 0 ? true : undefined),
    60 * 60_000,
    'the pipeline to drain',
  );
  const pipelineSeconds = (performance.now() - started) / 1000;
  const [{ done }] = await queryRows<{ done: number }>(
    server.app.database.db,
    sql`SELECT count(*)::int AS done FROM documents WHERE container_tag = 'share-documents' AND status = 'done'`,
  );
  if (done !== documents.length) throw new Error(`only ${done} of ${documents.length} documents were processed`);

  // Memories extracted from the documents are embedded too: their raw time counts as well.
  const memories = await queryRows<{ memory: string }>(server.app.database.db, sql`SELECT memory FROM memories WHERE container_tag = 'share-documents'`);
  rawSeconds += memories.length
    ? await timeEmbedding(
        server,
        memories.map((m) => m.memory),
      )
    : 0;
  return result('documents', documents.length, chunkTexts.length + memories.length, rawSeconds, pipelineSeconds);
}

async function writesShare(server: BenchServer, statements: string[]): Promise<EmbedderShare> {
  // Diagnostic: what maintaining the vector index costs the writes (organization-wide search needs it).
  if (process.env.BENCH_SHARE_WITHOUT_HNSW) await dropVectorIndexes(server.app.database.db);
  const rawSeconds = await timeEmbedding(server, statements);
  const batches = Array.from({ length: Math.ceil(statements.length / WRITE_BATCH) }, (_, i) => statements.slice(i * WRITE_BATCH, (i + 1) * WRITE_BATCH));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITE_CLIENTS }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const res = await server.request('POST', '/v4/memories', { containerTag: 'share-writes', memories: batch.map((content) => ({ content })) });
        if (res.status >= 300) throw new Error(`POST /v4/memories answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }),
  );
  const pipelineSeconds = (performance.now() - started) / 1000;
  return result('memory writes', statements.length, statements.length, rawSeconds, pipelineSeconds);
}

function result(path: EmbedderShare['path'], items: number, textsEmbedded: number, rawSeconds: number, pipelineSeconds: number): EmbedderShare {
  const r = (x: number) => Math.round(x * 100) / 100;
  return { path, items, textsEmbedded, rawSeconds: r(rawSeconds), pipelineSeconds: r(pipelineSeconds), share: r(rawSeconds / pipelineSeconds) };
}
