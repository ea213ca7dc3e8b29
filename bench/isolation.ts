/**
 * Isolation: how long another organization waits for its searches while one client misbehaves,
 * against the same searches on an idle server. The server runs as its own process on the embedded
 * database (PGlite in a data directory), so this process's own work never delays it.
 *
 *   npm run bench:isolation
 *   ISOLATION_SECONDS=30 npm run bench:isolation       seconds per phase (default 45)
 *   ISOLATION_PHASES=stall,large npm run bench:isolation only these phases after idle (stall, large, soak, flood)
 *
 * Phases, each measured by one bystander (organization B) searching with a new question every
 * time, one request after another (a new question each time, so no answer comes from a cache):
 *   idle             nothing else runs
 *   stalled import   organization A opens imports that send their first line and then hold the socket
 *   large texts      organization A adds two 2 MB texts without punctuation (`word word …`)
 *   soak mix         organization A runs the soak's mixed workload with four clients
 *   flood            organization A sends searches back to back from 32 clients (ISOLATION_FLOOD_CLIENTS)
 * The bystander also adds a two-sentence document in each phase and waits for it to be done.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FORMAT_NAME, FORMAT_VERSION } from '../src/core/portability/format.js';
import { ChildServer } from '../test/helpers/child-server.js';
import { waitFor } from '../test/helpers/wait.js';
import { runBench } from './lib/in-process-server.js';
import { percentile } from './recall/metrics.js';
import { rng } from './search/synthetic.js';

const PHASE_SECONDS = Number(process.env.ISOLATION_SECONDS ?? 45);
const LARGE_TEXT_BYTES = 2 * 1024 * 1024;
/** A request not answered within this counts as an error (and ends the wait for it). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Organization A's clients in the flood phase, each sending its next search as soon as the last is answered. */
const FLOOD_CLIENTS = Number(process.env.ISOLATION_FLOOD_CLIENTS ?? 32);
const PHASES = new Set((process.env.ISOLATION_PHASES ?? 'stall,large,soak,flood').split(',').map((p) => p.trim()));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const WORKLOAD = fileURLToPath(new URL('./soak/workload-process.ts', import.meta.url));

const SUBJECTS = ['Maria', 'the finance team', 'our landlord', 'Dr Okafor', 'the new intern', 'my sister', 'the vendor', 'Kenji'];
const ASKS = [
  'prefer for lunch',
  'say about the budget',
  'plan for the summer',
  'think of the roadmap',
  'need by Friday',
  'drive to work',
  'study at university',
  'play on weekends',
];
const EXTRAS = ['lately', 'this year', 'again', 'in March', 'after the move', 'these days', 'at the office', 'on holiday'];

/** A question the bystander has not asked before. */
function question(n: number): string {
  return `What does ${SUBJECTS[n % SUBJECTS.length]} ${ASKS[Math.floor(n / SUBJECTS.length) % ASKS.length]} ${EXTRAS[Math.floor(n / 64) % EXTRAS.length]} (${n})?`;
}

interface Client {
  key: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; ms: number }>;
}

function client(url: string, key: string): Client {
  return {
    key,
    async call(method, path, body) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
    },
  };
}

function createKey(dataDir: string, org: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', CLI, 'keys', 'create', '--org', org], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  }).trim();
}

async function waitDone(c: Client, id: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  await waitFor(
    async () => {
      const { body } = await c.call('GET', `/v3/documents/${id}`);
      if (body?.status === 'failed') throw new Error(`document ${id} failed: ${body.error ?? ''}`);
      return body?.status === 'done' ? true : undefined;
    },
    timeoutMs,
    `document ${id} to be done`,
  );
  return performance.now() - started;
}

interface PhaseResult {
  phase: string;
  searches: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
  /** The bystander's two-sentence document: from add to done. */
  documentMs: number | null;
  load: number;
}

/** The bystander searches one question after another until the phase ends, and adds one small document. */
async function measure(phase: string, bystander: Client, counter: { n: number }, seconds: number): Promise<PhaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const documentDone = (async () => {
    const added = await bystander.call('POST', '/v3/documents', {
      content: `During the ${phase} phase Priya moved the team offsite to Lisbon. She booked the venue on Tuesday.`,
      containerTag: 'bystander',
    });
    if (added.status >= 300) return null;
    return added.ms + (await waitDone(bystander, added.body.id, Math.max(seconds * 4, 120) * 1000).catch(() => Number.NaN));
  })().catch(() => null);
  while (Date.now() < deadline) {
    const answer = await bystander.call('POST', '/v4/search', { q: question(counter.n++), containerTag: 'bystander', limit: 5 }).catch(() => null);
    if (answer?.status !== 200) errors++;
    else latencies.push(answer.ms);
  }
  const documentMs = await documentDone;
  return {
    phase,
    searches: latencies.length,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    max: Math.round(Math.max(0, ...latencies)),
    errors,
    documentMs: documentMs === null ? null : Math.round(documentMs),
    load: Number(loadavg()[0].toFixed(2)),
  };
}

