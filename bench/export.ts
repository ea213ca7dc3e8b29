/**
 * Export and import of a large tag. For each driver (a file-backed PGlite in a temporary DATA_DIR,
 * and PostgreSQL) the tag is grown step by step to each of BENCH_SIZES memories (default 10k, then
 * 100k), with one document of 4 chunks per 100 memories, written straight through the store in
 * batches. At each size GET /v3/container-tags/{tag}/export?embeddings=true is read to the end over
 * HTTP into a file, then that file is POSTed to /v3/container-tags/{other}/import, while the
 * process's RSS and V8 heap are sampled. The server runs in this process, so RSS covers the
 * database (PGlite's WebAssembly memory too), the server and the client; what the bench shows is
 * that the growth during the stream does not scale with the number of rows.
 *
 * Vectors are synthetic (the server model's dimension, a few distinct unit vectors), so nothing is
 * embedded; vector indexes are dropped while the bench runs, so neither seeding nor the import pays
 * for HNSW maintenance.
 *
 *   npm run bench:export
 *   BENCH_SIZES=20000 npm run bench:export
 *   BENCH_DRIVERS=postgres npm run bench:export
 *   ENGRAM_BENCH_PG_URL=postgres://postgres@127.0.0.1:34505/postgres npm run bench:export
 */
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { newId } from '../src/core/shared/ids.js';
import { dropVectorIndexes } from '../src/store/embedding.js';
import { insertMemories, linkMemorySources } from '../src/store/memories/writes.js';
import { chunks } from '../src/store/schema/chunks.js';
import { documents } from '../src/store/schema/documents.js';
import { benchPostgresUrl, runBench, startBenchServer, type BenchDriver, type BenchServer } from './lib/in-process-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as BenchDriver[];
const TAG = 'export_bench';
const MEMORIES_PER_DOCUMENT = 100;
const CHUNKS_PER_DOCUMENT = 4;
const SEED_BATCH = 1000;
const MB = 1024 * 1024;

interface Sample {
  seconds: number;
  /** Seconds until the first byte of a streamed answer (null for the import, which answers at the end). */
  firstByteSeconds: number | null;
  rssBeforeMb: number;
  /** Peak RSS above the RSS right before the request. */
  rssGrowthMb: number;
  /** Peak V8 heap (JavaScript objects, garbage included) above the heap right before the request. */
  heapGrowthMb: number;
  /** V8 heap still in use after the request and a full collection, above the heap before it. */
  heapRetainedMb: number;
}

interface Result {
  driver: BenchDriver;
  memories: number;
  documents: number;
  chunks: number;
  seedSeconds: number;
  lines: number;
  bytes: number;
  exported: Sample;
  imported: Sample;
}

