/**
 * Where a search's time goes: the bench wraps the database client and the embedder of an
 * in-process server and records when each call starts and ends, then splits a search's wall time
 * into query embedding, store time not hidden behind it, and the service's own work.
 */
import type { App } from '../../src/app.js';

interface Span {
  kind: 'store' | 'embed';
  start: number;
  end: number;
}

export interface StageSplit {
  totalMs: number;
  /** Waiting for the query vector. */
  embeddingMs: number;
  /** Database time outside the embedding wait. */
  storeMs: number;
  /** Database time that ran while the query was being embedded. */
  storeHiddenMs: number;
  /** The service's own work: planning, fusion, hydration, JSON of rows. */
  serviceMs: number;
  /** Statements (or transactions) sent to the database. */
  roundTrips: number;
}

export interface StageTracer {
  /** Runs one search and splits its time. */
  measure(search: () => Promise<unknown>): Promise<StageSplit>;
}

export function traceStages(app: App): StageTracer {
  let spans: Span[] | null = null;
  const timed =
    <A extends unknown[], R>(kind: Span['kind'], fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const span = { kind, start: performance.now(), end: 0 };
      try {
        return await fn(...args);
      } finally {
        span.end = performance.now();
        spans?.push(span);
      }
    };
  const client = (app.database.db as unknown as { $client: Record<string, any> }).$client;
  if (app.database.driver === 'pglite') {
    client.query = timed('store', client.query.bind(client));
    client.transaction = timed('store', client.transaction.bind(client));
  } else {
    client.query = timed('store', client.query.bind(client));
    // A transaction holds one pooled connection from connect to release. The pool's own query()
    // connects with a callback; that form is passed through (the query is timed above).
    const connect = client.connect.bind(client);
    client.connect = async (...args: unknown[]) => {
      if (typeof args[0] === 'function') return connect(...args);
      const span: Span = { kind: 'store', start: performance.now(), end: 0 };
      const connection = await connect();
      const release = connection.release.bind(connection);
      connection.release = (...releaseArgs: unknown[]) => {
        span.end = performance.now();
        spans?.push(span);
        connection.release = release;
        return release(...releaseArgs);
      };
      return connection;
    };
  }
  const embedder = app.ai.embedder;
  embedder.embed = timed('embed', embedder.embed.bind(embedder));

  return {
    async measure(search) {
      spans = [];
      const started = performance.now();
      await search();
      const totalMs = performance.now() - started;
      const recorded = spans;
      spans = null;
      const embeds = recorded.filter((s) => s.kind === 'embed');
      const stores = recorded.filter((s) => s.kind === 'store');
      const embeddingMs = length(union(embeds));
      const storeAll = length(union(stores));
      const storeHiddenMs = length(intersect(union(stores), union(embeds)));
      const storeMs = storeAll - storeHiddenMs;
      return { totalMs, embeddingMs, storeMs, storeHiddenMs, serviceMs: Math.max(0, totalMs - embeddingMs - storeMs), roundTrips: stores.length };
    },
  };
}

type Interval = [number, number];

function union(spans: Span[]): Interval[] {
  const sorted = spans.map((s): Interval => [s.start, s.end]).sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [s1, e1] of a) for (const [s2, e2] of b) if (Math.min(e1, e2) > Math.max(s1, s2)) out.push([Math.max(s1, s2), Math.min(e1, e2)]);
  return out;
}

const length = (intervals: Interval[]) => intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