/** Imports that send the header line and then hold their sockets open; one reopened whenever the server closes it. */
function stallImports(url: string, key: string, count: number): { stop(): void; opened(): number } {
  const { hostname, port } = new URL(url);
  const header = {
    kind: 'header',
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    serverVersion: '0.1.0',
    embeddingModel: null,
    embeddings: false,
    containerTag: null,
    exportedAt: new Date().toISOString(),
  };
  const sockets = new Set<Socket>();
  let stopped = false;
  let opened = 0;
  const open = () => {
    if (stopped) return;
    opened++;
    const socket = connect(Number(port), hostname);
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (!stopped) setTimeout(open, 100);
    });
    socket.write(
      `POST /v3/container-tags/stalled-${opened}/import HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${key}\r\n` +
        'Content-Type: application/x-ndjson\r\nContent-Length: 10000000\r\n\r\n' +
        `${JSON.stringify(header)}\n`,
    );
  };
  for (let i = 0; i < count; i++) open();
  return {
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
    opened: () => opened,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-isolation-'));
  const keyA = createKey(dataDir, 'noisy');
  const keyB = createKey(dataDir, 'bystander');
  // As deployed: the test helper runs document threads at the server's own priority, production a step below.
  const niceness = process.env.EMBEDDINGS_DOCUMENT_NICENESS ?? '10';
  const server = await ChildServer.create({
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000000',
    ENGRAM_SECRET_KEY: randomBytes(32).toString('hex'),
    EMBEDDINGS_DOCUMENT_NICENESS: niceness,
  });
  await server.start();
  const noisy = client(server.url, keyA);
  const bystander = client(server.url, keyB);
  const counter = { n: 0 };
  const results: PhaseResult[] = [];
  try {
    // The bystander's own memories: twenty short notes.
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const added = await bystander.call('POST', '/v3/documents', {
        content: `${SUBJECTS[i % SUBJECTS.length]} said note ${i}: the ${ASKS[i % ASKS.length].split(' ').pop()} matters ${EXTRAS[i % EXTRAS.length]}.`,
        containerTag: 'bystander',
      });
      ids.push(added.body.id);
    }
    for (const id of ids) await waitDone(bystander, id, 300_000);
    await measure('warm-up', bystander, counter, 5);

    results.push(await measure('idle', bystander, counter, PHASE_SECONDS));

    if (PHASES.has('stall')) {
      const stall = stallImports(server.url, keyA, 10);
      results.push(await measure('stalled import (10 sockets)', bystander, counter, PHASE_SECONDS));
      stall.stop();
      console.log(`stalled imports opened: ${stall.opened()}`);
    }
    if (PHASES.has('large')) await largeTexts(noisy, bystander, counter, results);
    if (PHASES.has('soak')) await loadFromA(server.url, keyA, 'soak', 4, 'soak mix (4 clients)', bystander, counter, results);
    if (PHASES.has('flood'))
      await loadFromA(server.url, keyA, 'flood', FLOOD_CLIENTS, `flood (${FLOOD_CLIENTS} clients searching)`, bystander, counter, results);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  print(results);
}

async function largeTexts(noisy: Client, bystander: Client, counter: { n: number }, results: PhaseResult[]): Promise<void> {
  // Words drawn at random from a few, so that chunks differ and each is really embedded.
  const random = rng(7);
  const words = [
    'word',
    'river',
    'stone',
    'amber',
    'lantern',
    'orbit',
    'meadow',
    'signal',
    'copper',
    'harbor',
    'velvet',
    'quartz',
    'ember',
    'tundra',
    'cobalt',
    'willow',
  ];
  const text = () => Array.from({ length: LARGE_TEXT_BYTES / 7 }, () => words[Math.floor(random() * words.length)]).join(' ');
  const large = await Promise.all([0, 1].map(() => noisy.call('POST', '/v3/documents', { content: text(), containerTag: 'large' })));
  results.push(await measure('two 2 MB unpunctuated texts', bystander, counter, PHASE_SECONDS));
  const largeStatus = await Promise.all(large.map((l) => noisy.call('GET', `/v3/documents/${l.body.id}`)));
  console.log(`large texts at the end of their phase: ${largeStatus.map((s) => s.body?.status).join(', ')}`);
  // Texts still in the pipeline after two minutes more are deleted, so that they do not weigh on the next phase.
  for (const l of large) {
    const took = await waitDone(noisy, l.body.id, 120_000).catch(() => null);
    if (took === null) {
      console.log(`large text ${l.body.id} not done 120 s after its phase; deleted`);
      await noisy.call('DELETE', `/v3/documents/${l.body.id}`).catch(() => undefined);
    }
  }
}

/** Organization A's load in a process of its own (bench/soak/workload-process.ts), measured beside the bystander's searches. */
async function loadFromA(
  url: string,
  keyA: string,
  mode: 'soak' | 'flood',
  clients: number,
  phase: string,
  bystander: Client,
  counter: { n: number },
  results: PhaseResult[],
): Promise<void> {
  // In this process A's clients would share the bystander's event loop, and its searches would
  // wait behind A's answers being read here.
  const load = spawn(process.execPath, ['--import', 'tsx', WORKLOAD, url, keyA, mode, String(clients)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: load.stdout })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the load process ended early (exit ${load.exitCode})`);
    return line.value;
  };
  try {
    while ((await nextLine()) !== 'ready');
    load.stdin.write(`go ${PHASE_SECONDS}\n`);
    results.push(await measure(phase, bystander, counter, PHASE_SECONDS));
    const summary = JSON.parse(await nextLine()) as { count: number; errors: Record<string, number> };
    console.log(`${phase}: ${summary.count} requests of A, errors ${JSON.stringify(summary.errors)}`);
  } finally {
    load.kill();
  }
}

function print(results: PhaseResult[]): void {
  const idle = results[0]!;
  console.log('\n| phase | searches | p50 ms | p95 ms | max ms | p95 / idle p95 | errors | bystander document to done | load |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const ratio = (r.p95 / Math.max(1, idle.p95)).toFixed(2);
    console.log(
      `| ${r.phase} | ${r.searches} | ${r.p50} | ${r.p95} | ${r.max} | ${ratio}× | ${r.errors} | ${r.documentMs === null ? '–' : `${(r.documentMs / 1000).toFixed(1)} s`} | ${r.load} |`,
    );
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/isolation.json', import.meta.url), `${JSON.stringify({ phaseSeconds: PHASE_SECONDS, results }, null, 2)}\n`);
}

runBench(main);
