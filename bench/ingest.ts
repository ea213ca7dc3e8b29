/**
 * Ingest throughput and document-read latency, embedded (PGlite) and PostgreSQL.
 *   npm run bench:ingest                 both drivers (Postgres when available)
 *   BENCH_DOCS=2000 npm run bench:ingest
 *   BENCH_SHARE_ONLY=1 npm run bench:ingest   only the comparison with the raw embedder
 *   BENCH_SHARE_WITHOUT_HNSW=1 …              the memory writes without the vector index (what maintaining it costs)
 * It first compares the pipeline with the raw embedder on the same texts (bench/ingest/efficiency.ts).
 * The server runs as its own process; load comes from autocannon in this one.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ChildServer } from '../test/helpers/child-server.js';
import { createTestDatabase, startThrowawayPostgres } from '../test/helpers/pg-cluster.js';
import { waitFor } from '../test/helpers/wait.js';
import { measureEmbedderShare } from './ingest/efficiency.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 1000);
const BATCH = 100;
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** Documents and memory writes of the comparison with the raw embedder. */
const SHARE_DOCS = Number(process.env.BENCH_SHARE_DOCS ?? 200);
const SHARE_MEMORIES = Number(process.env.BENCH_SHARE_MEMORIES ?? 1000);

const WORDS = 'memory harbour lantern orbit meadow quartz signal river copper atlas violet ember canyon'.split(' ');

function makeDocument(i: number): string {
  const paragraphs = Array.from({ length: 6 }, (_, p) => {
    const words = Array.from({ length: 60 }, (_, w) => WORDS[(i * 7 + p * 13 + w * 3) % WORDS.length]);
    return `${words.join(' ')}.`;
  });
  return `# Document ${i}\n\n${paragraphs.join('\n\n')}`;
}

interface Result {
  driver: string;
  documents: number;
  ingestSeconds: number;
  documentsPerSecond: number;
  readRequestsPerSecond: number;
  readP50: number;
  readP95: number;
  readP99: number;
}

async function run(driver: 'pglite' | 'postgres', env: Record<string, string>): Promise<Result> {
  const key = `em_bench_${randomBytes(12).toString('hex')}`;
  const server = await ChildServer.create({ ...env, ENGRAM_API_KEY: key, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'warn' });
  await server.start();
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  try {
    const started = performance.now();
    const ids: string[] = [];
    for (let offset = 0; offset < DOCS; offset += BATCH) {
      const documents = Array.from({ length: Math.min(BATCH, DOCS - offset) }, (_, i) => makeDocument(offset + i));
      const res = await fetch(`${server.url}/v3/documents/batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ containerTag: 'bench', documents }),
      });
      const body = (await res.json()) as { results: { id: string }[] };
      ids.push(...body.results.map((r) => r.id));
    }
    await waitFor(
      async () => {
        const res = await fetch(`${server.url}/v3/documents/processing`, { headers });
        const body = (await res.json()) as { totalCount: number };
        return body.totalCount === 0 ? true : undefined;
      },
      30 * 60_000,
      'the pipeline to drain',
    );
    const ingestSeconds = (performance.now() - started) / 1000;

    let next = 0;
    const read = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: READ_SECONDS,
      headers: { authorization: `Bearer ${key}` },
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/v3/documents/${ids[next++ % ids.length]}` }) }],
    });
    if (read.non2xx > 0) throw new Error(`${read.non2xx} reads failed`);
    return {
      driver,
      documents: DOCS,
      ingestSeconds: round(ingestSeconds),
      documentsPerSecond: round(DOCS / ingestSeconds),
      readRequestsPerSecond: round(read.requests.average),
      readP50: read.latency.p50,
      readP95: percentile95(read),
      readP99: read.latency.p99,
    };
  } finally {
    await server.stop();
  }
}

/** autocannon reports p90 and p97.5; interpolate p95 between them. */
function percentile95(result: autocannon.Result): number {
  const { p90, p97_5 } = result.latency;
  return round(p90 + ((p97_5 - p90) * (95 - 90)) / (97.5 - 90));
}

const round = (n: number) => Math.round(n * 100) / 100;

async function embedderShare(): Promise<void> {
  const documents = Array.from({ length: SHARE_DOCS }, (_, i) => makeDocument(i));
  const before = loadavg()[0];
  const shares = await measureEmbedderShare(documents, SHARE_MEMORIES);
  console.log(`\nPipeline versus the raw embedder, same texts, same run (load average ${before.toFixed(2)} → ${loadavg()[0].toFixed(2)})\n`);
  console.log('| path | items | texts embedded | raw embedding s | pipeline s | share of raw throughput |');
  console.log('|---|---|---|---|---|---|');
  for (const r of shares)
    console.log(`| ${r.path} | ${r.items} | ${r.textsEmbedded} | ${r.rawSeconds} | ${r.pipelineSeconds} | ${(r.share * 100).toFixed(0)}% |`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/ingest-share.json', JSON.stringify(shares, null, 2));
}

async function main() {
  await embedderShare();
  if (process.env.BENCH_SHARE_ONLY) return;
  const results: Result[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-bench-'));
  try {
    results.push(await run('pglite', { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  let pgUrl = process.env.ENGRAM_BENCH_PG_URL ?? process.env.ENGRAM_TEST_PG_URL;
  const cluster = pgUrl ? null : await startThrowawayPostgres();
  pgUrl ??= cluster?.url;
  if (pgUrl) {
    try {
      const url = await createTestDatabase(pgUrl, `engram_bench_${randomBytes(4).toString('hex')}`);
      results.push(await run('postgres', { DATABASE_URL: url, DATABASE_POOL_SIZE: '20' }));
    } finally {
      await cluster?.stop();
    }
  } else {
    console.warn('PostgreSQL not available: skipping the postgres run (scripts/pg-install.sh installs it).');
  }
  console.log(`\n${DOCS} documents of ~2.4 KB, ${CONNECTIONS} connections reading for ${READ_SECONDS}s\n`);
  console.log('| driver | ingest docs/s | GET doc req/s | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(`| ${r.driver} | ${r.documentsPerSecond} | ${r.readRequestsPerSecond} | ${r.readP50} | ${r.readP95} | ${r.readP99} |`);
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/ingest.json', JSON.stringify(results, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