/** Samples RSS and heap every 50 ms while `work` runs. */
async function measured<T>(work: (firstByte: () => void) => Promise<T>): Promise<{ value: T; sample: Sample }> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  const started = performance.now();
  let firstByteAt = 0;
  try {
    const value = await work(() => (firstByteAt ||= performance.now()));
    const seconds = (performance.now() - started) / 1000;
    global.gc?.();
    const retained = process.memoryUsage().heapUsed - before.heapUsed;
    return {
      value,
      sample: {
        seconds: round(seconds),
        firstByteSeconds: firstByteAt ? round((firstByteAt - started) / 1000, 3) : null,
        rssBeforeMb: Math.round(before.rss / MB),
        rssGrowthMb: Math.round((peakRss - before.rss) / MB),
        heapGrowthMb: Math.round((peakHeap - before.heapUsed) / MB),
        heapRetainedMb: Math.round(retained / MB),
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Grows the tag from `from` to `to` memories, with their documents, chunks and sources, in batches. */
async function seed(server: BenchServer, from: number, to: number, vectors: number[][]): Promise<void> {
  const db = server.app.database.db;
  const orgId = server.principal.orgId;
  for (let offset = from; offset < to; offset += SEED_BATCH) {
    const count = Math.min(SEED_BATCH, to - offset);
    const docIds = Array.from({ length: Math.ceil(count / MEMORIES_PER_DOCUMENT) }, () => newId());
    await db.transaction(async (tx) => {
      await tx.insert(documents).values(
        docIds.map((id, d) => ({
          id,
          orgId,
          containerTag: TAG,
          customId: `note-${offset + d * MEMORIES_PER_DOCUMENT}`,
          status: 'done',
          title: `Training log ${offset + d * MEMORIES_PER_DOCUMENT}`,
          content: `Sam's training log. ${'Ran the river loop, then practised scales on the piano. '.repeat(30)}`,
        })),
      );
      await tx.insert(chunks).values(
        docIds.flatMap((documentId, d) =>
          Array.from({ length: CHUNKS_PER_DOCUMENT }, (_, position) => ({
            id: newId(),
            documentId,
            orgId,
            containerTag: TAG,
            position,
            content: `Part ${position} of log ${offset + d}: ${'ran the river loop and practised scales. '.repeat(12)}`,
            embedding: vectors[(d + position) % vectors.length],
          })),
        ),
      );
      const inserted = await insertMemories(
        tx,
        Array.from({ length: count }, (_, k) => ({
          id: newId(),
          orgId,
          containerTag: TAG,
          memory: `Sam mentioned the marathon and piano lessons in note ${offset + k}`,
          embedding: vectors[k % vectors.length],
        })),
      );
      await linkMemorySources(
        tx,
        orgId,
        inserted.map((m, k) => ({ memoryId: m.id, documentId: docIds[Math.floor(k / MEMORIES_PER_DOCUMENT)] })),
      );
    });
  }
}

async function exportTo(server: BenchServer, file: string, firstByte: () => void) {
  const response = await fetch(`${server.url}/v3/container-tags/${TAG}/export?embeddings=true`, { headers: { authorization: `Bearer ${server.key}` } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  const out = createWriteStream(file);
  let lines = 0;
  for await (const chunk of response.body) {
    firstByte();
    for (const byte of chunk) if (byte === 10) lines++;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { lines, bytes: statSync(file).size };
}

/** Sends the file with node:http, whose pipe waits for the server to read: the file is never held whole. */
async function importFrom(server: BenchServer, file: string, tag: string) {
  const request = http.request(`${server.url}/v3/container-tags/${tag}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/x-ndjson' },
  });
  const answered = once(request, 'response') as Promise<[http.IncomingMessage]>;
  await pipeline(createReadStream(file), request);
  const [response] = await answered;
  let text = '';
  for await (const chunk of response) text += chunk;
  const body = JSON.parse(text) as { reembedded?: boolean };
  if (response.statusCode !== 200 || body.reembedded !== false) throw new Error(`import answered ${response.statusCode}: ${text}`);
  return body;
}

async function run(driver: BenchDriver, work: string): Promise<Result[]> {
  const dataDir = join(work, `pglite-${driver}`);
  const server = await startBenchServer(driver, driver === 'pglite' ? { DATA_DIR: dataDir } : {});
  const results: Result[] = [];
  try {
    await dropVectorIndexes(server.app.database.db);
    const dimension = server.app.ai.embedder.dimension;
    const vectors = Array.from({ length: 7 }, (_, v) => Array.from({ length: dimension }, (_, i) => Math.sin(i * (v + 1)) / Math.sqrt(dimension / 2)));
    let seeded = 0;
    const exports: { size: number; seedSeconds: number; file: string; lines: number; bytes: number; sample: Sample }[] = [];
    for (const size of SIZES) {
      const seedStarted = performance.now();
      await seed(server, seeded, size, vectors);
      const seedSeconds = round((performance.now() - seedStarted) / 1000);
      seeded = size;
      console.log(`${driver}: ${size} memories seeded (${seedSeconds} s)`);
      const file = join(work, `${driver}-${size}.ndjson`);
      const exported = await measured((firstByte) => exportTo(server, file, firstByte));
      console.log(`${driver}: exported ${size}: ${JSON.stringify({ ...exported.value, ...exported.sample })}`);
      exports.push({ size, seedSeconds, file, ...exported.value, sample: exported.sample });
    }
    // Imports last: what an import sets off in the background (the tag's profile) must not slow an export down.
    for (const { size, seedSeconds, file, lines, bytes, sample } of exports) {
      const imported = await measured(() => importFrom(server, file, `${TAG}_copy_${size}`));
      console.log(`${driver}: imported ${size}: ${JSON.stringify(imported.sample)}`);
      rmSync(file);
      const docs = Math.ceil(size / MEMORIES_PER_DOCUMENT);
      results.push({
        driver,
        memories: size,
        documents: docs,
        chunks: docs * CHUNKS_PER_DOCUMENT,
        seedSeconds,
        lines,
        bytes,
        exported: sample,
        imported: imported.sample,
      });
    }
    return results;
  } finally {
    await server.close();
  }
}

function table(results: Result[]): string {
  const rows = [
    '| driver | memories | documents + chunks | lines | MB | step | seconds | first byte (s) | lines/s | RSS before (MB) | RSS growth (MB) | heap growth (MB) | heap retained (MB) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    for (const [step, s] of [
      ['export', r.exported],
      ['import', r.imported],
    ] as const) {
      rows.push(
        `| ${r.driver} | ${r.memories} | ${r.documents} + ${r.chunks} | ${r.lines} | ${Math.round(r.bytes / MB)} | ${step} | ${s.seconds} | ${s.firstByteSeconds ?? '—'} | ${Math.round(r.lines / s.seconds)} | ${s.rssBeforeMb} | ${s.rssGrowthMb} | ${s.heapGrowthMb} | ${s.heapRetainedMb} |`,
      );
    }
  }
  return rows.join('\n');
}

async function main() {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const work = mkdtempSync(join(tmpdir(), 'engram-export-bench-'));
  try {
    const results: Result[] = [];
    for (const driver of DRIVERS) {
      if (driver === 'postgres' && !(await benchPostgresUrl())) continue;
      results.push(...(await run(driver, work)));
    }
    const loadAfter = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`\nexport and import of one tag, ${cpus().length} cores, load average before: ${load}, after: ${loadAfter}\n`);
    console.log(table(results));
    mkdirSync(resolve(here, 'results'), { recursive: true });
    writeFileSync(resolve(here, `results/export-${DRIVERS.join('-')}.json`), JSON.stringify({ load, loadAfter, results }, null, 2));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

runBench(main);
