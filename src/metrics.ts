import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { EmbeddingPurpose } from './ai/embeddings/embedder.js';
import type { ChatOutcome, TokenUsage } from './ai/llm/client.js';
import type { Clock } from './core/shared/clock.js';
import type { Database } from './store/database.js';
import { countJobs } from './store/jobs.js';

/**
 * The process's Prometheus metrics (`GET /metrics`, with METRICS_TOKEN). Labels are bounded and
 * carry no user data: a route's pattern (never its URL), a status, a stage, a lane, a kind, a
 * result. Job counts and the database's connections are read when scraped; the rest is counted as
 * it happens, through the observers the composition root hands to the layers.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  private readonly stageSeconds: Histogram<'stage'>;
  private readonly embedSeconds: Histogram<'lane'>;
  private readonly embedErrors: Counter<'lane'>;
  private readonly chatSeconds: Histogram<'outcome'>;
  private readonly chatErrors: Counter<'reason'>;
  private readonly chatTokens: Counter<'type'>;
  private readonly syncs: Counter<'kind' | 'result'>;

  constructor(database: Database, clock: Clock, options: { chat: boolean }) {
    const registers = [this.registry];
    // Process memory, CPU, event-loop lag, GC, handles: under their usual names, for the usual dashboards.
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'engram_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'engram_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.stageSeconds = new Histogram({
      name: 'engram_ingest_stage_duration_seconds',
      help: 'Time of each completed ingest stage (extracting, chunking, embedding, indexing, memories)',
      labelNames: ['stage'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    this.embedSeconds = new Histogram({
      name: 'engram_embedding_duration_seconds',
      help: 'Time of one call to the embedding model (cached queries are no call), by lane: query or document',
      labelNames: ['lane'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.embedErrors = new Counter({
      name: 'engram_embedding_errors_total',
      help: 'Calls to the embedding model that failed, by lane',
      labelNames: ['lane'],
      registers,
    });
    for (const lane of ['query', 'document']) this.embedErrors.inc({ lane }, 0);
    this.chatSeconds = new Histogram({
      name: 'engram_llm_request_duration_seconds',
      help: 'Time of one request to the chat model, by outcome (ok, or why it got no completion)',
      labelNames: ['outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
      registers,
    });
    this.chatErrors = new Counter({
      name: 'engram_llm_errors_total',
      help: 'Requests to the chat model that got no completion, by reason',
      labelNames: ['reason'],
      registers,
    });
    this.chatTokens = new Counter({
      name: 'engram_llm_tokens_total',
      help: 'Tokens the chat model counted, by type: prompt or completion',
      labelNames: ['type'],
      registers,
    });
    if (options.chat) for (const type of ['prompt', 'completion']) this.chatTokens.inc({ type }, 0);
    this.syncs = new Counter({
      name: 'engram_connector_syncs_total',
      help: 'Connector sync runs ended, by kind and result (completed, cancelled, or the error code)',
      labelNames: ['kind', 'result'],
      registers,
    });
    this.jobGauges(database, clock);
    this.connectionGauges(database);
  }

  /** One answered request; `route` is the route's pattern, or `unmatched`. */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: route ?? 'unmatched', status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  stage(stage: string, seconds: number): void {
    this.stageSeconds.observe({ stage }, seconds);
  }

  embedding(lane: EmbeddingPurpose, seconds: number, failed: boolean): void {
    this.embedSeconds.observe({ lane }, seconds);
    if (failed) this.embedErrors.inc({ lane });
  }

  chat(seconds: number, outcome: ChatOutcome, usage: TokenUsage | null): void {
    this.chatSeconds.observe({ outcome }, seconds);
    if (outcome !== 'ok') this.chatErrors.inc({ reason: outcome });
    if (usage) {
      this.chatTokens.inc({ type: 'prompt' }, usage.promptTokens);
      this.chatTokens.inc({ type: 'completion' }, usage.completionTokens);
    }
  }

  sync(kind: string, result: string): void {
    this.syncs.inc({ kind, result });
  }

  /** The text a scrape answers, and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Queued, running and failed jobs by kind and the oldest due job's wait: one grouped read through the claim index per scrape. */
  private jobGauges(database: Database, clock: Clock): void {
    let read: Promise<Awaited<ReturnType<typeof countJobs>>> | null = null;
    // The three gauges are collected one after the other in a scrape: they share one read.
    const counts = () => {
      // A database that does not answer leaves the gauges empty: the rest of the scrape is still served.
      read ??= countJobs(database.db, clock.now())
        .catch(() => [])
        .finally(() => setImmediate(() => (read = null)));
      return read;
    };
    new Gauge({
      name: 'engram_jobs',
      help: 'Jobs by kind and state: queued (due or deferred), running, failed (done jobs are not counted)',
      labelNames: ['kind', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await counts()) this.set({ kind: row.kind, state: row.status }, row.count);
      },
    });
    const now = () => clock.now().getTime();
    new Gauge({
      name: 'engram_jobs_oldest_queued_seconds',
      help: 'How long the oldest due queued job of each kind has waited to be claimed (0: none waits)',
      labelNames: ['kind'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await counts()) {
          if (row.status !== 'queued') continue;
          this.set({ kind: row.kind }, row.oldestDueAt ? Math.max(0, (now() - row.oldestDueAt.getTime()) / 1000) : 0);
        }
      },
    });
  }

  /** PostgreSQL's pool (open, idle, waiting), or the embedded database's one connection and the turns waiting for it. */
  private connectionGauges(database: Database): void {
    const registers = [this.registry];
    if (database.driver === 'postgres') {
      new Gauge({
        name: 'engram_db_pool_connections',
        help: 'PostgreSQL pool: connections open (total), idle, and callers waiting for one (waiting)',
        labelNames: ['state'],
        registers,
        collect() {
          const usage = database.connections();
          if (usage.driver !== 'postgres') return;
          this.set({ state: 'total' }, usage.total);
          this.set({ state: 'idle' }, usage.idle);
          this.set({ state: 'waiting' }, usage.waiting);
        },
      });
      return;
    }
    new Gauge({
      name: 'engram_db_turns_waiting',
      help: 'Embedded database: statements waiting for its one connection, by who asks (request or job)',
      labelNames: ['queue'],
      registers,
      collect() {
        const usage = database.connections();
        if (usage.driver !== 'pglite') return;
        this.set({ queue: 'request' }, usage.waitingRequests);
        this.set({ queue: 'job' }, usage.waitingJobs);
      },
    });
    new Gauge({
      name: 'engram_db_busy',
      help: 'Embedded database: 1 while its one connection runs a statement or transaction',
      registers,
      collect() {
        const usage = database.connections();
        if (usage.driver === 'pglite') this.set(usage.busy ? 1 : 0);
      },
    });
  }
}
