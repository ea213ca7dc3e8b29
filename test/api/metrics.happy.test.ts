import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAiChat } from '../fakes/openai-chat.js';
import { FakeWebsite } from '../fakes/website.js';
import { waitForRuns } from '../helpers/connections.js';
import { has, parsePrometheus, sampleSum, type Sample } from '../helpers/prometheus.js';
import { driver, startTestServer, waitFor, waitForDocument, type TestServer } from '../helpers/server.js';

const token = `mt_${randomBytes(16).toString('hex')}`;

async function scrape(server: TestServer): Promise<{ samples: Sample[]; text: string }> {
  const res = await server.request<string>('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return { samples: parsePrometheus(res.body), text: res.body };
}

describe('GET /metrics after real traffic', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token, JOB_MAX_ATTEMPTS: '1', SYNC_PROVIDER_WAIT_MS: '1' });
  });
  afterAll(async () => server?.close());

  it('counts requests by route pattern and status, ingest stages, embedder calls by lane, and the process', async () => {
    const before = (await scrape(server)).samples;
    const added = await server.request('POST', '/v3/documents', {
      body: { content: 'Marguerite repairs harpsichords in a workshop in Ghent.', containerTag: 'tag_secret_marguerite' },
    });
    expect(added.status).toBe(200);
    const doc = await waitForDocument(server, added.body.id);
    expect(doc.status).toBe('done');
    const found = await server.request('POST', '/v4/search', { body: { q: 'who repairs harpsichords', containerTag: 'tag_secret_marguerite' } });
    expect(found.status).toBe(200);
    expect(found.body.results.length).toBeGreaterThan(0);
    expect((await server.request('GET', '/v3/documents/nope_not_here')).status).toBe(404);

    const { samples: after, text } = await scrape(server);
    const moved = (name: string, labels: Record<string, string>) => sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(moved('engram_http_requests_total', { method: 'POST', route: '/v3/documents', status: '200' })).toBe(1);
    expect(moved('engram_http_requests_total', { method: 'POST', route: '/v4/search', status: '200' })).toBe(1);
    // Polling for the document and the 404 count under the route's pattern, never the id.
    expect(moved('engram_http_requests_total', { method: 'GET', route: '/v3/documents/:id', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(moved('engram_http_requests_total', { method: 'GET', route: '/v3/documents/:id', status: '404' })).toBe(1);
    expect(moved('engram_http_request_duration_seconds_count', { route: '/v4/search', status: '200' })).toBe(1);
    expect(sampleSum(after, 'engram_http_request_duration_seconds_sum', { route: '/v4/search' })).toBeGreaterThan(0);
    // The scrape before this one counted itself.
    expect(sampleSum(after, 'engram_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);

    for (const stage of ['extracting', 'chunking', 'embedding', 'indexing', 'memories']) {
      expect(moved('engram_ingest_stage_duration_seconds_count', { stage }), stage).toBe(1);
    }
    expect(moved('engram_embedding_duration_seconds_count', { lane: 'document' })).toBeGreaterThanOrEqual(1);
    expect(moved('engram_embedding_duration_seconds_count', { lane: 'query' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(after, 'engram_embedding_errors_total', { lane: 'query' })).toBe(0);

    expect(sampleSum(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(has(after, 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(has(after, 'nodejs_heap_size_used_bytes')).toBe(true);
    if (driver === 'postgres') {
      expect(sampleSum(after, 'engram_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(has(after, 'engram_db_pool_connections', { state: 'waiting' })).toBe(true);
    } else {
      expect(has(after, 'engram_db_turns_waiting', { queue: 'request' })).toBe(true);
      expect(has(after, 'engram_db_turns_waiting', { queue: 'job' })).toBe(true);
    }

    // No user data in labels: neither the tag, nor the document's id, nor what was searched.
    expect(text).not.toContain('tag_secret_marguerite');
    expect(text).not.toContain(added.body.id);
    expect(text).not.toContain('nope_not_here');
    expect(text).not.toContain('harpsichord');
  });

  it('reads queued, running and failed jobs by kind and the oldest queued wait from the database at scrape time', async () => {
    const worker = server.app.worker!;
    await worker.stop();
    try {
      const queued = await server.request('POST', '/v3/documents', { body: { content: 'A note that waits for a worker.', containerTag: 'waiting' } });
      expect(queued.status).toBe(200);
      const { samples } = await waitFor(async () => {
        const scraped = await scrape(server);
        // The wait is measured from when the job became due: it grows while nobody claims it.
        return sampleSum(scraped.samples, 'engram_jobs_oldest_queued_seconds', { kind: 'ingest' }) > 0 ? scraped : undefined;
      });
      expect(sampleSum(samples, 'engram_jobs', { kind: 'ingest', state: 'queued' })).toBe(1);
      expect(sampleSum(samples, 'engram_jobs', { kind: 'ingest', state: 'running' })).toBe(0);
    } finally {
      worker.start();
    }
    await waitFor(async () => {
      const { samples } = await scrape(server);
      return sampleSum(samples, 'engram_jobs', { kind: 'ingest', state: 'queued' }) === 0 ? true : undefined;
    });

    // A URL nobody answers fails for good with one attempt (JOB_MAX_ATTEMPTS=1).
    const failing = await server.request('POST', '/v3/documents', { body: { content: 'http://127.0.0.1:9/nothing-listens', containerTag: 'failing' } });
    expect((await waitForDocument(server, failing.body.id)).status).toBe('failed');
    const { samples } = await scrape(server);
    expect(sampleSum(samples, 'engram_jobs', { kind: 'ingest', state: 'failed' })).toBe(1);
    expect(sampleSum(samples, 'engram_jobs_oldest_queued_seconds', { kind: 'ingest' })).toBe(0);
  });
});

describe('GET /metrics after a connector sync', () => {
  let site: FakeWebsite;
  let server: TestServer;

  beforeAll(async () => {
    site = await FakeWebsite.start();
    server = await startTestServer({ METRICS_TOKEN: token, SYNC_PROVIDER_WAIT_MS: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  it('counts sync runs by kind and result, without the connection or its URL', async () => {
    const created = await server.request('POST', '/v3/connections/web-crawler', {
      body: { containerTag: 'crawled_site', metadata: { startUrl: site.url('/'), maxPages: 3, maxDepth: 1 } },
    });
    expect(created.status).toBe(200);
    const [run] = await waitForRuns(server, created.body.id, 1);
    expect(run.status).toBe('completed');
    const { samples, text } = await scrape(server);
    expect(sampleSum(samples, 'engram_connector_syncs_total', { kind: 'web-crawler', result: 'completed' })).toBe(1);
    expect(text).not.toContain(created.body.id);
    expect(text).not.toContain(site.origin);
    expect(text).not.toContain('crawled_site');
  });
});

describe('GET /metrics with a chat model configured', () => {
  let llm: FakeOpenAiChat;
  let server: TestServer;

  beforeAll(async () => {
    llm = await FakeOpenAiChat.start();
    server = await startTestServer({
      METRICS_TOKEN: token,
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_RETRIES: '1',
      LLM_RETRY_BASE_MS: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  it('times every request to the model, counts its failures by reason and the tokens it counted', async () => {
    // The first request fails, the retry's reply is unusable: the offline extractor stands in.
    llm.replyError(500);
    llm.replyByDefault({ content: 'no JSON here', usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 } });
    const added = await server.request('POST', '/v3/documents', { body: { content: 'Tomasz teaches sailing on Lake Geneva.', containerTag: 'sailing' } });
    expect((await waitForDocument(server, added.body.id)).status).toBe('done');
    const { samples } = await scrape(server);
    expect(sampleSum(samples, 'engram_llm_errors_total', { reason: 'server_error' })).toBe(1);
    expect(sampleSum(samples, 'engram_llm_request_duration_seconds_count', { outcome: 'server_error' })).toBe(1);
    expect(sampleSum(samples, 'engram_llm_request_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    const okRequests = sampleSum(samples, 'engram_llm_request_duration_seconds_count', { outcome: 'ok' });
    expect(sampleSum(samples, 'engram_llm_tokens_total', { type: 'prompt' })).toBe(120 * okRequests);
    expect(sampleSum(samples, 'engram_llm_tokens_total', { type: 'completion' })).toBe(9 * okRequests);
  });
});
