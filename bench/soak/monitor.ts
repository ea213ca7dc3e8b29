/**
 * Preloaded (`--import`) into the server process of `npm run bench:soak`: answers the bench over
 * the IPC channel with this process's memory and event-loop delay, so the server is measured from
 * inside without an endpoint of its own and without the load generator's event loop in the numbers.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

export interface MonitorSample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Highest RSS so far, bytes. */
  maxRss: number;
  /** RSS of anonymous memory (heaps, WebAssembly memory, native allocations), bytes; Linux only. */
  rssAnon?: number;
  /** RSS of mapped files (code, the model's weights when mapped), bytes; Linux only. */
  rssFile?: number;
  /** Event-loop delay since the previous sample, ms. */
  loopDelay: LoopDelay;
  /** Event-loop delay since the last `reset`, ms. */
  loopDelaySinceReset: LoopDelay;
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export type MonitorCommand = { type: 'sample' } | { type: 'reset' } | { type: 'gc' } | { type: 'snapshot'; path: string };
export type MonitorRequest = MonitorCommand & { id: number };

const sinceSample = monitorEventLoopDelay({ resolution: 10 });
const sinceReset = monitorEventLoopDelay({ resolution: 10 });
sinceSample.enable();
sinceReset.enable();

function delays(histogram: ReturnType<typeof monitorEventLoopDelay>): LoopDelay {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

/** A `kB` line of /proc/self/status, in bytes. */
function procStatus(field: string): number | undefined {
  try {
    const match = readFileSync('/proc/self/status', 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function sample(): MonitorSample {
  const memory = process.memoryUsage();
  const result = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    maxRss: process.resourceUsage().maxRSS * 1024,
    rssAnon: procStatus('RssAnon'),
    rssFile: procStatus('RssFile'),
    loopDelay: delays(sinceSample),
    loopDelaySinceReset: delays(sinceReset),
  };
  sinceSample.reset();
  return result;
}

process.on('message', (request: MonitorRequest) => {
  let answer: unknown;
  if (request.type === 'sample') {
    answer = sample();
  } else if (request.type === 'reset') {
    sinceReset.reset();
    answer = true;
  } else if (request.type === 'gc') {
    // Twice: the first pass can leave objects that only a second one finds unreachable.
    (globalThis as { gc?: () => void }).gc?.();
    (globalThis as { gc?: () => void }).gc?.();
    answer = sample();
  } else {
    answer = writeHeapSnapshot(request.path);
  }
  process.send?.({ id: request.id, answer });
});
