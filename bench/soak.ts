/**
 * Soak: mixed load (ingest, search, profile, list, edits) against the embedded default (PGlite in
 * a data directory) for 10 minutes, then an idle period. The server runs as its own process with
 * bench/soak/monitor.ts preloaded, which reports its memory and event-loop delay over IPC.
 *
 *   npm run bench:soak
 *   SOAK_SECONDS=120 SOAK_IDLE_SECONDS=60 npm run bench:soak
 *   SOAK_HEAP_SNAPSHOTS=/tmp/soak npm run bench:soak     heap snapshots after warm-up and after idle
 *   SOAK_CPU_PROFILE=/tmp/soak npm run bench:soak        a CPU profile of the server, written when it stops
 *
 * The working set is bounded (old documents are deleted as new ones arrive, and ingest pauses while
 * the pipeline has a backlog), so memory that keeps growing is not data that keeps growing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/child-server.js';
import { waitFor } from '../test/helpers/wait.js';
import { runBench } from './lib/in-process-server.js';
import { percentile } from './recall/metrics.js';
import { rng } from './search/synthetic.js';
import type { MonitorCommand, MonitorSample } from './soak/monitor.js';
import { Workload, type Operation } from './soak/workload.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const IDLE_SECONDS = Number(process.env.SOAK_IDLE_SECONDS ?? 120);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 4);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 30);
const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS;
const CPU_PROFILE = process.env.SOAK_CPU_PROFILE;

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const MONITOR = new URL('./soak/monitor.ts', import.meta.url).href;
const MB = 1024 * 1024;

/** The server process, and the monitor inside it. */
class SoakServer {
  private requests = 0;
  private pending = new Map<number, (answer: unknown) => void>();
  private output = '';

  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (message: { id: number; answer: unknown }) => this.pending.get(message.id)?.(message.answer));
    child.stdout?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000)));
    child.stderr?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000)));
  }

  static async start(env: Record<string, string>): Promise<SoakServer> {
    const port = await freePort();
    const profile = CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE}`] : [];
    const child = spawn(process.execPath, ['--expose-gc', ...profile, '--import', 'tsx', '--import', MONITOR, CLI, 'serve'], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const server = new SoakServer(`http://127.0.0.1:${port}`, child);
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${server.output}`);
        return (
          (await fetch(`${server.url}/`).then(
            (r) => r.ok,
            () => false,
          )) || undefined
        );
      },
      120_000,
      'the soak server to answer',
    );
    return server;
  }

  private ask<T>(request: MonitorCommand): Promise<T> {
    const id = ++this.requests;
    return new Promise((resolve) => {
      this.pending.set(id, (answer) => {
        this.pending.delete(id);
        resolve(answer as T);
      });
      this.child.send({ ...request, id });
    });
  }

  sample(): Promise<MonitorSample> {
    return this.ask({ type: 'sample' });
  }

  /** Starts the event-loop delay histogram reported as `loopDelaySinceReset` afresh. */
  resetLoopDelay(): Promise<boolean> {
    return this.ask({ type: 'reset' });
  }

  /** Memory after a full garbage collection: what the JavaScript heap really holds. */
  afterGc(): Promise<MonitorSample> {
    return this.ask({ type: 'gc' });
  }

  snapshot(path: string): Promise<string> {
    return this.ask({ type: 'snapshot', path });
  }

  get log(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.disconnect();
    this.child.kill('SIGTERM');
    await exited;
  }
}

interface Row {
  at: number;
  rssMb: number;
  rssAnonMb: number | null;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  loopP99Ms: number;
  loopMaxMs: number;
  /** Event-loop delay p99 of this bench process over the same interval: the machine's own scheduling noise. */
  benchLoopP99Ms: number;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  load: number;
}

const mb = (bytes: number) => Math.round(bytes / MB);
const row = (at: number, s: MonitorSample, requests: number, latencies: number[], benchLoopP99Ms: number): Row => ({
  at: Math.round(at),
  rssMb: mb(s.rss),
  rssAnonMb: s.rssAnon === undefined ? null : mb(s.rssAnon),
  heapUsedMb: mb(s.heapUsed),
  externalMb: mb(s.external),
  arrayBuffersMb: mb(s.arrayBuffers),
  loopP99Ms: s.loopDelay.p99,
  loopMaxMs: s.loopDelay.max,
  benchLoopP99Ms,
  requests,
  latencyP50Ms: Math.round(percentile(latencies, 50)),
  latencyP99Ms: Math.round(percentile(latencies, 99)),
  load: Number(loadavg()[0].toFixed(2)),
});
const memoryLine = (label: string, s: MonitorSample) =>
  `${label.padEnd(26)} rss ${mb(s.rss)} MB (anonymous ${s.rssAnon === undefined ? '?' : mb(s.rssAnon)}, files ${s.rssFile === undefined ? '?' : mb(s.rssFile)}), heap used ${mb(s.heapUsed)} MB (of ${mb(s.heapTotal)}), external ${mb(s.external)} MB, array buffers ${mb(s.arrayBuffers)} MB`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-soak-'));
  const key = `em_bench_${randomBytes(12).toString('hex')}`;
  const server = await SoakServer.start({ DATA_DIR: dataDir, ENGRAM_API_KEY: key, RATE_LIMIT_MAX: '100000000' });
  try {
    const workload = new Workload(server.url, key, rng(11));
    const booted = await server.sample();
    console.log(memoryLine('booted', booted));
    await workload.warmUp();
    await workload.drain(300_000);
    const warm = await server.afterGc();
    console.log(memoryLine('warmed up, after gc', warm));
    if (SNAPSHOTS) {
      mkdirSync(SNAPSHOTS, { recursive: true });
      console.log(`heap snapshot: ${await server.snapshot(join(SNAPSHOTS, 'start.heapsnapshot'))}`);
    }

    await server.resetLoopDelay();
    const loadSamples: number[] = [];
    const rows: Row[] = [row(0, warm, 0, [], 0)];
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    const loadSampler = setInterval(() => loadSamples.push(loadavg()[0]), 5_000);
    const sampler = setInterval(async () => {
      const benchLoopP99 = Math.round(benchLoop.percentile(99) / 1e4) / 100;
      benchLoop.reset();
      const r = row((performance.now() - started) / 1000, await server.sample(), workload.count, workload.takeRecent(), benchLoopP99);
      rows.push(r);
      console.log(
        `${String(r.at).padStart(5)} s  rss ${r.rssMb} MB (anonymous ${r.rssAnonMb})  heap ${r.heapUsedMb} MB  loop p99 ${r.loopP99Ms} ms (max ${r.loopMaxMs}, bench process ${r.benchLoopP99Ms})  requests ${r.requests}, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms  load ${r.load}`,
      );
    }, SAMPLE_SECONDS * 1000);
    await Promise.all(Array.from({ length: CLIENTS }, () => workload.client(deadline)));
    clearInterval(sampler);
    clearInterval(loadSampler);
    benchLoop.disable();
    const loadedSeconds = (performance.now() - started) / 1000;
    const end = await server.sample();
    console.log(memoryLine('end of load', end));

    await workload.drain(300_000);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = await server.sample();
    console.log(memoryLine(`after ${IDLE_SECONDS} s idle`, idle));
    const idleGc = await server.afterGc();
    console.log(memoryLine('after idle, after gc', idleGc));
    if (SNAPSHOTS) console.log(`heap snapshot: ${await server.snapshot(join(SNAPSHOTS, 'end.heapsnapshot'))}`);

    const result = {
      seconds: Math.round(loadedSeconds),
      idleSeconds: IDLE_SECONDS,
      clients: CLIENTS,
      requests: workload.count,
      errors: workload.errors,
      operations: summarise(workload.latencies),
      memoryMb: {
        booted: mb(booted.rss),
        warm: { rss: mb(warm.rss), heapUsedAfterGc: mb(warm.heapUsed), arrayBuffers: mb(warm.arrayBuffers) },
        endOfLoad: { rss: mb(end.rss), heapUsed: mb(end.heapUsed), arrayBuffers: mb(end.arrayBuffers) },
        afterIdle: { rss: mb(idle.rss), heapUsedAfterGc: mb(idleGc.heapUsed), rssAfterGc: mb(idleGc.rss), arrayBuffers: mb(idleGc.arrayBuffers) },
        peakRss: mb(idleGc.maxRss),
      },
      loopDelayMs: end.loopDelaySinceReset,
      loadAverage: { mean: Number((loadSamples.reduce((a, b) => a + b, 0) / Math.max(1, loadSamples.length)).toFixed(2)), max: Math.max(...loadSamples) },
      samples: rows,
    };
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/soak.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
    print(result);
    const failures = Object.entries(workload.errors).filter(([what]) => / 5\d\d$| network$/.test(what));
    if (failures.length) throw new Error(`server errors during the soak: ${failures.map(([w, n]) => `${w} ×${n}`).join(', ')}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function summarise(latencies: Map<Operation, number[]>): Record<string, { count: number; p50: number; p99: number }> {
  return Object.fromEntries(
    [...latencies].map(([op, ms]) => [op, { count: ms.length, p50: Math.round(percentile(ms, 50)), p99: Math.round(percentile(ms, 99)) }]),
  );
}

