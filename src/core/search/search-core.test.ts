import { describe, expect, it } from 'vitest';
import { blendSourceContext, blendTurnContext, calibrate, fuse, LEXICAL_WEIGHT, SOURCE_WEIGHT, TURN_CAP, TURN_WEIGHT, VECTOR_WEIGHT } from './fusion.js';
import { HYBRID_KIND_SHARE, mergeKinds } from './search-service.js';
import { lexicalTerms, queryWords } from './lexical-terms.js';
import { memoryContext, relatedIds } from './memory-context.js';
import { ScopeSizes } from './scope-sizes.js';
import { rerankCandidates, rerankDepth } from './rerank-stage.js';
import { PhaseTimer, retrieverRanks } from './explain.js';
import { chunksBelowAnswer, chunksBelowLaterVersions } from './asked-attribute.js';

describe('queryWords / lexicalTerms', () => {
  it('keeps letters and digits, lower-cased, once each', () => {
    expect(queryWords("What's Alice's 2nd job? Alice's!")).toEqual(['what', 's', 'alice', '2nd', 'job']);
    expect(queryWords('Ça coûte 5€ — déjà vu')).toEqual(['ça', 'coûte', '5', 'déjà', 'vu']);
  });

  it('puts synonyms in the group of the word they stand for and new keywords in groups of their own', () => {
    const terms = lexicalTerms('car bought', {
      variants: [],
      terms: [
        { word: 'vehicle', stands: 'car', weight: 0.6 },
        { word: 'purchase', stands: 'bought', weight: 0.6 },
        { word: 'garage', weight: 0.5 },
        { word: 'car', stands: 'car', weight: 0.6 },
      ],
    });
    expect(terms).toEqual([
      { word: 'car', group: 0, weight: 1 },
      { word: 'bought', group: 1, weight: 1 },
      { word: 'buy', group: 1, weight: 0.9 },
      { word: 'vehicle', group: 0, weight: 0.6 },
      { word: 'purchase', group: 1, weight: 0.6 },
      { word: 'garage', group: 2, weight: 0.5 },
    ]);
  });
});

describe('lexicalTerms: irregular forms', () => {
  it('adds the irregular forms of a query word to its group, without a rewrite, and none of stop words', () => {
    const terms = lexicalTerms('When did Alice fly to Lisbon');
    expect(terms.filter((t) => t.group === 3)).toEqual([
      { word: 'fly', group: 3, weight: 1 },
      { word: 'flew', group: 3, weight: 0.9 },
      { word: 'flown', group: 3, weight: 0.9 },
    ]);
    expect(terms.map((t) => t.word)).not.toContain('done');
  });
});

describe('fuse', () => {
  it('weights lexical and vector scores in hybrid, uses one of them in the single modes, stays in 0..1', () => {
    expect(fuse({ cosine: 0.5, lexical: 1 }, 'hybrid')).toBeCloseTo(LEXICAL_WEIGHT + VECTOR_WEIGHT * 0.5);
    expect(fuse({ cosine: 0.5, lexical: 1 }, 'lexical')).toBe(1);
    expect(fuse({ cosine: 0.5, lexical: 1 }, 'vector')).toBe(0.5);
    expect(fuse({ cosine: -0.3, lexical: 0 }, 'hybrid')).toBe(0);
    expect(fuse({ cosine: null, lexical: 2 }, 'hybrid')).toBeLessThanOrEqual(1);
  });
});

describe('calibrate', () => {
  it('puts a fused 0.25 at the default threshold, keeps order, 0 and 1, and leaves the single modes alone', () => {
    expect(calibrate(0.25, 'hybrid')).toBeCloseTo(0.5);
    expect(calibrate(0, 'hybrid')).toBe(0);
    expect(calibrate(1, 'hybrid')).toBe(1);
    const fused = [0.05, 0.1, 0.2, 0.3, 0.6, 0.9];
    const calibrated = fused.map((x) => calibrate(x, 'hybrid'));
    expect([...calibrated].sort((a, b) => a - b)).toEqual(calibrated);
    expect(calibrate(0.3, 'lexical')).toBe(0.3);
  });
});

