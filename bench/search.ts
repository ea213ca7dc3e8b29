/**
 * Search latency at scale: 100,000 synthetic memories in one organization (100 container tags of
 * 1,000), embedded database and PostgreSQL. Every search goes through HTTP and includes
 * embedding the query with the local model.
 *
 *   npm run bench:search
 *   BENCH_MEMORIES=20000 BENCH_DRIVERS=pglite npm run bench:search
 *
 * The memories are written straight into the store (the API would need ~30 minutes to embed
 * 100k texts on two cores): 3,000 distinct statements are embedded with the real model and
 * each memory joins two of them, text and (normalised) vector alike, drawn from its tag's own
 * share of the statements, its vector nudged by a third (bench/search/bulk-load.ts).
 *
 *   1M memories on PostgreSQL, 1,000 tags of 1,000:
 *   BENCH_MEMORIES=1000000 BENCH_TAGS=1000 BENCH_DRIVERS=postgres npm run bench:search
 *   the embedded database on disk, as in production:
 *   BENCH_FILE_BACKED=1 PGLITE_SHARED_BUFFERS_MB=512 BENCH_DRIVERS=pglite npm run bench:search
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LexemeFrequencies } from '../src/core/search/lexeme-frequencies.js';
import { QueryLexemes } from '../src/core/search/query-lexemes.js';
import { Retrieval } from '../src/core/search/retrieval.js';
import { ScopeSizes } from '../src/core/search/scope-sizes.js';
import { NOTHING_INCLUDED, SearchService } from '../src/core/search/search-service.js';
import { LexicalSemanticReranker } from '../src/ai/rerank/lexical-semantic-reranker.js';
import { KeywordExpansionRewriter } from '../src/ai/rewrite/keyword-expansion.js';
import { dropVectorIndexes, ensureVectorIndexes, vectorIndexName } from '../src/store/embedding.js';
import { sql } from 'drizzle-orm';
import { benchPostgresUrl, runBench, startBenchServer, type BenchDriver, type BenchServer } from './lib/in-process-server.js';
import { percentile } from './recall/metrics.js';
import { baseStatements, queries } from './search/synthetic.js';
import { queryRows } from '../src/store/sql.js';
import { QueryCachingEmbedder } from '../src/ai/embeddings/query-cache.js';
import { keywordPhrasing } from '../src/ai/text/words.js';
import { traceStages, type StageSplit } from './search/stages.js';
import { loadSyntheticMemories } from './search/bulk-load.js';

const TOTAL = Number(process.env.BENCH_MEMORIES ?? 100_000);
const TAGS = Number(process.env.BENCH_TAGS ?? 100);
const BASE = 3_000;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
/** BENCH_FILE_BACKED=1 keeps the embedded database in a temporary directory rather than in memory. */
const FILE_BACKED = process.env.BENCH_FILE_BACKED === '1';
const WARMUP = 20;
/** maintenance_work_mem for building the HNSW index on PostgreSQL (1M 512-d memories need about 2.5 GB). */
const INDEX_BUILD_MEMORY = process.env.BENCH_INDEX_BUILD_MEMORY ?? '4GB';

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

type Stages = Omit<StageSplit, 'roundTrips'> & { roundTrips: number };

interface DriverResult {
  driver: BenchDriver;
  /** Where the embedded database kept its files; PostgreSQL is always its own server. */
  storage: 'memory' | 'file' | 'server';
  /** The embedded database's page cache (PGLITE_SHARED_BUFFERS_MB). */
  pageCacheMb: number | null;
  memories: number;
  loadSeconds: number;
  /** Building the memories' HNSW index after the load, and its size. */
  indexSeconds: number;
  indexMb: number;
  queryEmbedding: Latency;
  orgWide: Latency;
  oneTag: Latency;
  /** The one-tag searches once more: every query vector comes from the query-embedding cache. */
  oneTagRepeated: Latency;
  cacheHits: number;
  /** Medians of each stage, in process, and of the HTTP share (answer time less the service's own timing) of the HTTP run. */
  stagesOneTag: Stages & { httpMs: number };
  stagesOrgWide: Stages & { httpMs: number };
  orgWideLexicalOnly: Latency;
  /** Share of the exact vector top 10 that the HNSW path returns, org-wide. */
  hnswRecallAt10: number;
  /** The same for one-tag searches: 1 while a tag is small enough to be searched exactly. */
  oneTagRecallAt10: number;
  /** 1-minute load average while measuring: other work on the machine shows up in the tail latencies. */
  loadAverage: number;
}

