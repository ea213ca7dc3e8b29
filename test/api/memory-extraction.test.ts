import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';
import type { MemoryEntry as Entry } from '../helpers/memories.js';

describe('memories extracted from documents and conversations', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  async function memoriesOf(tag: string): Promise<Entry[]> {
    const res = await server.request('POST', '/v4/memories/list', { body: { containerTags: [tag], limit: 200, order: 'asc' } });
    expect(res.status).toBe(200);
    return res.body.memoryEntries;
  }

  const alex = (content: string) => ({ role: 'user', name: 'Alex', content });
  const firstTurns = [
    alex('I work at Stripe as an engineer. I love hiking in the Alps.'),
    { role: 'assistant', name: 'Jordan', content: 'Nice! How long have you been there?' },
    alex('I have an exam tomorrow though. My sister Dana lives in Boston.'),
  ];

  it('extracts atomic memories with the speaker named, links them to the document, and builds the profile', async () => {
    const res = await server.request('POST', '/v4/conversations', {
      body: {
        conversationId: 'alex-1',
        containerTag: 'alex',
        documentDate: '2020-01-01',
        messages: firstTurns,
      },
    });
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('done');
    const step = doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'memories');
    expect(step!.detail!.created).toBeGreaterThanOrEqual(3);

    const entries = await memoriesOf('alex');
    const texts = entries.map((e) => e.memory);
    expect(texts).toContain('Alex works at Stripe as an engineer');
    expect(texts).toContain("Alex's sister Dana lives in Boston");
    expect(texts.some((t) => /I |my /i.test(t))).toBe(false);
    for (const entry of entries) expect(entry.documentIds).toEqual([doc.id]);
    expect(doc.memories!.map((m: { id: string }) => m.id).sort()).toEqual(entries.map((e) => e.id).sort());

    const exam = entries.find((e) => e.memory.includes('exam'))!;
    expect(exam.forgetAfter).toBe('2020-01-02T23:59:59.999Z');
    expect(exam.isStatic).toBe(false);

    const profile = await server.request('POST', '/v4/profile', { body: { containerTag: 'alex' } });
    expect(profile.body.profile.static).toContain('Alex works at Stripe as an engineer');
    expect(profile.body.profile.static.join(' ')).not.toContain('exam');
    expect(profile.body.profile.dynamic.join(' ')).not.toContain('exam');
    expect(profile.body.profile.buckets.preferences).toContain('Alex loves hiking in the Alps');
  });

  it('processes only the new turns when the transcript grows, and versions a contradicted fact', async () => {
    const before = await memoriesOf('alex');
    const res = await server.request('POST', '/v4/conversations', {
      body: {
        conversationId: 'alex-1',
        containerTag: 'alex',
        documentDate: '2020-01-01',
        messages: [...firstTurns, alex('Big news: I now work at Plaid.')],
      },
    });
    const doc = await waitForDocument(server, res.body.id);
    const step = doc.processingMetadata.steps.find((s: { name: string }) => s.name === 'memories');
    expect(step!.detail).toMatchObject({ extracted: 1, updates: 1, duplicates: 0 });

    const after = await memoriesOf('alex');
    expect(after.length).toBe(before.length);
    const plaid = after.find((e) => e.memory.includes('Plaid'))!;
    const stripe = before.find((e) => e.memory.includes('Stripe'))!;
    expect(plaid).toMatchObject({ version: 2, parentMemoryId: stripe.id, rootMemoryId: stripe.id, isLatest: true });
    expect(plaid.memoryRelations).toEqual({ [stripe.id]: 'updates' });
    expect(plaid.history).toEqual([expect.objectContaining({ id: stripe.id, version: 1 })]);
    expect(after.some((e) => e.id === stripe.id)).toBe(false);

    const profile = await server.request('POST', '/v4/profile', { body: { containerTag: 'alex' } });
    expect(profile.body.profile.static.join(' ')).not.toContain('Stripe');

    const search = await server.request('POST', '/v4/search', {
      body: { q: 'Where does Alex work?', containerTag: 'alex', threshold: 0, include: { relatedMemories: true } },
    });
    const hit = search.body.results.find((r: { id: string }) => r.id === plaid.id);
    expect(hit).toMatchObject({ version: 2, rootMemoryId: stripe.id });
    expect(hit.context.parents).toEqual([expect.objectContaining({ memory: stripe.memory, relation: 'updates' })]);
    expect(search.body.results.some((r: { id: string }) => r.id === stripe.id)).toBe(false);
  });

  it('raises sourceCount for a fact another document repeats instead of duplicating it', async () => {
    const before = await memoriesOf('alex');
    const res = await server.request('POST', '/v4/conversations', {
      body: { conversationId: 'alex-2', containerTag: 'alex', messages: [alex('My sister Dana lives in Boston.')] },
    });
    await waitForDocument(server, res.body.id);
    const after = await memoriesOf('alex');
    expect(after.length).toBe(before.length);
    const dana = after.find((e) => e.memory === "Alex's sister Dana lives in Boston")!;
    expect(dana.sourceCount).toBe(2);
    expect(dana.documentIds).toHaveLength(2);
  });

  it('infers a lasting interest from repeated mentions, stored as a reviewable inference', async () => {
    const res = await server.request('POST', '/v4/conversations', {
      body: {
        conversationId: 'mel-1',
        containerTag: 'mel',
        messages: [
          { role: 'user', name: 'Melanie', content: 'I painted a lake sunrise last year.' },
          { role: 'user', name: 'Melanie', content: 'I signed up for a painting class this week.' },
        ],
      },
    });
    await waitForDocument(server, res.body.id);
    const entries = await memoriesOf('mel');
    const inference = entries.find((e) => e.isInference);
    expect(inference?.memory).toBe('Melanie has a lasting interest in painting');
    expect(Object.values(inference!.memoryRelations ?? {})).toEqual(['derives', 'derives']);
    const review = await server.request('GET', '/v3/container-tags/mel/inferred');
    expect(review.body.memories.map((m: { id: string }) => m.id)).toEqual([inference!.id]);
  });

  it('skips extraction for taskType superrag', async () => {
    const res = await server.request('POST', '/v3/documents', {
      body: { content: 'Dana works at NASA. Dana loves chess.', containerTag: 'rag_only', taskType: 'superrag' },
    });
    const doc = await waitForDocument(server, res.body.id);
    expect(doc.status).toBe('done');
    expect(await memoriesOf('rag_only')).toEqual([]);
  });
});