describe('ScopeSizes', () => {
  /** Sizes whose background counts wait in `tasks` until the test runs them. */
  const deferred = () => {
    let now = 0;
    const tasks: (() => void)[] = [];
    const sizes = new ScopeSizes(
      1000,
      () => now,
      10_000,
      (task) => tasks.push(task),
    );
    const runTasks = async () => {
      for (const task of tasks.splice(0)) task();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { sizes, tasks, runTasks, at: (ms: number) => (now = ms) };
  };

  it('waits for the count on a scope’s first search and after an invalidation, then answers from memory', async () => {
    const { sizes, tasks } = deferred();
    let measured = 0;
    const measure = async () => ({ size: ++measured, large: false });
    expect((await sizes.get('memories:o1:*', measure)).size).toBe(1);
    expect((await sizes.get('memories:o1:*', measure)).size).toBe(1);
    sizes.invalidate('memories:o1:');
    expect((await sizes.get('memories:o1:*', measure)).size).toBe(2);
    expect(tasks).toHaveLength(0);
  });

  it('answers a stale entry at once and counts it again in the background, once', async () => {
    const { sizes, tasks, runTasks, at } = deferred();
    let measured = 0;
    const measure = async () => ({ size: ++measured, large: false });
    await sizes.get('memories:o1:t', measure);
    at(1500);
    expect((await sizes.get('memories:o1:t', measure)).size).toBe(1);
    expect((await sizes.get('memories:o1:t', measure)).size).toBe(1);
    expect(measured).toBe(1);
    expect(tasks).toHaveLength(1);
    await runTasks();
    expect(measured).toBe(2);
    expect((await sizes.get('memories:o1:t', measure)).size).toBe(2);
    // Fresh again until a whole TTL has passed since the background count.
    at(2400);
    await sizes.get('memories:o1:t', measure);
    expect(tasks).toHaveLength(0);
  });

  it('keeps the old size when a background count fails, and tries again on the next search', async () => {
    const { sizes, tasks, runTasks, at } = deferred();
    let fail = false;
    let measured = 0;
    const measure = async () => {
      measured++;
      if (fail) throw new Error('database gone');
      return { size: measured, large: false };
    };
    await sizes.get('chunks:o1:*', measure);
    at(1500);
    fail = true;
    await sizes.get('chunks:o1:*', measure);
    await runTasks();
    expect((await sizes.get('chunks:o1:*', measure)).size).toBe(1);
    fail = false;
    await runTasks();
    expect((await sizes.get('chunks:o1:*', measure)).size).toBe(3);
  });

  it('drops a background count that an invalidation overtook', async () => {
    const { sizes, runTasks, at } = deferred();
    let measured = 0;
    const measure = async () => ({ size: ++measured * 10, large: false });
    await sizes.get('memories:o1:t', measure);
    at(1500);
    await sizes.get('memories:o1:t', measure);
    sizes.invalidate('memories:o1:');
    await runTasks();
    // The background count (20) is not kept: the next search counts afresh.
    expect((await sizes.get('memories:o1:t', measure)).size).toBe(30);
  });
});

describe('memoryContext', () => {
  const row = (id: string, version: number, extra: Record<string, unknown> = {}) =>
    ({ id, memory: `m${id}`, version, rootMemoryId: version > 1 ? 'a' : null, updatedAt: new Date(0), metadata: null, relations: {}, ...extra }) as never;

  it('lists earlier versions as parents (−1, −2 …), later ones as children, and extends/derives relations', () => {
    const hit = row('b', 2, { relations: { x: 'extends', y: 'updates' } });
    const chain = [row('a', 1), hit, row('c', 3)];
    const context = memoryContext(hit, chain, new Map([['x', row('x', 1)]]));
    expect(context.parents.map((p) => [p.memory, p.version])).toEqual([['ma', -1]]);
    expect(context.children.map((c) => [c.memory, c.version])).toEqual([['mc', 1]]);
    expect(context.related).toEqual([{ id: 'x', memory: 'mx', relation: 'extends', updatedAt: new Date(0), metadata: null }]);
    expect(relatedIds([hit])).toEqual(['x']);
  });
});

describe('blendSourceContext', () => {
  const hit = (id: string, similarity: number, sourceId: string | null) => ({ id, similarity, sourceId });
  /** Each candidate's similarity after the blend, by id. */
  const blended = (...hits: ReturnType<typeof hit>[]) => Object.fromEntries(blendSourceContext(hits).map((h) => [h.id, h.similarity]));

  it('leaves a lone hit of its source, and hits without a source, as they were', () => {
    expect(blended(hit('lone', 0.7, 'doc-a'), hit('free', 0.4, null))).toEqual({ lone: 0.7, free: 0.4 });
  });

  it('changes nothing when every candidate comes from one source', () => {
    expect(blended(hit('best', 0.9, 'doc-a'), hit('weak', 0.1, 'doc-a'), hit('free', 0.2, null))).toEqual({ best: 0.9, weak: 0.1, free: 0.2 });
  });

  it('lifts a hit toward the mean of the two best of its source, by at most a share of its own score, never down', () => {
    const out = blended(
      hit('best', 0.9, 'doc-a'),
      hit('second', 0.7, 'doc-a'),
      hit('middle', 0.6, 'doc-a'),
      hit('weak', 0.1, 'doc-a'),
      hit('elsewhere', 0.5, 'doc-b'),
    );
    expect(out.elsewhere).toBe(0.5);
    const source = (0.9 + 0.7) / 2;
    expect(out.best).toBe(0.9);
    expect(out.second).toBeCloseTo(0.7 + SOURCE_WEIGHT * (source - 0.7));
    expect(out.middle).toBeCloseTo(0.6 + SOURCE_WEIGHT * (source - 0.6));
    expect(out.weak).toBeCloseTo(0.1 * (1 + SOURCE_WEIGHT));
  });

  it('ranks a modest hit of a strongly matching source above an equal hit of a weak one', () => {
    const s = blended(
      hit('strong-1', 1, 'doc-strong'),
      hit('strong-2', 0.9, 'doc-strong'),
      hit('modest-in-strong', 0.4, 'doc-strong'),
      hit('modest-in-weak', 0.4, 'doc-weak'),
      hit('weak-2', 0.1, 'doc-weak'),
    );
    expect(s['modest-in-strong']).toBeGreaterThan(s['modest-in-weak']);
    expect(s['modest-in-weak']).toBe(0.4);
    expect(s['strong-1']).toBe(1);
  });
});

describe('blendTurnContext', () => {
  const hit = (id: string, similarity: number, turnId: string | null) => ({ id, similarity, turnId });
  const blended = (...hits: ReturnType<typeof hit>[]) => Object.fromEntries(blendTurnContext(hits).map((h) => [h.id, h.similarity]));

  it('lifts a hit toward the best of its turn, by at most a share of its own score, never down', () => {
    const out = blended(
      hit('best', 0.8, 'doc#3'),
      hit('sibling', 0.7, 'doc#3'),
      hit('faint', 0.1, 'doc#3'),
      hit('other', 0.5, 'doc#4'),
      hit('free', 0.4, null),
    );
    expect(out.best).toBe(0.8);
    expect(out.sibling).toBeCloseTo(0.7 + TURN_WEIGHT * 0.1);
    expect(out.faint).toBeCloseTo(0.1 + TURN_WEIGHT * TURN_CAP * 0.1);
    expect(out.other).toBe(0.5);
    expect(out.free).toBe(0.4);
  });
});

/** What both retrievers scored alike (0.5), as the first stage traced it. */
const trace = { vectorRank: 1, lexicalRank: null, cosine: 0.5, lexical: 0.5, fused: 0.5 };
/** A scored candidate with no text, source or turn: only its id and similarity matter. */
const candidate = (id: string, similarity: number) => ({
  id,
  sourceId: null,
  turnId: null,
  text: null,
  attributes: null,
  writtenAt: null,
  cosine: 0.5,
  lexical: 0.5,
  similarity,
  trace,
});

describe('rerankCandidates', () => {
  it('re-scores the head, orders it by the new scores and keeps the tail after it', async () => {
    const candidates = ['a', 'b', 'c', 'd'].map((id, i) => candidate(id, 0.9 - i * 0.1));
    const reranker = { name: 'reverse', rerank: async (_q: string, cs: { text: string }[]) => cs.map((_, i) => 0.2 + i * 0.3) };
    const out = await rerankCandidates(reranker, 'q', candidates, (id) => id, 3);
    expect(out.map((c) => c.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(out[0].similarity).toBeCloseTo(0.8);
    // The explanation keeps the first-stage similarity the reranker replaced, and only for the head.
    expect(out[0].trace).toMatchObject(trace);
    expect(out[0].trace.firstStage).toBeCloseTo(0.7);
    expect(out[3].trace).toEqual(trace);
    expect(rerankDepth(10)).toBe(30);
  });
});

describe('retrieverRanks', () => {
  it('ranks the lexical retriever by its own list and the vector one by cosine within its share of the pool', () => {
    const pool = [
      { id: 'a', sourceId: null, turnId: null, text: null, attributes: null, writtenAt: null, cosine: 0.9, lexical: 0 },
      { id: 'b', sourceId: null, turnId: null, text: null, attributes: null, writtenAt: null, cosine: 0.2, lexical: 0.8 },
      { id: 'c', sourceId: null, turnId: null, text: null, attributes: null, writtenAt: null, cosine: 0.7, lexical: 0.4 },
    ];
    const ranks = retrieverRanks(pool, [{ id: 'b' }, { id: 'c' }], 2);
    expect(ranks.get('a')).toEqual({ vectorRank: 1, lexicalRank: null });
    expect(ranks.get('b')).toEqual({ vectorRank: null, lexicalRank: 1 });
    expect(ranks.get('c')).toEqual({ vectorRank: 2, lexicalRank: 2 });
  });

  it('gives no vector rank when the query was not embedded', () => {
    const ranks = retrieverRanks(
      [{ id: 'a', sourceId: null, turnId: null, text: null, attributes: null, writtenAt: null, cosine: null, lexical: 1 }],
      [{ id: 'a' }],
      5,
    );
    expect(ranks.get('a')).toEqual({ vectorRank: null, lexicalRank: 1 });
  });
});

describe('PhaseTimer', () => {
  it('adds up the time of each phase and still counts a phase that failed', async () => {
    const timer = new PhaseTimer();
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await timer.measure('retrieval', wait(20));
    await timer.measure('retrieval', () => wait(20));
    await expect(timer.measure('rerank', Promise.reject(new Error('down')))).rejects.toThrow('down');
    const timings = timer.timings();
    expect(timings.retrieval).toBeGreaterThanOrEqual(38);
    expect(timings.rerank).toBeGreaterThanOrEqual(0);
    expect(timings.total).toBeGreaterThanOrEqual(timings.retrieval!);
    expect(timings.embedding).toBeUndefined();
  });
});

describe('mergeKinds (hybrid)', () => {
  const ids = (list: ReturnType<typeof mergeKinds>) => list.map((s) => s.candidate.id);

  it('keeps each kind its share of the results, ordered by similarity', () => {
    const memories = Array.from({ length: 10 }, (_, i) => candidate(`m${i}`, 0.9 - i * 0.01));
    const chunks = Array.from({ length: 10 }, (_, i) => candidate(`c${i}`, 0.7 - i * 0.01));
    const merged = mergeKinds(memories, chunks, 10);
    expect(ids(merged)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'c0', 'c1', 'c2', 'c3']);
    expect(merged.filter((s) => s.kind === 'chunk')).toHaveLength(Math.floor(10 * HYBRID_KIND_SHARE));
  });

  it('fills by similarity when a kind has fewer results than its share, or none', () => {
    const memories = Array.from({ length: 10 }, (_, i) => candidate(`m${i}`, 0.9 - i * 0.01));
    expect(ids(mergeKinds(memories, [candidate('c0', 0.1)], 4))).toEqual(['m0', 'm1', 'm2', 'c0']);
    expect(ids(mergeKinds(memories, [], 3))).toEqual(['m0', 'm1', 'm2']);
    expect(ids(mergeKinds([], [candidate('c0', 0.1)], 3))).toEqual(['c0']);
    // One result leaves no share to keep: the best wins.
    expect(ids(mergeKinds(memories, [candidate('c0', 0.1)], 1))).toEqual(['m0']);
  });
});

describe('chunksBelowAnswer (hybrid)', () => {
  it('caps chunks just under the best memory that fully answers the attribute asked for, keeping their order', () => {
    const memories = [{ similarity: 0.9 }, { similarity: 0.82, answers: 2 }, { similarity: 0.7, answers: 1 }];
    const chunks = [
      { id: 'a', similarity: 0.95 },
      { id: 'b', similarity: 0.85 },
      { id: 'c', similarity: 0.5 },
    ];
    const capped = chunksBelowAnswer(memories, chunks);
    expect(capped.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(capped[0]!.similarity).toBeLessThan(0.82);
    expect(capped[1]!.similarity).toBeLessThan(0.82);
    expect(capped[2]!.similarity).toBe(0.5);
  });

  it('leaves chunks alone when no memory fully answers', () => {
    const chunks = [{ similarity: 0.95 }];
    expect(chunksBelowAnswer([{ similarity: 0.8, answers: 1 }, { similarity: 0.7 }], chunks)).toBe(chunks);
  });
});

describe('chunksBelowLaterVersions (hybrid)', () => {
  it('caps a chunk under the found later version of what its document stated, and leaves the others', () => {
    const memories = [
      { id: 'new', similarity: 0.7 },
      { id: 'other', similarity: 0.9 },
    ];
    const chunks = [
      { id: 'old-chunk', sourceId: 'doc-old', similarity: 0.95 },
      { id: 'unrelated', sourceId: 'doc-x', similarity: 0.8 },
      { id: 'below-already', sourceId: 'doc-old', similarity: 0.5 },
    ];
    const later = [
      { documentId: 'doc-old', memoryId: 'new' },
      { documentId: 'doc-x', memoryId: 'not-found' },
    ];
    const capped = chunksBelowLaterVersions(memories, chunks, later);
    expect(capped[0]!.similarity).toBeLessThan(0.7);
    expect(capped[0]!.similarity).toBeGreaterThan(0.69);
    expect(capped[1]!.similarity).toBe(0.8);
    expect(capped[2]!.similarity).toBe(0.5);
  });
});