function print(result: {
  seconds: number;
  requests: number;
  errors: Record<string, number>;
  operations: Record<string, { count: number; p50: number; p99: number }>;
  memoryMb: {
    booted: number;
    warm: { rss: number; heapUsedAfterGc: number };
    endOfLoad: { rss: number };
    afterIdle: { rss: number; heapUsedAfterGc: number };
    peakRss: number;
  };
  loopDelayMs: { p50: number; p99: number; max: number };
  loadAverage: { mean: number; max: number };
}): void {
  const m = result.memoryMb;
  console.log(`\n${result.requests} requests in ${result.seconds} s; errors: ${JSON.stringify(result.errors)}`);
  console.log('| operation | count | p50 ms | p99 ms |\n|---|---|---|---|');
  for (const [op, s] of Object.entries(result.operations)) console.log(`| ${op} | ${s.count} | ${s.p50} | ${s.p99} |`);
  console.log(
    '\n| RSS booted | RSS warm | RSS end of load | RSS after idle | peak RSS | heap after gc: warm → after idle | loop delay p99 (max) | load avg mean (max) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${m.booted} MB | ${m.warm.rss} MB | ${m.endOfLoad.rss} MB | ${m.afterIdle.rss} MB | ${m.peakRss} MB | ${m.warm.heapUsedAfterGc} → ${m.afterIdle.heapUsedAfterGc} MB | ${result.loopDelayMs.p99} ms (${result.loopDelayMs.max} ms) | ${result.loadAverage.mean} (${result.loadAverage.max.toFixed(2)}) |`,
  );
}

runBench(main);
