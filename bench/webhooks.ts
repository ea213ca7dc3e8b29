/**
 * Webhooks on the write path: the latency of `POST /v3/documents` with no webhook endpoint, with an
 * endpoint (every event type) whose receiver on 127.0.0.1 answers 200 at once, and with one whose
 * receiver accepts the connection and never answers, so each delivery holds a dispatcher slot until
 * WEBHOOK_TIMEOUT_MS. Both endpoint phases write the same outbox rows and notifications; the
 * answering one tells their cost apart from the hanging receiver's. The service runs in this
 * process with its workers (ingest of the added documents goes on meanwhile).
 *
 *   npm run bench:webhooks
 *   WEBHOOKS_REQUESTS=100 npm run bench:webhooks            requests per phase and round (default 60)
 *   WEBHOOKS_DRIVERS=pglite,postgres npm run bench:webhooks  drivers (default pglite)
 *
 * Phases, one request after another, each on its own tag, in WEBHOOKS_ROUNDS rounds (default 3)
 * so that a change in the machine's load meanwhile touches all alike: `none` (no endpoint), then
 * `answering` and `hanging` (each endpoint registered before its phase, deleted after it). Every phase waits for
 * its documents to be done before the next starts. Only loopback addresses are contacted.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { WEBHOOK_EVENT_TYPES } from '../src/model/webhooks.js';
import { waitFor } from '../test/helpers/wait.js';
import { runBench, startBenchServer, type BenchDriver, type BenchServer } from './lib/in-process-server.js';
import { percentile } from './recall/metrics.js';

const REQUESTS = Number(process.env.WEBHOOKS_REQUESTS ?? 60);
const ROUNDS = Number(process.env.WEBHOOKS_ROUNDS ?? 3);
const DRIVERS = (process.env.WEBHOOKS_DRIVERS ?? 'pglite').split(',').map((d) => d.trim()) as BenchDriver[];

/** Accepts connections on 127.0.0.1 and reads what comes, answering nothing. */
async function hangingReceiver(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Answers every request 200 at once, on 127.0.0.1. */
async function answeringReceiver(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = createHttpServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Phase {
  name: string;
  ms: number[];
}

async function phase(server: BenchServer, name: string, tag: string, requests = REQUESTS): Promise<Phase> {
  const ms: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < requests; i++) {
    const res = await server.request('POST', '/v3/documents', {
      containerTag: tag,
      content: `Note ${i} of ${tag}: the team met on day ${i} and agreed to ship the release after review number ${i * 7}.`,
    });
    if (res.status >= 300) throw new Error(`POST /v3/documents answered ${res.status}`);
    ms.push(res.ms);
    ids.push(res.body.id);
  }
  await waitFor(
    async () => {
      const res = await server.request('GET', `/v3/documents/${ids[ids.length - 1]}`);
      return res.body?.status === 'done' || res.body?.status === 'failed' ? true : undefined;
    },
    600_000,
    `the documents of ${name} to be done`,
  );
  return { name, ms };
}

const fmt = (n: number) => n.toFixed(1).padStart(7);

async function run(driver: BenchDriver): Promise<void> {
  const receiver = await hangingReceiver();
  const answering = await answeringReceiver();
  const server = await startBenchServer(driver, { ALLOW_PRIVATE_URLS: 'false', URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1' });
  try {
    // Warm-up: the first requests pay for the model's and the database's first use.
    await phase(server, 'warm-up', 'bench-warm', 20);
    const phases: Phase[] = [
      { name: 'none', ms: [] },
      { name: 'answering', ms: [] },
      { name: 'hanging', ms: [] },
    ];
    const urls: Record<string, string> = { answering: answering.url, hanging: receiver.url };
    const pending: Record<string, number> = { answering: 0, hanging: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const p of phases) {
        const url = urls[p.name];
        const endpoint = url ? await server.request('POST', '/v3/webhooks', { url, eventTypes: [...WEBHOOK_EVENT_TYPES] }) : null;
        if (endpoint && endpoint.status !== 201) throw new Error(`POST /v3/webhooks answered ${endpoint.status}: ${JSON.stringify(endpoint.body)}`);
        p.ms.push(...(await phase(server, p.name, `bench-${p.name}-${round}`)).ms);
        if (!endpoint) continue;
        const deliveries = await server.request('GET', `/v3/webhooks/${endpoint.body.id}/deliveries?limit=100`);
        pending[p.name] += deliveries.body.deliveries.filter((d: { status: string }) => d.status === 'pending').length;
        await server.request('DELETE', `/v3/webhooks/${endpoint.body.id}`);
      }
    }
    console.log(`\n${driver}: ${ROUNDS} rounds of ${REQUESTS} POST /v3/documents per phase, one at a time`);
    console.log('phase        p50 ms  p95 ms  p99 ms');
    for (const r of phases) console.log(`${r.name.padEnd(11)} ${fmt(percentile(r.ms, 50))} ${fmt(percentile(r.ms, 95))} ${fmt(percentile(r.ms, 99))}`);
    console.log(
      `per round, p50 / p95 ms: ${[...Array(ROUNDS).keys()]
        .map((i) =>
          phases
            .map((p) => {
              const slice = p.ms.slice(i * REQUESTS, (i + 1) * REQUESTS);
              return `${p.name} ${fmt(percentile(slice, 50)).trim()} / ${fmt(percentile(slice, 95)).trim()}`;
            })
            .join(', '),
        )
        .join('; ')}`,
    );
    console.log(
      `the answering receiver was sent ${answering.requests()} requests; ${pending.answering} of its deliveries still pending when its endpoints were deleted`,
    );
    console.log(
      `the hanging receiver accepted ${receiver.connections()} connections; ${pending.hanging} deliveries still pending when the endpoints were deleted`,
    );
  } finally {
    await server.close();
    await receiver.close();
    await answering.close();
  }
}

runBench(async () => {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const driver of DRIVERS) await run(driver);
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
});
