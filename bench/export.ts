/**
 * Export of a large tag: BENCH_MEMORIES (100k) memories written straight through the store, then
 * GET /v3/container-tags/{tag}/export read to the end over HTTP while the process's RSS is sampled.
 * The server runs in this process, so the peak RSS covers the database (PGlite), the server and the
 * reader; the bound it shows is that it does not grow with the tag's size.
 *
 *   npm run bench:export
 *   BENCH_MEMORIES=20000 npm run bench:export
 */
import { randomBytes } from 'node:crypto';
import { loadavg, cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { insertMemories } from '../src/store/memories/writes.js';
import { benchPostgresUrl, runBench, startBenchServer, type BenchDriver } from './lib/in-process-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.BENCH_MEMORIES ?? 100_000);
const TAG = 'export_bench';
const MB = 1024 * 1024;

interface Result {
  driver: BenchDriver;
  memories: number;
  embeddings: boolean;
  bytes: number;
  lines: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** Peak RSS above the RSS right before the export started. */
  growthMb: number;
}

async function exportOnce(url: string, key: string, embeddings: boolean) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const response = await fetch(`${url}/v3/container-tags/${TAG}/export?embeddings=${embeddings}`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  return { bytes, lines, seconds: (performance.now() - started) / 1000, peak };
}

async function run(driver: BenchDriver): Promise<Result[]> {
  const server = await startBenchServer(driver);
  try {
    const db = server.app.database.db;
    const dimension = server.app.ai.embedder.dimension;
    const vector = Array.from({ length: dimension }, (_, i) => Math.sin(i) / Math.sqrt(dimension / 2));
    for (let offset = 0; offset < COUNT; offset += 1000) {
      await insertMemories(
        db,
        Array.from({ length: Math.min(1000, COUNT - offset) }, (_, k) => ({
          id: randomBytes(11).toString('hex').slice(0, 22),
          orgId: server.principal.orgId,
          containerTag: TAG,
          memory: `Sam mentioned the marathon and piano lessons in note ${offset + k}`,
          embedding: vector,
        })),
      );
    }
    const results: Result[] = [];
    for (const embeddings of [false, true]) {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const run = await exportOnce(server.url, server.key, embeddings);
      results.push({
        driver,
        memories: COUNT,
        embeddings,
        bytes: run.bytes,
        lines: run.lines,
        seconds: Math.round(run.seconds * 10) / 10,
        rssBeforeMb: Math.round(rssBefore / MB),
        peakRssMb: Math.round(run.peak / MB),
        growthMb: Math.round((run.peak - rssBefore) / MB),
      });
    }
    return results;
  } finally {
    await server.close();
  }
}

async function main() {
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  const results = await run('pglite');
  if (await benchPostgresUrl()) results.push(...(await run('postgres')));
  console.log(`\nGET /v3/container-tags/{tag}/export, ${COUNT} memories, ${cpus().length} cores, load average before: ${load}\n`);
  console.log('| driver | embeddings | lines | MB out | seconds | RSS before (MB) | peak RSS (MB) | growth (MB) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(`| ${r.driver} | ${r.embeddings} | ${r.lines} | ${Math.round(r.bytes / MB)} | ${r.seconds} | ${r.rssBeforeMb} | ${r.peakRssMb} | ${r.growthMb} |`);
  }
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/export.json'), JSON.stringify({ load, results }, null, 2));
}

runBench(main);
