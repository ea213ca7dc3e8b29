import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheus, sampleSum, type Sample } from '../helpers/prometheus.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const token = `mt_${randomBytes(16).toString('hex')}`;

async function scrape(server: TestServer): Promise<Sample[]> {
  const res = await server.request<string>('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return parsePrometheus(res.body);
}

describe('memories inferred while a document’s memories are stored', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
  });
  afterAll(async () => server?.close());

  it('are embedded before the transaction that stores them, so it never holds the database while the embedder works', async () => {
    const before = await scrape(server);
    const added = await server.request('POST', '/v3/documents', {
      body: { content: 'Dana went hiking in the Alps on Saturday. Dana went hiking again on Sunday with her brother.', containerTag: 'lane_dana' },
    });
    expect(added.status).toBe(200);
    expect((await waitForDocument(server, added.body.id)).status).toBe('done');
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTag: 'lane_dana', limit: 50 } });
    expect(listed.status).toBe(200);
    const inferred = listed.body.memoryEntries.filter((m: { isInference?: boolean }) => m.isInference);
    expect(inferred.map((m: { memory: string }) => m.memory)).toEqual(['Dana has a lasting interest in hiking']);
    // No search ran, and nothing was embedded while the transaction was open: what it would embed
    // there goes in the query lane (not behind ingest's bulk work), and none went.
    const after = await scrape(server);
    const moved = (lane: string) =>
      sampleSum(after, 'engram_embedding_duration_seconds_count', { lane }) - sampleSum(before, 'engram_embedding_duration_seconds_count', { lane });
    expect(moved('query')).toBe(0);
    expect(moved('document')).toBeGreaterThanOrEqual(2);
  });
});