async function main(): Promise<void> {
  const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((d) => d.trim()) as BenchDriver[];
  const results: DriverResult[] = [];
  let corpus: { texts: string[]; vectors: Float32Array[] } | null = null;
  for (const driver of drivers) {
    if (driver === 'postgres' && !(await benchPostgresUrl())) {
      console.log('PostgreSQL with pgvector is not available; skipping the postgres run');
      continue;
    }
    // The embedded database in a directory, as it runs in production, instead of in memory.
    const dataDir = driver === 'pglite' && FILE_BACKED ? mkdtempSync(join(tmpdir(), 'engram-bench-search-')) : null;
    const server = await startBenchServer(driver, dataDir ? { DATA_DIR: dataDir } : {});
    try {
      corpus ??= await embedCorpus(server);
      results.push(await run(server, corpus));
      print(results.at(-1)!);
    } finally {
      await server.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/search.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\n| driver | storage, page cache | memories | query embedding p50 / p95 | org-wide p50 / p95 / p99 | one tag (${Math.round(TOTAL / TAGS)} rows) p50 / p95 / p99 | one tag, repeated p50 / p95 | org-wide BM25-only p50 / p95 | HNSW recall@10 (org-wide / one tag) | load avg |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const f = (l: Latency, n = 3) =>
      [l.p50, l.p95, l.p99]
        .slice(0, n)
        .map((x) => x.toFixed(1))
        .join(' / ');
    console.log(
      `| ${r.driver} | ${r.storage}${r.pageCacheMb ? `, ${r.pageCacheMb} MB` : ''} | ${r.memories} | ${f(r.queryEmbedding, 2)} ms | ${f(r.orgWide)} ms | ${f(r.oneTag)} ms | ${f(r.oneTagRepeated, 2)} ms | ${f(r.orgWideLexicalOnly, 2)} ms | ${r.hnswRecallAt10.toFixed(3)} / ${r.oneTagRecallAt10.toFixed(3)} | ${r.loadAverage} |`,
    );
  }
  console.log('\n| driver | scope | total (in process) | query embedding | store | store behind embedding | service | HTTP | round trips |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const [scope, s] of [
      ['one tag', r.stagesOneTag],
      ['org-wide', r.stagesOrgWide],
    ] as const) {
      console.log(
        `| ${r.driver} | ${scope} | ${s.totalMs} | ${s.embeddingMs} | ${s.storeMs} | ${s.storeHiddenMs} | ${s.serviceMs} | ${s.httpMs} | ${s.roundTrips} |`,
      );
    }
  }
}

