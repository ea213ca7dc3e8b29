import { describe, expect, it } from 'vitest';
import { cosine } from '../../src/ai/embeddings/embedder.js';
import { findLexicalCandidates, scoreCandidates, stemWords, type LexicalCandidates } from '../../src/store/search/candidates.js';
import { memoryTarget } from '../../src/store/search/scope.js';
import { insertMemories } from '../../src/store/memories/writes.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';
import { sql } from 'drizzle-orm';
import { ensureVectorIndexes, quantizedExpression } from '../../src/store/embedding.js';
import { queryRows, scaledIntegers } from '../../src/store/sql.js';

describe('store: search candidates', () => {
  const store = useTwoOrgStore();
  const dimension = 16;
  /** A deterministic vector of its own for each seed. */
  const vectorOf = (seed: number) => Float32Array.from({ length: dimension }, (_, i) => Math.sin(seed * 7.3 + i * 1.7) * (1 + (seed % 3)));
  const texts = [
    'Ana bakes sourdough bread',
    'Bruno repairs an old guitar',
    'Ana paints a red bicycle',
    'Chen plans a trip to Lisbon',
    'Dana bakes a birthday cake',
  ];
  const seeded = async (orgId: string, tag: string) => {
    const rows = texts.map((memory, i) => ({ id: newId('m'), orgId, containerTag: tag, memory, embedding: Array.from(vectorOf(i + 1)) }));
    await insertMemories(store.database.db, rows);
    return rows;
  };
  const target = (orgId: string, tag: string) => memoryTarget({ orgId, containerTags: [tag], includeForgotten: false, now: new Date() });

  it('scores every row by its cosine to the query vectors, best rows first, only in the scope', async () => {
    const rows = await seeded(store.orgA, 'vectors');
    await seeded(store.orgB, 'vectors');
    const queries = [vectorOf(2.5), vectorOf(4.25)];
    const candidates = await scoreCandidates(store.database.db, target(store.orgA, 'vectors'), {
      vectors: { vectors: queries, perRetriever: 3, path: 'exact', dimension },
      lexical: null,
    });
    const expected = rows
      .map((r) => ({ id: r.id, cosine: Math.max(...queries.map((q) => cosine(Float32Array.from(r.embedding), q))) }))
      .sort((a, b) => b.cosine - a.cosine);
    // The best three by either vector: the union of each vector's top three.
    const tops = new Set(
      queries.flatMap((q) =>
        rows
          .map((r) => ({ id: r.id, c: cosine(Float32Array.from(r.embedding), q) }))
          .sort((a, b) => b.c - a.c)
          .slice(0, 3)
          .map((r) => r.id),
      ),
    );
    expect(new Set(candidates.map((c) => c.id))).toEqual(tops);
    for (const c of candidates) expect(c.cosine).toBeCloseTo(expected.find((e) => e.id === c.id)!.cosine, 5);
  });

  it('returns every matching row’s lexical score for a small scope, the same the final scoring gives its candidates', async () => {
    const rows = await seeded(store.orgA, 'words');
    await seeded(store.orgB, 'words');
    const stems = await stemWords(store.database.db, ['ana', 'bakes', 'guitar']);
    const lexemes = ['ana', 'bakes', 'guitar'].flatMap((word, group) => (stems.get(word) ?? []).map((lexeme) => ({ lexeme, grp: group, weight: 1 })));
    const scope = target(store.orgA, 'words');
    const lexical = await findLexicalCandidates(store.database.db, scope, { lexemes, perRetriever: 2, scopeSize: rows.length, fetch: { kind: 'all' } });
    expect(lexical.ranked).toHaveLength(2);
    // Rows 0, 1, 2 and 4 contain a query word; row 3 none, and no row of the other organization is scored.
    expect([...lexical.scores!.keys()].sort()).toEqual([rows[0].id, rows[1].id, rows[2].id, rows[4].id].sort());

    const vectors = { vectors: [vectorOf(3)], perRetriever: rows.length, path: 'exact' as const, dimension };
    const withScores = await scoreCandidates(store.database.db, scope, { vectors, lexical });
    const scoredHere: LexicalCandidates = { ranked: lexical.ranked, rarities: lexical.rarities };
    const withoutScores = await scoreCandidates(store.database.db, scope, { vectors, lexical: scoredHere });
    const byId = (list: { id: string; lexical: number }[]) => Object.fromEntries(list.map((c) => [c.id, c.lexical]));
    expect(withScores).toHaveLength(rows.length);
    expect(Object.keys(byId(withScores)).sort()).toEqual(Object.keys(byId(withoutScores)).sort());
    for (const [id, score] of Object.entries(byId(withoutScores))) expect(byId(withScores)[id]).toBeCloseTo(score, 9);
    expect(byId(withScores)[rows[3].id]).toBe(0);
  });

  it('codes each component in four levels, so that the distance between two codes counts the levels between their components', async () => {
    // Four dimensions: the thresholds are -0.25, 0 and 0.25 (half of 1/√4).
    const level = (x: number) => (x > -0.25 ? 1 : 0) + (x > 0 ? 1 : 0) + (x > 0.25 ? 1 : 0);
    const a = [0.9, 0.1, -0.1, -0.41];
    const b = [-0.5, 0.5, 0.2, -0.68];
    const [row] = await queryRows<{ distance: number; code: string }>(
      store.database.db,
      sql`SELECT ${sql.raw(quantizedExpression(`'[${a}]'::vector`, 4))} <~> ${sql.raw(quantizedExpression(`'[${b}]'::vector`, 4))} AS distance,
        ${sql.raw(quantizedExpression(`'[${a}]'::vector`, 4))}::text AS code`,
    );
    expect(row!.code).toBe('111011001000');
    expect(Number(row!.distance)).toBe(a.reduce((sum, x, i) => sum + Math.abs(level(x) - level(b[i]!)), 0));
  });

  it('walks the quantized vector index and orders what it yields by the exact cosine', async () => {
    await ensureVectorIndexes(store.database.db, dimension);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: newId('m'),
      orgId: store.orgA,
      containerTag: 'indexed',
      memory: `row ${i}`,
      embedding: Array.from(vectorOf(i + 10)),
    }));
    await insertMemories(store.database.db, rows);
    await insertMemories(
      store.database.db,
      rows.map((r) => ({ ...r, id: newId('m'), orgId: store.orgB })),
    );
    const query = vectorOf(17.9);

    // The planner can use the index for the expression the index path orders by, against the
    // query vector as the search sends it (an untyped vector in a CTE).
    const plan = await store.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN WITH qv AS MATERIALIZED (SELECT l2_normalize(${scaledIntegers(query)}::int4[]::vector) AS v0)
          SELECT id FROM memories t WHERE vector_dims(t.embedding) = ${dimension}
          ORDER BY ${sql.raw(quantizedExpression('t.embedding', dimension))} <~> ${sql.raw(quantizedExpression('(SELECT v0 FROM qv)', dimension))} LIMIT 5`,
      );
    });
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(`memories_embedding_tq_${dimension}`);

    // The pool (at least 40 rows) holds the whole tag, so its exact order gives the exact top three
    // (by the codes alone, the third would be another row).
    const candidates = await scoreCandidates(store.database.db, target(store.orgA, 'indexed'), {
      vectors: { vectors: [query], perRetriever: 3, path: 'hnsw', dimension },
      lexical: null,
    });
    const exact = rows.map((r) => ({ id: r.id, c: cosine(Float32Array.from(r.embedding), query) })).sort((a, b) => b.c - a.c);
    expect(new Set(candidates.map((c) => c.id))).toEqual(new Set(exact.slice(0, 3).map((r) => r.id)));
  });
});
