/**
 * Profile reads at 10k memories in one tag: POST /v4/profile under concurrent load (autocannon),
 * plus the cost of the rebuild a memory change triggers (median of five), and listing the tag's
 * memories with their history (POST /v4/memories/list, 100 a page; one memory in 50 has a second
 * version). Embedded and PostgreSQL.
 *
 *   npm run bench:profile
 *   BENCH_MEMORIES=50000 npm run bench:profile
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchPostgresUrl, runBench, startBenchServer, type BenchDriver } from './lib/in-process-server.js';
import { eq } from 'drizzle-orm';
import { memories } from '../src/store/schema/memories.js';

const here = dirname(fileURLToPath(import.meta.url));
const COUNT = Number(process.env.BENCH_MEMORIES ?? 10_000);
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const TAG = 'profile_bench';
const TOPICS = ['hiking', 'painting', 'work at the clinic', 'her sister', 'the marathon', 'piano lessons', 'a trip to Lisbon', 'vegan cooking'];

interface Latency {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

interface Result {
  driver: BenchDriver;
  memories: number;
  rebuildMs: number;
  load: Latency[];
  list: { p50: number; p95: number };
}

const LIST_PAGE = 100;
const LIST_REQUESTS = 200;
/** One memory in this many gets a second version, so a listing reads history. */
const UPDATED_EVERY = 50;

async function run(driver: BenchDriver): Promise<Result> {
  const server = await startBenchServer(driver);
  try {
    const db = server.app.database.db;
    const day = 86_400_000;
    for (let offset = 0; offset < COUNT; offset += 1000) {
      const rows = Array.from({ length: Math.min(1000, COUNT - offset) }, (_, k) => {
        const i = offset + k;
        return {
          id: randomBytes(11).toString('hex').slice(0, 22),
          orgId: server.principal.orgId,
          containerTag: TAG,
          memory: `Sam mentioned ${TOPICS[i % TOPICS.length]} (note ${i})`,
          isStatic: i % 10 === 0,
          sourceCount: 1 + (i % 5),
          buckets: i % 3 === 0 ? ['preferences'] : [],
          temporalContext: { documentDate: new Date(Date.UTC(2023, 0, 1) + (i % 700) * day).toISOString().slice(0, 10) },
          forgetAfter: i % 50 === 0 ? new Date(Date.now() + (i % 100 === 0 ? -day : day)) : null,
        };
      });
      await db.insert(memories).values(rows);
    }
    const ids = (await db.select({ id: memories.id }).from(memories).where(eq(memories.containerTag, TAG))).map((r) => r.id);
    for (let i = 0; i < ids.length; i += UPDATED_EVERY) {
      const res = await server.request('PATCH', '/v4/memories', { containerTag: TAG, id: ids[i], newContent: `Sam changed their mind (note ${i})` });
      if (res.status !== 200) throw new Error(`PATCH /v4/memories answered ${res.status}`);
    }
    const rebuilds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const rebuildStarted = performance.now();
      await server.app.profiles.refresh(server.principal.orgId, TAG);
      rebuilds.push(performance.now() - rebuildStarted);
    }
    // What a memory change costs in steady state: the median of five rebuilds.
    const rebuildMs = Math.round(rebuilds.sort((a, b) => a - b)[2] * 10) / 10;

    const load: Latency[] = [];
    for (const connections of [1, CONNECTIONS]) {
      const result = await autocannon({
        url: `${server.url}/v4/profile`,
        method: 'POST',
        connections,
        duration: SECONDS,
        headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ containerTag: TAG }),
      });
      if (result.non2xx > 0) throw new Error(`${result.non2xx} profile reads failed`);
      load.push({
        connections,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p95: Math.round((result.latency.p90 + ((result.latency.p97_5 - result.latency.p90) * 5) / 7.5) * 100) / 100,
        p99: result.latency.p99,
      });
    }
    const pages = Math.ceil(COUNT / LIST_PAGE);
    const listMs: number[] = [];
    for (let i = 0; i < LIST_REQUESTS; i++) {
      const res = await server.request('POST', '/v4/memories/list', { containerTags: [TAG], limit: LIST_PAGE, page: 1 + (i % pages) });
      if (res.status !== 200) throw new Error(`POST /v4/memories/list answered ${res.status}`);
      listMs.push(res.ms);
    }
    listMs.sort((a, b) => a - b);
    const at = (q: number) => Math.round(listMs[Math.min(listMs.length - 1, Math.floor(q * listMs.length))] * 10) / 10;
    return { driver, memories: COUNT, rebuildMs, load, list: { p50: at(0.5), p95: at(0.95) } };
  } finally {
    await server.close();
  }
}

async function main() {
  const results: Result[] = [await run('pglite')];
  if (await benchPostgresUrl()) results.push(await run('postgres'));
  else console.warn('PostgreSQL not available: skipping the postgres run');
  console.log(`\nPOST /v4/profile, ${COUNT} memories in the tag, ${SECONDS}s per load level\n`);
  console.log('| driver | rebuild ms | connections | req/s | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const l of r.load) console.log(`| ${r.driver} | ${r.rebuildMs} | ${l.connections} | ${l.requestsPerSecond} | ${l.p50} | ${l.p95} | ${l.p99} |`);
  }
  console.log(
    `\nPOST /v4/memories/list, ${LIST_PAGE} a page with history, ${LIST_REQUESTS} requests one at a time (load average ${loadavg()[0].toFixed(2)})\n`,
  );
  console.log('| driver | p50 ms | p95 ms |');
  console.log('|---|---|---|');
  for (const r of results) console.log(`| ${r.driver} | ${r.list.p50} | ${r.list.p95} |`);
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/profile.json'), JSON.stringify(results, null, 2));
}

runBench(main);