/** The base statements' vectors, kept in the temporary directory between runs (same model, same texts). */
async function embedCorpus(server: BenchServer): Promise<{ texts: string[]; vectors: Float32Array[] }> {
  const started = performance.now();
  const texts = baseStatements(BASE);
  const { model, dimension } = server.app.ai.embedder;
  const file = join(tmpdir(), `engram-bench-corpus-${model}-${dimension}-${BASE}.f32`);
  if (existsSync(file)) {
    const all = new Float32Array(readFileSync(file).buffer.slice(0));
    if (all.length === BASE * dimension) return { texts, vectors: texts.map((_, i) => all.slice(i * dimension, (i + 1) * dimension)) };
  }
  const vectors = await server.app.ai.embedder.embed(texts, 'document');
  const all = new Float32Array(BASE * dimension);
  vectors.forEach((v, i) => all.set(v, i * dimension));
  writeFileSync(file, Buffer.from(all.buffer));
  console.log(`embedded ${texts.length} base statements in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { texts, vectors };
}

async function run(server: BenchServer, corpus: { texts: string[]; vectors: Float32Array[] }): Promise<DriverResult> {
  const db = server.app.database.db;
  const orgId = server.principal.orgId;
  const started = performance.now();
  // Building the HNSW index once at the end is far faster than growing it row by row.
  await dropVectorIndexes(db);
  let reported = 0;
  await loadSyntheticMemories(db, {
    orgId,
    total: TOTAL,
    tags: TAGS,
    corpus,
    onProgress: (written) => {
      if (written - reported < 100_000 && written < TOTAL) return;
      reported = written;
      console.log(`${server.driver}: ${written} memories written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    },
  });
  const indexStarted = performance.now();
  // A graph that fits in memory builds many times faster; the embedded database keeps its default.
  const { dimension } = server.app.ai.embedder;
  await ensureVectorIndexes(db, dimension, server.driver === 'postgres' ? { buildMemory: INDEX_BUILD_MEMORY } : {});
  const indexSeconds = Math.round((performance.now() - indexStarted) / 100) / 10;
  const [index] = await queryRows<{ bytes: number | string }>(db, sql`SELECT pg_relation_size(${vectorIndexName('memories', dimension)}::regclass) AS bytes`);
  const indexMb = Math.round(Number(index?.bytes ?? 0) / 1024 / 1024);
  await queryRows(db, sql`ANALYZE memories`);
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(`${server.driver}: loaded ${TOTAL} memories and built the indexes in ${loadSeconds.toFixed(1)} s (HNSW build ${indexSeconds} s, ${indexMb} MB)`);

  const load: number[] = [];
  const sampler = setInterval(() => load.push(loadavg()[0]), 2_000);
  const qs = queries(QUERIES + WARMUP);
  for (const q of qs.slice(0, WARMUP)) await searchHttp(server, { q });
  const measured = qs.slice(WARMUP);
  const cache = server.app.ai.embedder instanceof QueryCachingEmbedder ? server.app.ai.embedder : null;
  // Every measured search embeds its query afresh unless it is the repeated-query run.
  const cold = () => cache?.clear();
  const tagOf = (i: number) => `user_${i % TAGS}`;

  cold();
  const embedding: number[] = [];
  for (const q of measured) {
    // What a search embeds: the query's content words with the local model.
    const text = server.app.ai.embedder.keywordQueries ? keywordPhrasing(q) : q;
    const t = performance.now();
    await server.app.ai.embedder.embed([text], 'query');
    embedding.push(performance.now() - t);
  }
  cold();
  httpShares.length = 0;
  const orgWide: number[] = [];
  for (const q of measured) orgWide.push(await searchHttp(server, { q }));
  const httpOrgWide = round(percentile(httpShares.splice(0), 50));
  cold();
  const oneTag: number[] = [];
  for (const [i, q] of measured.entries()) oneTag.push(await searchHttp(server, { q, containerTag: tagOf(i) }));
  const httpOneTag = round(percentile(httpShares.splice(0), 50));
  const hitsBefore = cache?.stats().hits ?? 0;
  const repeated: number[] = [];
  for (const [i, q] of measured.entries()) repeated.push(await searchHttp(server, { q, containerTag: tagOf(i) }));
  const cacheHits = (cache?.stats().hits ?? 0) - hitsBefore;
  const lexicalOnly: number[] = [];
  for (const q of measured) {
    const t = performance.now();
    await server.app.search.search(server.principal, searchInput(q), { retrievers: 'lexical' });
    lexicalOnly.push(performance.now() - t);
  }
  const tracer = traceStages(server.app);
  const split = async (tag: (i: number) => string | undefined) => {
    cold();
    const splits: StageSplit[] = [];
    for (const [i, q] of measured.entries()) splits.push(await tracer.measure(() => server.app.search.search(server.principal, searchInput(q, tag(i)))));
    return summarize(splits);
  };
  const stagesOneTag = await split(tagOf);
  const stagesOrgWide = await split(() => undefined);

  clearInterval(sampler);
  return {
    loadAverage: Math.round((load.reduce((a, b) => a + b, 0) / Math.max(1, load.length)) * 100) / 100,
    driver: server.driver,
    storage: server.driver === 'postgres' ? 'server' : FILE_BACKED ? 'file' : 'memory',
    // Unset, PGlite keeps its own default of 128 MB.
    pageCacheMb: server.driver === 'pglite' ? (server.app.config.PGLITE_SHARED_BUFFERS_MB ?? 128) : null,
    memories: TOTAL,
    loadSeconds: Math.round(loadSeconds),
    indexSeconds,
    indexMb,
    queryEmbedding: stats(embedding),
    orgWide: stats(orgWide),
    oneTag: stats(oneTag),
    oneTagRepeated: stats(repeated),
    cacheHits,
    stagesOneTag: { ...stagesOneTag, httpMs: httpOneTag },
    stagesOrgWide: { ...stagesOrgWide, httpMs: httpOrgWide },
    orgWideLexicalOnly: stats(lexicalOnly),
    hnswRecallAt10: await hnswRecall(server, measured.slice(0, 50)),
    oneTagRecallAt10: await hnswRecall(server, measured.slice(0, 50), tagOf),
  };
}

/** The median of each stage over a run of searches (so the parts need not add up to the median total exactly). */
function summarize(splits: StageSplit[]): Stages {
  const median = (key: keyof StageSplit) =>
    round(
      percentile(
        splits.map((s) => s[key]),
        50,
      ),
    );
  return {
    totalMs: median('totalMs'),
    embeddingMs: median('embeddingMs'),
    storeMs: median('storeMs'),
    storeHiddenMs: median('storeHiddenMs'),
    serviceMs: median('serviceMs'),
    roundTrips: round(splits.reduce((sum, s) => sum + s.roundTrips, 0) / Math.max(1, splits.length)),
  };
}

