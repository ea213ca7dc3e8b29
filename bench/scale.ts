/**
 * Scale-out on PostgreSQL: two API processes (`serve --no-worker`) and two `worker` processes
 * share one database. Documents are posted to both APIs while autocannon searches through both;
 * one worker is killed with SIGKILL mid-run and started again. Afterwards the bench checks that
 * no document was lost and none was processed twice, and exits non-zero when a check fails.
 *
 *   npm run bench:scale
 *   BENCH_DOCS=2000 BENCH_SEARCH_CONNECTIONS=2 npm run bench:scale
 *
 * Documents are one or two synthetic sentences (~90 characters: one chunk each). A job's
 * `attempts` counts its runs (each claim counts one); only the jobs the killed worker held may
 * have run twice.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { ChildServer } from '../test/helpers/child-server.js';
import { createTestDatabase, dropTestDatabase } from '../test/helpers/pg-cluster.js';
import { waitFor } from '../test/helpers/wait.js';
import { benchPostgresUrl, runBench } from './lib/in-process-server.js';
import { percentile } from './recall/metrics.js';
import { baseStatements, queries } from './search/synthetic.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const BATCH = 100;
const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 2);
/** Share of the documents done when a worker is killed. */
const KILL_AT = 0.3;
const TAG = 'scale';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function main(): Promise<void> {
  const adminUrl = await benchPostgresUrl();
  if (!adminUrl) throw new Error('PostgreSQL with pgvector is not available (ENGRAM_BENCH_PG_URL, or scripts/pg-install.sh)');
  const dbName = `engram_scale_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createTestDatabase(adminUrl, dbName);
  const key = `em_bench_${randomBytes(12).toString('hex')}`;
  const env = {
    DATABASE_URL: databaseUrl,
    ENGRAM_API_KEY: key,
    ENGRAM_SECRET_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_MAX: '100000000',
    // A killed worker's jobs are taken over once their lease runs out.
    JOB_LEASE_MS: '15000',
    WORKER_POLL_MS: '200',
  };
  const apis: ChildServer[] = [];
  const workers: ChildServer[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    // One at a time: the first start migrates the database and seeds the key; a free port is
    // taken just before its server listens on it.
    for (const [list, args] of [
      [apis, ['serve', '--no-worker']],
      [apis, ['serve', '--no-worker']],
      [workers, ['worker']],
      [workers, ['worker']],
    ] as const) {
      const child = await ChildServer.create(env, [...args]);
      list.push(child);
      await child.start();
    }
    await client.connect();
    const load: number[] = [];
    const sampler = setInterval(() => load.push(loadavg()[0]), 2_000);

    const latencies: number[] = [];
    const searches = apis.map((api) => searchLoad(api.url, key, latencies));
    const started = performance.now();
    await postDocuments(apis, key);
    const postedSeconds = (performance.now() - started) / 1000;

    await waitFor(async () => ((await doneJobs(client)) >= DOCS * KILL_AT ? true : undefined), 60 * 60_000, 'a share of the documents to be done');
    const victim = workers[0];
    const victimPid = victim.pid!;
    await victim.kill();
    const held = await client.query<{ document_id: string }>(`SELECT document_id FROM jobs WHERE status = 'running' AND locked_by LIKE $1`, [
      `%:${victimPid}:%`,
    ]);
    const heldIds = new Set(held.rows.map((r) => r.document_id));
    console.log(`killed worker ${victimPid} (SIGKILL) holding ${heldIds.size} jobs, ${await doneJobs(client)} of ${DOCS} documents done`);
    await victim.start();

    await waitFor(async () => ((await openJobs(client)) === 0 ? true : undefined), 2 * 60 * 60_000, 'the pipeline to drain');
    const ingestSeconds = (performance.now() - started) / 1000;
    const results = await Promise.all(searches.map((s) => s.stop()));
    clearInterval(sampler);

    const checks = await verify(client, heldIds);
    const latency = { p50: percentile(latencies, 50).toFixed(1), p95: percentile(latencies, 95).toFixed(1), p99: percentile(latencies, 99).toFixed(1) };
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    // Stopping autocannon drops the requests in flight as connection errors: answers and timeouts count.
    const failed = results.reduce((sum, r) => sum + r.non2xx, 0);
    const timeouts = results.reduce((sum, r) => sum + r.timeouts, 0);
    checks.push({
      name: 'searches answered 200',
      ok: failed === 0 && timeouts === 0 && requests > 0,
      detail: `${requests} searches, ${failed} not 200, ${timeouts} timed out`,
    });
    const loadAverage = Math.round((load.reduce((a, b) => a + b, 0) / Math.max(1, load.length)) * 100) / 100;

    console.log(`\n${DOCS} documents (~90 characters, one chunk each) posted in ${postedSeconds.toFixed(1)} s, all processed in ${ingestSeconds.toFixed(1)} s`);
    console.log(`(${(DOCS / ingestSeconds).toFixed(1)} documents/s) by 2 workers, one killed and restarted; load average ${loadAverage} on 2 cores`);
    console.log(
      `search during ingest (${CONNECTIONS} connections per API, 2 APIs): ${requests} requests, p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms`,
    );
    for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    if (checks.some((c) => !c.ok)) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    for (const process of [...workers, ...apis]) await process.stop().catch(() => undefined);
    await dropTestDatabase(adminUrl, dbName).catch(() => undefined);
  }
}

/** Half the batches to each API. */
async function postDocuments(apis: ChildServer[], key: string): Promise<void> {
  const texts = baseStatements(2_000, 5);
  for (let offset = 0, i = 0; offset < DOCS; offset += BATCH, i++) {
    const documents = Array.from({ length: Math.min(BATCH, DOCS - offset) }, (_, j) => {
      const n = offset + j;
      return `Note ${n}: ${texts[n % texts.length]}`;
    });
    const res = await fetch(`${apis[i % apis.length].url}/v3/documents/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ containerTag: TAG, documents }),
    });
    if (!res.ok) throw new Error(`POST /v3/documents/batch answered ${res.status}: ${await res.text()}`);
  }
}

