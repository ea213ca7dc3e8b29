/**
 * Where the CPU of a direct memory write goes, against what the model itself needs for the same
 * text: the budget a write has if it is to run at a given share of the raw embedder's throughput
 * on the same cores.
 *   npm run bench:write-budget
 *   BENCH_WRITE_ROWS=2000 npm run bench:write-budget
 * In one process, embedded database: (1) statements embedded straight through the model, with
 * the process's CPU time; (2) the same statements written through POST /v4/memories (ten a request,
 * four clients), CPU beyond the model's; (3) the INSERT statement alone, ten rows at a time in its
 * own transaction with vectors already made, without a vector index and with HNSW indexes of
 * several graph degrees (`m`; the service builds m = 16, pgvector's default).
 */
import { loadavg } from 'node:os';
import { newId } from '../src/core/shared/ids.js';
import { dropVectorIndexes, ensureVectorIndexes } from '../src/store/embedding.js';
import { insertMemories } from '../src/store/memories/writes.js';
import { runBench, startBenchServer, type BenchServer } from './lib/in-process-server.js';
import { baseStatements } from './search/synthetic.js';

const ROWS = Number(process.env.BENCH_WRITE_ROWS ?? 1000);
const REQUEST_SIZE = 10;
const CLIENTS = 4;
/** Graph degrees of the HNSW index to time the INSERT with; 0 is no vector index. */
const DEGREES = [0, 4, 8, 16];
const SHARE_GOAL = 0.9;

async function cpuMs(work: () => Promise<void>): Promise<{ cpu: number; wall: number }> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await work();
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall0 };
}

function batches<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

async function writeThroughApi(server: BenchServer, statements: string[], tag: string): Promise<void> {
  const requests = batches(statements, REQUEST_SIZE);
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < requests.length) {
        const memories = requests[next++].map((content) => ({ content }));
        const res = await server.request('POST', '/v4/memories', { containerTag: tag, memories });
        if (res.status !== 201) throw new Error(`POST /v4/memories answered ${res.status}`);
      }
    }),
  );
}

async function insertAlone(server: BenchServer, statements: string[], vectors: Float32Array[], tag: string): Promise<void> {
  const { db } = server.app.database;
  const orgId = server.principal.orgId;
  for (let i = 0; i < statements.length; i += REQUEST_SIZE) {
    const rows = statements.slice(i, i + REQUEST_SIZE).map((memory, j) => ({
      id: newId(),
      orgId,
      containerTag: tag,
      memory,
      embedding: Array.from(vectors[i + j]),
      buckets: [],
    }));
    await db.transaction((tx) => insertMemories(tx, rows).then(() => undefined));
  }
}

/** The vector indexes rebuilt as a graph of `degree` (pgvector's m; 0: none). */
async function withVectorIndex(server: BenchServer, degree: number): Promise<void> {
  const { db } = server.app.database;
  await dropVectorIndexes(db);
  if (degree > 0) await ensureVectorIndexes(db, server.app.ai.embedder.dimension, { graphDegree: degree });
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const server = await startBenchServer('pglite');
  try {
    const embedder = server.app.ai.embedder;
    const all = baseStatements(ROWS * (2 + DEGREES.length), 29);
    const [warmUp, statements, ...rest] = batches(all, ROWS);
    // The first large batch and the first writes pay for compilation; they are not measured.
    await embedder.embed(warmUp, 'document');
    await writeThroughApi(server, warmUp, 'write-budget-warm-up');

    const model = await cpuMs(() => embedder.embed(statements, 'document').then(() => undefined));
    const pipeline = await cpuMs(() => writeThroughApi(server, statements, 'write-budget-api'));
    const modelPerText = model.cpu / ROWS;
    const beyondModel = pipeline.cpu / ROWS - modelPerText;

    const inserts: { degree: number; cpuPerRow: number }[] = [];
    for (const [i, degree] of DEGREES.entries()) {
      const vectors = await embedder.embed(rest[i], 'document');
      await withVectorIndex(server, degree);
      const used = await cpuMs(() => insertAlone(server, rest[i], vectors, 'write-budget-insert'));
      inserts.push({ degree, cpuPerRow: used.cpu / ROWS });
    }
    await withVectorIndex(server, 16);

    const budget = (modelPerText * (1 - SHARE_GOAL)) / SHARE_GOAL;
    const ms = (x: number) => x.toFixed(2);
    console.log(`\nCPU of a direct memory write (${ROWS} statements a phase; load average ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)})\n`);
    console.log('| measured | CPU ms a memory |');
    console.log('|---|---|');
    console.log(`| the model embedding the text (raw, ${ms(model.wall / 1000)} s wall) | ${ms(modelPerText)} |`);
    console.log(
      `| POST /v4/memories beyond the model (${ms(pipeline.wall / 1000)} s wall: ${Math.round((model.wall / pipeline.wall) * 100)}% of raw throughput) | ${ms(beyondModel)} |`,
    );
    for (const { degree, cpuPerRow } of inserts)
      console.log(`| the INSERT alone, ${degree ? `HNSW m = ${degree}${degree === 16 ? ' (as built)' : ''}` : 'no vector index'} | ${ms(cpuPerRow)} |`);
    console.log(`| budget beyond the model for ${SHARE_GOAL * 100}% of raw throughput | ${ms(budget)} |`);
  } finally {
    await server.close();
  }
}

runBench(main);