function searchInput(q: string, containerTag?: string) {
  return {
    q,
    containerTag,
    threshold: 0,
    limit: 10,
    searchMode: 'memories' as const,
    rerank: false,
    rewriteQuery: false,
    include: NOTHING_INCLUDED,
  };
}

/** Time spent outside the search service (HTTP, auth, validation, serialisation), per request. */
const httpShares: number[] = [];

async function searchHttp(server: BenchServer, body: { q: string; containerTag?: string }): Promise<number> {
  const res = await server.request<{ timing: number }>('POST', '/v4/search', { ...body, limit: 10, threshold: 0 });
  if (res.status !== 200) throw new Error(`POST /v4/search answered ${res.status}: ${JSON.stringify(res.body)}`);
  httpShares.push(res.ms - res.body.timing);
  return res.ms;
}

/** Vector-only top 10 over the whole organization (or one tag each): the service's path versus an exact scan. */
async function hnswRecall(server: BenchServer, qs: string[], tagOf: (i: number) => string | undefined = () => undefined): Promise<number> {
  const db = server.app.database.db;
  const exact = new SearchService({
    db,
    clock: { now: () => new Date() },
    embedder: server.app.ai.embedder,
    retrieval: new Retrieval(
      {
        db,
        dimension: server.app.ai.embedder.dimension,
        scopeSizes: new ScopeSizes(60_000, Date.now),
        lexemes: new QueryLexemes(db),
        frequencies: new LexemeFrequencies(db, { ttlMs: 60_000, analyzeEveryMs: Number.MAX_SAFE_INTEGER }, Date.now),
      },
      { exactMaxRows: Number.MAX_SAFE_INTEGER, lexicalWordLimit: 200 },
    ),
    rewriter: new KeywordExpansionRewriter(),
    reranker: new LexicalSemanticReranker(),
  });
  let found = 0;
  for (const [i, q] of qs.entries()) {
    const [approximate, truth] = await Promise.all([
      server.app.search.search(server.principal, searchInput(q, tagOf(i)), { retrievers: 'vector' }),
      exact.search(server.principal, searchInput(q, tagOf(i)), { retrievers: 'vector' }),
    ]);
    const ids = new Set(approximate.hits.map((h) => (h.kind === 'memory' ? h.memory.id : h.chunk.id)));
    found += truth.hits.filter((h) => ids.has(h.kind === 'memory' ? h.memory.id : h.chunk.id)).length / Math.max(1, truth.hits.length);
  }
  return found / qs.length;
}

const round = (x: number) => Math.round(x * 10) / 10;

function stats(values: number[]): Latency {
  return {
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    mean: round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)),
  };
}

function print(r: DriverResult): void {
  const f = (l: Latency) => `p50 ${l.p50} / p95 ${l.p95} / p99 ${l.p99} ms`;
  console.log(`${r.driver}: query embedding ${f(r.queryEmbedding)}`);
  console.log(`${r.driver}: org-wide search ${f(r.orgWide)}`);
  console.log(`${r.driver}: one-tag search ${f(r.oneTag)}`);
  console.log(`${r.driver}: one-tag search, repeated queries (${r.cacheHits} query-embedding cache hits) ${f(r.oneTagRepeated)}`);
  const g = (s: DriverResult['stagesOneTag']) =>
    `total ${s.totalMs} ms = embedding ${s.embeddingMs} + store ${s.storeMs} (+ ${s.storeHiddenMs} behind the embedding) + service ${s.serviceMs}; HTTP adds ${s.httpMs}; ${s.roundTrips} round trips`;
  console.log(`${r.driver}: one-tag stages (medians): ${g(r.stagesOneTag)}`);
  console.log(`${r.driver}: org-wide stages (medians): ${g(r.stagesOrgWide)}`);
  console.log(`${r.driver}: org-wide BM25-only ${f(r.orgWideLexicalOnly)}`);
  console.log(`${r.driver}: HNSW index of ${r.memories} memories built in ${r.indexSeconds} s, ${r.indexMb} MB`);
  console.log(
    `${r.driver}: HNSW recall@10 vs exact ${r.hnswRecallAt10.toFixed(3)}, one tag ${r.oneTagRecallAt10.toFixed(3)} (load average while measuring ${r.loadAverage})`,
  );
}

runBench(main);
