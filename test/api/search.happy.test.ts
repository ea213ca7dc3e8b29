import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/shared/clock.js';
import { KeyResolver } from '../../src/core/access/keys.js';
import { HYBRID_KIND_SHARE, NOTHING_INCLUDED } from '../../src/core/search/search-service.js';
import type { DocumentSearchAnswer, MemoriesCreated, MemoryForgotten, SearchAnswer, SearchResult as Result, WriteAnswer } from '../helpers/api-types.js';
import { seedMemory } from '../helpers/memories.js';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';

const HANDBOOK = `# Employee handbook

## Vacation

Every employee gets 25 days of paid vacation per year. Unused vacation days carry over until March.

## Equipment

Engineers receive a laptop and a second monitor on their first day. Lost equipment must be reported.

## Security

Badges must be worn inside the office. Visitors sign in at the front desk and are escorted.

## Travel

Book flights through the travel portal. Economy class for flights under six hours.

## Expenses

Meals during business trips are reimbursed up to 60 euros per day with receipts.`;

const RECIPES = `# Family recipes

## Pancakes

Mix flour, milk, eggs and a pinch of salt. Fry in butter until golden.

## Tomato soup

Roast tomatoes with garlic, blend with stock, season with basil.`;

describe('search: each parameter has its effect', () => {
  let server: TestServer;
  const ids: Record<string, string> = {};
  let handbookId: string;
  let recipesId: string;
  let sourceDocumentId: string;

  const search = (body: Record<string, unknown>) => server.request<SearchAnswer>('POST', '/v4/search', { body });
  const searchDocuments = (body: Record<string, unknown>) => server.request<DocumentSearchAnswer>('POST', '/v3/search', { body });
  const memoriesOf = (results: Result[]) => results.map((r) => r.memory);

  beforeAll(async () => {
    server = await startTestServer();
    const write = await server.request<MemoriesCreated>('POST', '/v4/memories', {
      body: {
        containerTag: 'user_alice',
        memories: [
          { content: 'Alice works at Stripe as a product manager', metadata: { category: 'work', year: 2023, labels: ['career', 'tech'] } },
          { content: 'Alice adopted a rescue dog named Biscuit', metadata: { category: 'pets', year: 2021, labels: ['animals'] } },
          { content: 'Alice is learning to play the cello', metadata: { category: 'hobby', year: 2024, note: 'Weekly LESSONS' } },
          { content: 'Alice visited Lisbon in May and loved the custard tarts', metadata: { category: 'travel', year: 2022 } },
          { content: 'Alice had a cold last week', forgetAfter: '2001-01-01T00:00:00Z' },
        ],
      },
    });
    expect(write.status).toBe(201);
    sourceDocumentId = write.body.documentId!;
    for (const [key, memory] of [
      ['work', 0],
      ['dog', 1],
      ['cello', 2],
      ['lisbon', 3],
      ['cold', 4],
    ] as const) {
      ids[key] = write.body.memories[memory].id;
    }
    const bob = await server.request<MemoriesCreated>('POST', '/v4/memories', {
      body: { containerTag: 'user_bob', memories: [{ content: 'Bob works at Stripe as an engineer', metadata: { category: 'work' } }] },
    });
    ids.bob = bob.body.memories[0].id;

    const [a, b] = await Promise.all([
      server.request<WriteAnswer>('POST', '/v3/documents', {
        body: {
          content: HANDBOOK,
          containerTag: 'user_alice',
          metadata: { kind: 'handbook', edition: 3 },
          filepath: '/docs/handbook.md',
          taskType: 'superrag',
        },
      }),
      server.request<WriteAnswer>('POST', '/v3/documents', {
        body: { content: RECIPES, containerTag: 'user_alice', metadata: { kind: 'recipes', edition: 1 }, taskType: 'superrag' },
      }),
    ]);
    handbookId = a.body.id;
    recipesId = b.body.id;
    expect((await waitForDocument(server, handbookId)).status).toBe('done');
    expect((await waitForDocument(server, recipesId)).status).toBe('done');
  });
  afterAll(async () => server?.close());

  describe('POST /v4/search', () => {
    it('searches memories by default: memory hits only, best first, similarity in 0..1', async () => {
      const res = await search({ q: 'Where does Alice work?', containerTag: 'user_alice', threshold: 0 });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.results.length);
      expect(typeof res.body.timing).toBe('number');
      const results: Result[] = res.body.results;
      expect(results[0]).toMatchObject({ id: ids.work, memory: 'Alice works at Stripe as a product manager', version: 1, rootMemoryId: null });
      expect(results[0].metadata).toEqual({ category: 'work', year: 2023, labels: ['career', 'tech'] });
      for (const r of results) {
        expect(r.chunk).toBeUndefined();
        expect(r.similarity).toBeGreaterThanOrEqual(0);
        expect(r.similarity).toBeLessThanOrEqual(1);
        expect(new Date(r.updatedAt as string).toISOString()).toBe(r.updatedAt);
      }
      const similarities = results.map((r) => r.similarity);
      expect(similarities).toEqual([...similarities].sort((x, y) => y - x));
    });

    it('documents mode returns chunk hits carrying their document metadata', async () => {
      const res = await search({ q: 'how many vacation days do employees get', containerTag: 'user_alice', searchMode: 'documents', threshold: 0 });
      expect(res.status).toBe(200);
      const results: Result[] = res.body.results;
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) {
        expect(r.memory).toBeUndefined();
        expect(typeof r.chunk).toBe('string');
      }
      expect(results[0].chunk).toContain('25 days of paid vacation');
      expect(results[0]).toMatchObject({ documentId: handbookId, metadata: { kind: 'handbook', edition: 3 }, filepath: '/docs/handbook.md' });
    });

    it('hybrid mode mixes memories and chunks on one similarity scale, each with exactly one of memory/chunk', async () => {
      const res = await search({ q: 'laptop and monitor for engineers', containerTag: 'user_alice', searchMode: 'hybrid', threshold: 0, limit: 20 });
      const results: Result[] = res.body.results;
      expect(results.some((r) => r.memory !== undefined)).toBe(true);
      expect(results.some((r) => r.chunk !== undefined)).toBe(true);
      for (const r of results) expect((r.memory === undefined) !== (r.chunk === undefined)).toBe(true);
      expect(results[0].chunk).toContain('laptop');
    });

    it('hybrid mode keeps each kind its share of the results, so memories do not crowd out the chunks', async () => {
      const memoriesOnly: Result[] = (await search({ q: 'Alice', containerTag: 'user_alice', threshold: 0, limit: 100 })).body.results;
      // As many results as there are memories about Alice: by similarity alone, all would be memories.
      const limit = memoriesOnly.length;
      expect(Math.floor(limit * HYBRID_KIND_SHARE)).toBeGreaterThanOrEqual(1);
      const results: Result[] = (await search({ q: 'Alice', containerTag: 'user_alice', searchMode: 'hybrid', threshold: 0, limit })).body.results;
      const chunks = results.filter((r) => r.chunk !== undefined);
      // Every chunk scores below the memories that name Alice; by similarity alone none would be listed.
      expect(Math.max(...chunks.map((r) => r.similarity))).toBeLessThan(memoriesOnly[limit - 1].similarity);
      expect(chunks).toHaveLength(Math.floor(limit * HYBRID_KIND_SHARE));
      expect(results).toHaveLength(limit);
      expect(results.map((r) => r.similarity)).toEqual([...results.map((r) => r.similarity)].sort((a, b) => b - a));
    });

    it('threshold drops results below it', async () => {
      const all: Result[] = (await search({ q: 'Alice dog', containerTag: 'user_alice', threshold: 0 })).body.results;
      expect(all.length).toBeGreaterThan(2);
      const cut = (all[0].similarity + all[1].similarity) / 2;
      const kept: Result[] = (await search({ q: 'Alice dog', containerTag: 'user_alice', threshold: cut })).body.results;
      expect(kept.map((r) => r.id)).toEqual([all[0].id]);
      expect((await search({ q: 'Alice dog', containerTag: 'user_alice', threshold: 1 })).body.results.filter((r: Result) => r.similarity < 1)).toEqual([]);
    });

    it('applies a default threshold that keeps strong matches first and drops what is unrelated even by name', async () => {
      const results: Result[] = (await search({ q: 'Alice adopted a rescue dog', containerTag: 'user_alice' })).body.results;
      expect(results[0].id).toBe(ids.dog);
      // The default (0.4) keeps what may still answer; memories sharing only Alice's name score under 0.5.
      for (const r of results) expect(r.similarity).toBeGreaterThanOrEqual(0.4);
      expect(memoriesOf((await search({ q: 'Alice adopted a rescue dog', containerTag: 'user_alice', threshold: 0.5 })).body.results)).toEqual([
        'Alice adopted a rescue dog named Biscuit',
      ]);
      expect(memoriesOf((await search({ q: 'Lisbon custard tarts', containerTag: 'user_alice' })).body.results)).not.toContain(
        'Alice is learning to play the cello',
      );
    });

    it('limit caps the number of results', async () => {
      expect((await search({ q: 'Alice', containerTag: 'user_alice', threshold: 0, limit: 2 })).body.results).toHaveLength(2);
      expect((await search({ q: 'Alice', containerTag: 'user_alice', threshold: 0, limit: 1, searchMode: 'hybrid' })).body.results).toHaveLength(1);
    });

    it('filters narrow the memories searched, with AND/OR, numeric, array and substring conditions', async () => {
      const q = { q: 'Alice', containerTag: 'user_alice', threshold: 0 };
      const run = async (filters: unknown) => memoriesOf((await search({ ...q, filters })).body.results).sort();
      expect(await run({ AND: [{ key: 'category', value: 'work' }] })).toEqual(['Alice works at Stripe as a product manager']);
      expect(
        await run({
          OR: [
            { key: 'category', value: 'work' },
            { key: 'category', value: 'pets' },
          ],
        }),
      ).toEqual(['Alice adopted a rescue dog named Biscuit', 'Alice works at Stripe as a product manager']);
      expect(await run({ AND: [{ key: 'year', value: '2022', filterType: 'numeric', numericOperator: '>' }] })).toEqual([
        'Alice is learning to play the cello',
        'Alice works at Stripe as a product manager',
      ]);
      expect(await run({ AND: [{ key: 'labels', value: 'animals', filterType: 'array_contains' }] })).toEqual(['Alice adopted a rescue dog named Biscuit']);
      expect(await run({ AND: [{ key: 'note', value: 'lessons', filterType: 'string_contains', ignoreCase: true }] })).toEqual([
        'Alice is learning to play the cello',
      ]);
      expect(
        await run({
          AND: [
            { key: 'category', value: 'work', negate: true },
            { key: 'year', value: '2021', filterType: 'numeric', numericOperator: '>=' },
          ],
        }),
      ).toEqual(['Alice adopted a rescue dog named Biscuit', 'Alice is learning to play the cello', 'Alice visited Lisbon in May and loved the custard tarts']);
      expect(await run(JSON.stringify({ AND: [{ key: 'category', value: 'travel' }] }))).toEqual(['Alice visited Lisbon in May and loved the custard tarts']);
    });

    it('filters on chunks apply to their document metadata', async () => {
      const res = await search({
        q: 'flour eggs vacation laptop',
        containerTag: 'user_alice',
        searchMode: 'documents',
        threshold: 0,
        filters: { AND: [{ key: 'kind', value: 'recipes' }] },
      });
      expect(res.body.results.length).toBeGreaterThan(0);
      for (const r of res.body.results) expect(r.documentId).toBe(recipesId);
    });

    it('filepath narrows chunk hits to documents at that path or under that prefix', async () => {
      for (const filepath of ['/docs/handbook.md', '/docs/']) {
        const res = await search({ q: 'pancakes vacation', searchMode: 'documents', threshold: 0, filepath });
        expect(res.body.results.length).toBeGreaterThan(0);
        for (const r of res.body.results) expect(r.documentId).toBe(handbookId);
      }
    });

    it('containerTag isolates, containerTags unions, no tag searches the whole organization', async () => {
      const alice = (await search({ q: 'works at Stripe', containerTag: 'user_alice', threshold: 0 })).body.results.map((r: Result) => r.id);
      expect(alice).toContain(ids.work);
      expect(alice).not.toContain(ids.bob);
      const bob = (await search({ q: 'works at Stripe', containerTag: 'user_bob', threshold: 0 })).body.results.map((r: Result) => r.id);
      expect(bob).toEqual([ids.bob]);
      const both = (await search({ q: 'works at Stripe', containerTags: ['user_alice', 'user_bob'], threshold: 0, limit: 2 })).body.results.map(
        (r: Result) => r.id,
      );
      expect(both.sort()).toEqual([ids.work, ids.bob].sort());
      const everywhere = (await search({ q: 'works at Stripe', threshold: 0, limit: 2 })).body.results.map((r: Result) => r.id);
      expect(everywhere.sort()).toEqual([ids.work, ids.bob].sort());
    });

    it('include.documents and include.summaries add the source documents', async () => {
      const plain = (await search({ q: 'cello', containerTag: 'user_alice' })).body.results[0];
      expect(plain.documents).toBeUndefined();
      const withDocs = (await search({ q: 'cello', containerTag: 'user_alice', include: { documents: true } })).body.results[0];
      expect(withDocs.documents).toEqual([
        {
          id: sourceDocumentId,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          title: 'Alice works at Stripe as a product manager',
          type: 'text',
          metadata: {},
        },
      ]);
      const summaries = (await search({ q: 'cello', containerTag: 'user_alice', include: { summaries: true } })).body.results[0];
      expect(summaries.documents).toEqual([{ id: sourceDocumentId, createdAt: expect.any(String), updatedAt: expect.any(String), summary: null }]);
      const chunk = (await search({ q: 'tomato soup basil', searchMode: 'documents', include: { documents: true } })).body.results[0];
      expect(chunk.documents).toEqual([expect.objectContaining({ id: recipesId, title: 'Family recipes', metadata: { kind: 'recipes', edition: 1 } })]);
    });

    it('hides forgotten and expired memories unless include.forgottenMemories', async () => {
      const forget = await server.request<MemoryForgotten>('DELETE', '/v4/memories', { body: { containerTag: 'user_alice', id: ids.lisbon } });
      expect(forget.status).toBe(200);
      const visible = (await search({ q: 'Alice Lisbon custard tarts cold', containerTag: 'user_alice', threshold: 0 })).body.results.map((r: Result) => r.id);
      expect(visible).not.toContain(ids.lisbon);
      expect(visible).not.toContain(ids.cold);
      const all = (
        await search({ q: 'Alice Lisbon custard tarts cold', containerTag: 'user_alice', threshold: 0, include: { forgottenMemories: true } })
      ).body.results.map((r: Result) => r.id);
      expect(all).toContain(ids.lisbon);
      expect(all).toContain(ids.cold);
    });

    it('include.relatedMemories adds the version chain and related memories as context', async () => {
      const [vector] = await server.app.ai.embedder.embed(['Alice lives in Porto']);
      const embedding = Array.from(vector);
      const v1 = await seedMemory(server, { memory: 'Alice lives in Lisbon', containerTag: 'user_chain', isLatest: false, embedding });
      const v2 = await seedMemory(server, {
        memory: 'Alice lives in Porto',
        containerTag: 'user_chain',
        version: 2,
        parentMemoryId: v1.id,
        rootMemoryId: v1.id,
        embedding,
      });
      const extended = await seedMemory(server, {
        memory: 'Alice moved to Porto for a new job',
        containerTag: 'user_chain',
        relations: { [v2.id]: 'extends' },
        embedding,
      });
      const res = await search({ q: 'Where does Alice live?', containerTag: 'user_chain', threshold: 0, include: { relatedMemories: true } });
      const ids = res.body.results.map((r: Result) => r.id);
      expect(ids).not.toContain(v1.id);
      const latest = res.body.results.find((r: Result) => r.id === v2.id);
      expect(latest).toMatchObject({ version: 2, rootMemoryId: v1.id });
      expect(latest!.context).toEqual({
        parents: [{ memory: 'Alice lives in Lisbon', relation: 'updates', version: -1, updatedAt: expect.any(String), metadata: null }],
        children: [],
        related: [],
      });
      const other = res.body.results.find((r: Result) => r.id === extended.id);
      expect(other!.context!.related).toEqual([{ memory: 'Alice lives in Porto', relation: 'extends', updatedAt: expect.any(String), metadata: null }]);
    });

    it('ranks an inferred memory below a stated one that says the same', async () => {
      const [vector] = await server.app.ai.embedder.embed(['Dana enjoys rock climbing']);
      const stated = await seedMemory(server, { memory: 'Dana enjoys rock climbing', containerTag: 'user_dana', embedding: Array.from(vector) });
      const inferred = await seedMemory(server, {
        memory: 'Dana enjoys rock climbing',
        containerTag: 'user_dana',
        isInference: true,
        embedding: Array.from(vector),
      });
      const results: Result[] = (await search({ q: 'rock climbing', containerTag: 'user_dana', threshold: 0 })).body.results;
      expect(results.map((r) => r.id)).toEqual([stated.id, inferred.id]);
      expect(results[1].similarity).toBeLessThan(results[0].similarity);
    });

    it('lifts a memory whose source matches well above the same words written alone', async () => {
      const write = (memories: string[]) =>
        server.request<MemoriesCreated>('POST', '/v4/memories', { body: { containerTag: 'user_erin', memories: memories.map((content) => ({ content })) } });
      const trip = await write([
        'Erin flew to Kyoto for the cherry blossom season',
        'Erin says the Kyoto cherry blossoms were at their peak in April',
        'Erin stayed in a small family guesthouse',
      ]);
      // Written with metadata of its own, the same words stay a memory of their own (without, they would be the trip's memory again).
      const alone = await server.request<MemoriesCreated>('POST', '/v4/memories', {
        body: { containerTag: 'user_erin', memories: [{ content: 'Erin stayed in a small family guesthouse', metadata: { source: 'note' } }] },
      });
      expect([trip.status, alone.status]).toEqual([201, 201]);

      const results: Result[] = (await search({ q: 'Kyoto cherry blossom trip guesthouse', containerTag: 'user_erin', threshold: 0 })).body.results;
      const inTrip = results.find((r) => r.id === trip.body.memories[2].id)!;
      const lone = results.find((r) => r.id === alone.body.memories[0].id)!;
      expect(inTrip.similarity).toBeGreaterThan(lone.similarity);
      expect(results.indexOf(inTrip)).toBeLessThan(results.indexOf(lone));
      // The lift is at most half of the memory's own score.
      expect(inTrip.similarity).toBeLessThanOrEqual(lone.similarity * 1.5 + 1e-9);
    });

    it('runs with one retriever switched off, as the recall benchmark measures it', async () => {
      const principal = (await new KeyResolver(server.app.database.db, systemClock).resolve(server.adminKey))!;
      const input = {
        q: 'rescue dog Biscuit',
        containerTag: 'user_alice',
        threshold: 0,
        limit: 10,
        searchMode: 'memories' as const,
        rerank: false,
        rewriteQuery: false,
        include: NOTHING_INCLUDED,
      };
      for (const retrievers of ['lexical', 'vector'] as const) {
        const { hits } = await server.app.search.search(principal, input, { retrievers });
        expect(hits[0]).toMatchObject({ kind: 'memory', memory: { id: ids.dog } });
        for (const hit of hits) expect(hit.similarity).toBeGreaterThanOrEqual(0);
      }
      const lexicalOnly = await server.app.search.search(principal, input, { retrievers: 'lexical' });
      expect(lexicalOnly.hits.map((h) => (h.kind === 'memory' ? h.memory.id : null))).toEqual([ids.dog]);
    });

    it('rewriteQuery finds memories that use other words for the query', async () => {
      // Not a question for an attribute: one would find the dog memory by what it states, rewritten or not.
      const q = { q: 'Alice and her puppy', containerTag: 'user_alice', threshold: 0 };
      const plain: Result[] = (await search(q)).body.results;
      const rewritten: Result[] = (await search({ ...q, rewriteQuery: true })).body.results;
      const dogPlain = plain.find((r) => r.id === ids.dog)!;
      const dogRewritten = rewritten.find((r) => r.id === ids.dog)!;
      expect(rewritten[0].id).toBe(ids.dog);
      expect(dogRewritten.similarity).toBeGreaterThan(dogPlain.similarity);
    });

    it('rerank re-scores the results and keeps them in 0..1, best first', async () => {
      const res = await search({ q: 'Alice cello lessons', containerTag: 'user_alice', threshold: 0, rerank: true });
      expect(res.status).toBe(200);
      const results: Result[] = res.body.results;
      expect(results[0].id).toBe(ids.cello);
      const plain: Result[] = (await search({ q: 'Alice cello lessons', containerTag: 'user_alice', threshold: 0 })).body.results;
      expect(results.map((r) => r.similarity)).not.toEqual(plain.map((r) => r.similarity));
      for (const r of results) expect(r.similarity).toBeLessThanOrEqual(1);
    });
  });

  describe('POST /v3/search', () => {
    it('groups matching chunks by document with scores, positions, timing and total', async () => {
      const res = await searchDocuments({ q: 'vacation days per year', containerTag: 'user_alice' });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.results.length);
      expect(typeof res.body.timing).toBe('number');
      const [first] = res.body.results;
      expect(first).toMatchObject({ documentId: handbookId, title: 'Employee handbook', type: 'text', metadata: { kind: 'handbook', edition: 3 } });
      expect(first.chunks[0]).toMatchObject({ isRelevant: true, position: expect.any(Number) });
      expect(first.chunks[0].content).toContain('25 days of paid vacation');
      expect(first.score).toBe(Math.max(...first.chunks.map((c) => c.score)));
      for (const c of first.chunks) expect(c.score).toBeGreaterThanOrEqual(0), expect(c.score).toBeLessThanOrEqual(1);
      expect(first.summary).toBeUndefined();
      expect(first.content).toBeUndefined();
    });

    it('limit counts documents', async () => {
      const res = await searchDocuments({ q: 'pancakes vacation laptop', containerTag: 'user_alice', limit: 1 });
      expect(res.body.results).toHaveLength(1);
      expect((await searchDocuments({ q: 'pancakes vacation laptop', containerTag: 'user_alice', limit: 5 })).body.results).toHaveLength(2);
    });

    it('docId narrows the search to one document', async () => {
      const res = await searchDocuments({ q: 'vacation pancakes', docId: recipesId });
      expect(res.body.results.map((r) => r.documentId)).toEqual([recipesId]);
    });

    it('chunkThreshold drops weak chunks', async () => {
      const all = (await searchDocuments({ q: 'badges visitors front desk', docId: handbookId })).body.results[0].chunks;
      expect(all.length).toBeGreaterThan(1);
      const scores = all.map((c) => c.score).sort((a, b) => b - a);
      const strict = (await searchDocuments({ q: 'badges visitors front desk', docId: handbookId, chunkThreshold: (scores[0] + scores[1]) / 2 })).body
        .results[0].chunks;
      expect(strict).toHaveLength(1);
      expect(strict[0].content).toContain('Badges');
      expect((await searchDocuments({ q: 'badges visitors front desk', docId: handbookId, chunkThreshold: 1 })).body.results).toEqual([]);
    });

    it('onlyMatchingChunks: false adds the neighbouring chunks, flagged isRelevant: false, in reading order', async () => {
      const matching = (await searchDocuments({ q: 'badges visitors front desk', docId: handbookId, chunkThreshold: 0.5 })).body.results[0].chunks;
      expect(matching.every((c) => c.isRelevant)).toBe(true);
      const withContext = (await searchDocuments({ q: 'badges visitors front desk', docId: handbookId, chunkThreshold: 0.5, onlyMatchingChunks: false })).body
        .results[0].chunks;
      expect(withContext.length).toBeGreaterThan(matching.length);
      const added = withContext.filter((c) => !c.isRelevant);
      expect(added.length).toBeGreaterThan(0);
      const relevantPositions = matching.map((c) => c.position);
      for (const c of added) expect(relevantPositions.some((p: number) => Math.abs(p - c.position) === 1)).toBe(true);
      const positions = withContext.map((c) => c.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });

    it('includeFullDocs and includeSummary add the document text and summary', async () => {
      const [doc] = (await searchDocuments({ q: 'tomato soup', docId: recipesId, includeFullDocs: true, includeSummary: true })).body.results;
      expect(doc.content).toContain('Roast tomatoes with garlic');
      expect(doc.content).toContain('Pancakes');
      expect(doc).toHaveProperty('summary', null);
    });

    it('filters exclude documents by metadata', async () => {
      const res = await searchDocuments({ q: 'pancakes vacation laptop', filters: { AND: [{ key: 'kind', value: 'handbook', negate: true }] } });
      expect(res.body.results.map((r) => r.documentId)).toEqual([recipesId]);
    });

    it('accepts the deprecated fields and still searches', async () => {
      const res = await searchDocuments({ q: 'pancakes', containerTags: ['user_alice'], documentThreshold: 0.9, categoriesFilter: ['x'] });
      expect(res.status).toBe(200);
      expect(res.body.results[0].documentId).toBe(recipesId);
    });
  });
});