/** Searches through one API until stopped, each query new to that API's query-embedding cache for a while. */
function searchLoad(url: string, key: string, latencies: number[]): { stop(): Promise<autocannon.Result> } {
  const qs = queries(2_000, 13);
  let next = Math.floor(Math.random() * qs.length);
  let instance: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: 24 * 60 * 60,
        timeout: 30,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            path: '/v4/search',
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ q: qs[next++ % qs.length], containerTag: TAG, limit: 10 }) }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  return {
    stop: () => {
      instance.stop();
      return done;
    },
  };
}

async function doneJobs(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'ingest' AND status IN ('done', 'failed')`);
  return rows[0].n;
}

async function openJobs(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running')`);
  return rows[0].n;
}

async function verify(client: pg.Client, heldByKilled: Set<string>): Promise<Check[]> {
  const one = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
  const [documents] = await one<{ total: number; done: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'done')::int AS done FROM documents WHERE container_tag = '${TAG}'`,
  );
  const [jobs] = await one<{ total: number; done: number; twice: number; more: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'done' AND last_error IS NULL)::int AS done,
       count(*) FILTER (WHERE attempts = 2)::int AS twice, count(*) FILTER (WHERE attempts > 2)::int AS more
     FROM jobs WHERE kind = 'ingest'`,
  );
  const reran = await one<{ document_id: string }>(`SELECT document_id FROM jobs WHERE kind = 'ingest' AND attempts >= 2`);
  const unexpected = reran.filter((r) => !heldByKilled.has(r.document_id)).length;
  const [chunks] = await one<{ wrong: number }>(
    `SELECT count(*)::int AS wrong FROM (SELECT d.id FROM documents d LEFT JOIN chunks c ON c.document_id = d.id
       WHERE d.container_tag = '${TAG}' GROUP BY d.id HAVING count(c.id) <> 1) x`,
  );
  const [duplicates] = await one<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT s.document_id, m.memory FROM memory_sources s JOIN memories m ON m.id = s.memory_id
       GROUP BY s.document_id, m.memory HAVING count(*) > 1) x`,
  );
  const [memories] = await one<{ n: number }>(`SELECT count(*)::int AS n FROM memories WHERE container_tag = '${TAG}'`);
  return [
    {
      name: 'no document lost',
      ok: documents.total === DOCS && documents.done === DOCS,
      detail: `${documents.total} stored, ${documents.done} done of ${DOCS}`,
    },
    { name: 'every job finished once', ok: jobs.total === DOCS && jobs.done === DOCS, detail: `${jobs.done} of ${jobs.total} ingest jobs done without error` },
    {
      name: 'none processed twice',
      ok: unexpected === 0 && jobs.more === 0,
      detail: `${jobs.twice} jobs ran twice, all ${heldByKilled.size} held by the killed worker or fewer (${unexpected} others), ${jobs.more} more than twice`,
    },
    { name: 'one chunk per document', ok: chunks.wrong === 0, detail: `${chunks.wrong} documents with another count` },
    { name: 'no memory stored twice for a document', ok: duplicates.n === 0, detail: `${duplicates.n} duplicates among ${memories.n} memories` },
  ];
}

runBench(main);
