/**
 * Webhooks on the write path: the latency of `POST /v3/documents` with no webhook endpoint, and with
 * an endpoint (every event type) whose receiver on 127.0.0.1 accepts the connection and never
 * answers, so each delivery holds a dispatcher slot until WEBHOOK_TIMEOUT_MS. The service runs in
 * this process with its workers (ingest of the added documents goes on meanwhile).
 *
 *   npm run bench:webhooks
 *   WEBHOOKS_REQUESTS=100 npm run bench:webhooks            requests per phase and round (default 60)
 *   WEBHOOKS_DRIVERS=pglite,postgres npm run bench:webhooks  drivers (default pglite)
 *
 * Phases, one request after another, each on its own tag, in WEBHOOKS_ROUNDS rounds (default 3)
 * so that a change in the machine's load meanwhile touches both alike: `none` (no endpoint), then
 * `hanging` (the endpoint registered before the phase, deleted after it). Every phase waits for
 * its documents to be done before the next starts. Only loopback addresses are contacted.
 */
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
  const server = await startBenchServer(driver, { ALLOW_PRIVATE_URLS: 'false', URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1' });
  try {
    // Warm-up: the first requests pay for the model's and the database's first use.
    await phase(server, 'warm-up', 'bench-warm', 20);
    const none: Phase = { name: 'none', ms: [] };
    const hanging: Phase = { name: 'hanging', ms: [] };
    let pending = 0;
    for (let round = 0; round < ROUNDS; round++) {
      none.ms.push(...(await phase(server, 'none', `bench-none-${round}`)).ms);
      const endpoint = await server.request('POST', '/v3/webhooks', { url: receiver.url, eventTypes: [...WEBHOOK_EVENT_TYPES] });
      if (endpoint.status !== 201) throw new Error(`POST /v3/webhooks answered ${endpoint.status}: ${JSON.stringify(endpoint.body)}`);
      hanging.ms.push(...(await phase(server, 'hanging', `bench-hanging-${round}`)).ms);
      const deliveries = await server.request('GET', `/v3/webhooks/${endpoint.body.id}/deliveries?limit=100`);
      pending += deliveries.body.deliveries.filter((d: { status: string }) => d.status === 'pending').length;
      await server.request('DELETE', `/v3/webhooks/${endpoint.body.id}`);
    }
    console.log(`\n${driver}: ${ROUNDS} rounds of ${REQUESTS} POST /v3/documents per phase, one at a time`);
    console.log('phase        p50 ms  p95 ms  p99 ms');
    for (const r of [none, hanging]) console.log(`${r.name.padEnd(11)} ${fmt(percentile(r.ms, 50))} ${fmt(percentile(r.ms, 95))} ${fmt(percentile(r.ms, 99))}`);
    console.log(
      `per round, p50 / p95 ms: ${[...Array(ROUNDS).keys()]
        .map((i) => {
          const slice = (p: Phase) => p.ms.slice(i * REQUESTS, (i + 1) * REQUESTS);
          return `none ${fmt(percentile(slice(none), 50)).trim()} / ${fmt(percentile(slice(none), 95)).trim()}, hanging ${fmt(percentile(slice(hanging), 50)).trim()} / ${fmt(percentile(slice(hanging), 95)).trim()}`;
        })
        .join('; ')}`,
    );
    console.log(`the hanging receiver accepted ${receiver.connections()} connections; ${pending} deliveries still pending when the endpoints were deleted`);
  } finally {
    await server.close();
    await receiver.close();
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
