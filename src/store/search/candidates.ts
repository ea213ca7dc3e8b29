import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../database.js';
import type { SearchTarget } from './scope.js';
import { queryRows, scaledIntegers } from '../sql.js';
import { quantizedExpression } from '../embedding.js';
import type { MemoryAttribute } from '../../model/memories.js';

/** One word of the lexical query; words of one group are alternatives (a word and its synonyms). */
export interface LexicalTerm {
  word: string;
  group: number;
  /** 1 for words of the query itself, less for expansions. */
  weight: number;
}

/** A query word as the full-text index stores it (stemmed), with its group and weight. */
export interface QueryLexeme {
  lexeme: string;
  grp: number;
  weight: number;
}

export interface LexicalOptions {
  lexemes: QueryLexeme[];
  /** Candidates to return. */
  perRetriever: number;
  /** Rows in scope, for inverse document frequencies. */
  scopeSize: number;
  /**
   * `all`: every row of the scope containing a query word is scored (small scopes). `capped`:
   * at most `perWord` rows are fetched per word, and words known to be common (`knownFrequency`,
   * rows containing it) are not fetched at all: their posting lists cost the most and select the
   * least; they still count in the scores.
   */
  fetch: { kind: 'all' } | { kind: 'capped'; perWord: number; knownFrequency: Map<string, number> };
}

/** Each word's lexemes in the full-text index (its stem; none for a stop word). */
export async function stemWords(db: Tx, words: string[]): Promise<Map<string, string[]>> {
  if (!words.length) return new Map();
  const rows = await queryRows<{ word: string; lexemes: string[] | string | null }>(
    db,
    sql`SELECT w.word, array_remove(array_agg(u.lexeme), NULL) AS lexemes
      FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) AS w(word)
      LEFT JOIN LATERAL unnest(to_tsvector('english', w.word)) AS u ON true
      GROUP BY w.word`,
  );
  return new Map(rows.map((row) => [row.word, parseTextArray(row.lexemes)]));
}

/** Drivers return text[] as an array, or as its literal when the type is not registered. */
function parseTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((v) => v.replace(/^"(.*)"$/, '$1'));
}

/** How rare a query word (stemmed) is in the scope. */
export interface WordRarity {
  lexeme: string;
  grp: number;
  weight: number;
  idf: number;
}

export interface LexicalCandidates {
  /** Best first, `lexical` in 0..1. */
  ranked: { id: string; lexical: number }[];
  rarities: WordRarity[];
  /**
   * Every row of the scope that contains a query word, with its score, when all of them were
   * scored (`fetch: all`, up to MAX_COMPLETE_SCORES rows): a row not here scores 0, so the
   * final scoring need not read the rows' text again.
   */
  scores?: Map<string, number>;
}

/** Most lexical scores returned for the whole scope; past it the final scoring scores its candidates. */
const MAX_COMPLETE_SCORES = 2_000;

export interface VectorOptions {
  /** The query and its rewrites; a candidate's cosine is its best against any of them. */
  vectors: Float32Array[];
  perRetriever: number;
  /** `exact` scans every row in scope (recall 1.0); `hnsw` walks the approximate index. */
  path: 'exact' | 'hnsw';
  dimension: number;
}

/** Rows stating an attribute a question asks for, added to the candidates (memories only). */
export interface AttributeOptions {
  names: string[];
  limit: number;
}

export interface Candidate {
  id: string;
  /** The document the row came from; rows of one source lend each other context. */
  sourceId: string | null;
  /** The conversation turn the row was said in; rows of one turn lend each other context. */
  turnId: string | null;
  /** The row's text, for the tables whose text is short (memories); null for chunks. */
  text: string | null;
  /** The attributes the row states (memories; null when not recorded or for chunks). */
  attributes: MemoryAttribute[] | null;
  /** When the row was written (memories; null for chunks). */
  writtenAt: Date | null;
  /** Highest cosine similarity to any query vector; null when vector retrieval is off. */
  cosine: number | null;
  /** Rarity-weighted share of the query's words the text contains, 0..1. */
  lexical: number;
}

/**
 * The best rows by lexical score: the share of the query's word groups (weighted by how rare
 * their words are in the scope) that a row's full text contains. Needs no query vector, so it
 * runs while the query is being embedded.
 */
export async function findLexicalCandidates(db: Tx, target: SearchTarget, options: LexicalOptions): Promise<LexicalCandidates> {
  if (!options.lexemes.length) return { ranked: [], rarities: [] };
  const table = sql.raw(target.table);
  const fetch = options.fetch;
  const known = fetch.kind === 'capped' ? fetch.knownFrequency : new Map<string, number>();
  const lexemes = JSON.stringify(options.lexemes.map((l) => ({ ...l, known: known.get(l.lexeme) ?? null })));
  const matching =
    fetch.kind === 'all'
      ? // One pass over the scope's rows; the per-word counts are exact. `IS TRUE` keeps the
        // planner off the GIN index (no index matches it), whose posting lists of common words span
        // the whole table and cost more than reading a small scope.
        sql`matched AS (
          SELECT t.id, t.tsv FROM ${table} t
          WHERE ${target.scope} AND (t.tsv @@ (${sql.join(
            options.lexemes.map((l) => sql`plainto_tsquery('simple', ${l.lexeme})`),
            sql` || `,
          )})) IS TRUE
        ),
        matched_terms AS (SELECT m.id, qt.lexeme FROM matched m JOIN qt ON m.tsv @@ qt.lq),
        df AS (SELECT lexeme, count(*)::float8 AS n FROM matched_terms GROUP BY lexeme)`
      : sql`matched_raw AS (
          SELECT qt.lexeme AS via, m.id, m.tsv FROM qt
          CROSS JOIN LATERAL (SELECT t.id, t.tsv FROM ${table} t WHERE ${target.scope} AND t.tsv @@ qt.lq LIMIT ${fetch.perWord}) m
          WHERE qt.known IS NULL
        ),
        matched AS (SELECT DISTINCT ON (id) id, tsv FROM matched_raw),
        matched_terms AS (SELECT m.id, qt.lexeme FROM matched m JOIN qt ON m.tsv @@ qt.lq),
        df AS (
          SELECT qt.lexeme, coalesce(qt.known, (SELECT count(*) FROM matched_raw r WHERE r.via = qt.lexeme))::float8 AS n FROM qt
        )`;
  const [row] = await queryRows<{ top: { id: string; score: number }[] | string; idf: WordRarity[] | string; scores: [string, number][] | string | null }>(
    db,
    sql`WITH qt AS (
        SELECT q.lexeme, plainto_tsquery('simple', q.lexeme) AS lq, q.grp, q.weight, q.known
        FROM jsonb_to_recordset(${lexemes}::jsonb) AS q(lexeme text, grp int, weight float8, known float8)
      ),
      ${matching},
      idf AS (
        SELECT qt.lexeme, qt.grp, qt.weight,
          ln(1 + (greatest(${options.scopeSize}::float8, coalesce(df.n, 0)) - coalesce(df.n, 0) + 0.5) / (coalesce(df.n, 0) + 0.5)) AS idf
        FROM qt LEFT JOIN df ON df.lexeme = qt.lexeme
      ),
      ${rarityGroups()},
      scored AS (
        ${groupScores(sql`SELECT mt.id, i.grp, max(i.weight * i.idf) AS s FROM matched_terms mt JOIN idf i ON i.lexeme = mt.lexeme GROUP BY mt.id, i.grp`)}
      ),
      top AS (SELECT id, score FROM scored ORDER BY score DESC, id LIMIT ${options.perRetriever})
      SELECT
        (SELECT coalesce(json_agg(json_build_object('id', id, 'score', score) ORDER BY score DESC, id), '[]'::json) FROM top) AS top,
        (SELECT coalesce(json_agg(json_build_object('lexeme', lexeme, 'grp', grp, 'weight', weight, 'idf', idf)), '[]'::json) FROM idf) AS idf,
        ${
          fetch.kind === 'all'
            ? sql`(SELECT CASE WHEN count(*) <= ${MAX_COMPLETE_SCORES} THEN coalesce(json_agg(json_build_array(id, score)), '[]'::json) END FROM scored)`
            : sql`NULL::json`
        } AS scores`,
  );
  const parse = <T>(value: T | string | undefined): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const top = parse(row?.top) ?? [];
  const scores = parse<[string, number][] | null | undefined>(row?.scores);
  return {
    ranked: top.map((t) => ({ id: t.id, lexical: Number(t.score) })),
    rarities: parse(row?.idf) ?? [],
    ...(scores ? { scores: new Map(scores.map(([id, score]) => [id, Number(score)])) } : {}),
  };
}

/**
 * The final candidate set: the best rows by vector distance plus the lexical candidates, each
 * scored by both measures (cosine null without query vectors) and with its source, so the
 * caller can fuse them.
 */
export async function scoreCandidates(
  db: Db,
  target: SearchTarget,
  input: { vectors: VectorOptions | null; lexical: LexicalCandidates | null; attribute?: AttributeOptions | null },
): Promise<Candidate[]> {
  const { lexical, attribute } = input;
  const vectors = input.vectors?.vectors.length ? input.vectors : null;
  if (!vectors && !lexical?.ranked.length && !attribute) return [];
  const table = sql.raw(target.table);
  // With every row's lexical score known, the candidates' text need not be read again.
  const known = lexical?.scores;
  const scoreLexical = !!lexical?.rarities.length && !known;
  const ctes: SQL[] = [];
  const sources: SQL[] = [];
  if (vectors) {
    // Each query vector is sent (and parsed) once: the top rows and the final cosines both read it.
    // Unit length, as stored vectors are, for the quantized index's levels.
    ctes.push(
      sql`qv AS MATERIALIZED (SELECT ${sql.join(
        vectors.vectors.map((v, i) => sql`l2_normalize(${scaledIntegers(v)}::int4[]::vector) AS ${sql.raw(`v${i}`)}`),
        sql`, `,
      )})`,
    );
  }
  if (scoreLexical) {
    ctes.push(sql`idf AS (
      SELECT i.lexeme, plainto_tsquery('simple', i.lexeme) AS lq, i.grp, i.weight, i.idf
      FROM jsonb_to_recordset(${JSON.stringify(lexical.rarities)}::jsonb) AS i(lexeme text, grp int, weight float8, idf float8)
    )`);
    ctes.push(rarityGroups());
  }
  vectors?.vectors.forEach((_, i) => {
    const name = sql.raw(`vec_top_${i}`);
    ctes.push(sql`${name} AS (${vectorTop(target, vectors, `v${i}`)})`);
    sources.push(sql`SELECT id FROM ${name}`);
  });
  if (lexical?.ranked.length) {
    sources.push(sql`SELECT jsonb_array_elements_text(${JSON.stringify(lexical.ranked.map((c) => c.id))}::jsonb) AS id`);
  }
  if (attribute) {
    // The newest rows that state the attribute asked for, however far their words and vector are from the question.
    const stating = sql.join(
      attribute.names.map((name) => sql`t.attributes @> ${JSON.stringify([{ attribute: name }])}::jsonb`),
      sql` OR `,
    );
    sources.push(sql`(SELECT t.id FROM ${table} t WHERE ${target.scope} AND (${stating})
      ORDER BY t.updated_at DESC LIMIT ${attribute.limit})`);
  }
  ctes.push(sql`cand AS (${sql.join(sources, sql` UNION `)})`);
  const cosine = vectors
    ? sql`greatest(${sql.join(
        vectors.vectors.map((_, i) => sql`1 - (t.embedding <=> qv.${sql.raw(`v${i}`)})`),
        sql`, `,
      )})`
    : sql`NULL::float8`;
  // Scored on the row already read, rather than by joining the candidates to the table again.
  const lexicalScore = scoreLexical
    ? sql`(${rowGroupScore(sql`SELECT i.grp, max(i.weight * i.idf) AS s FROM idf i WHERE t.tsv @@ i.lq GROUP BY i.grp`)})`
    : sql`0::float8`;
  const statement = sql`WITH ${sql.join(ctes, sql`, `)}
    SELECT t.id, ${target.source} AS source_id, ${target.turn} AS turn_id, ${target.text} AS text, ${target.attributes} AS attributes, ${target.writtenAt} AS written_at, ${cosine} AS cosine, ${lexicalScore} AS lexical
    FROM cand JOIN ${table} t ON t.id = cand.id ${vectors ? sql`CROSS JOIN qv` : sql``}`;

  const run = async (tx: Tx) =>
    (
      await queryRows<{
        id: string;
        source_id: string | null;
        turn_id: string | null;
        text: string | null;
        attributes: MemoryAttribute[] | string | null;
        written_at: Date | string | null;
        cosine: number | string | null;
        lexical: number | string | null;
      }>(tx, statement)
    ).map((row) => ({
      id: row.id,
      sourceId: row.source_id,
      turnId: row.turn_id,
      text: row.text,
      attributes: typeof row.attributes === 'string' ? (JSON.parse(row.attributes) as MemoryAttribute[]) : row.attributes,
      writtenAt: row.written_at === null ? null : new Date(row.written_at),
      cosine: row.cosine === null ? null : Number(row.cosine),
      lexical: known ? (known.get(row.id) ?? 0) : Number(row.lexical ?? 0),
    }));
  if (!vectors || vectors.path === 'exact') return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(hnswSettings(vectors.perRetriever));
    return run(tx);
  });
}

/** The settings the HNSW path runs with, for this transaction, in one statement. */
function hnswSettings(perRetriever: number): SQL {
  const efSearch = String(Math.min(MAX_EF_SEARCH, Math.max(40, perRetriever)));
  // Iterative scans keep walking the graph until the pool is full of rows that pass the scope's
  // filters; a breadth of the rows wanted, not of the pool, finds the same rows in less time.
  return sql`SELECT set_config('hnsw.ef_search', ${efSearch}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`;
}

/**
 * `grp`: a group's weight is the rarity of the query's own word; a synonym can stand in for it,
 * no more. Groups of added words only (no word of the query) add to a score but not to the total.
 */
function rarityGroups(): SQL {
  return sql`grp AS (SELECT grp, max(idf) FILTER (WHERE weight >= 1) AS ref FROM idf GROUP BY grp),
    total AS (SELECT nullif(sum(ref), 0) AS total FROM grp)`;
}

/**
 * Per-row lexical score from (id, grp, s) rows, s being the best weighted rarity of a group's
 * words the row contains: the share of the query's total rarity covered, 0..1.
 */
function groupScores(perGroup: SQL): SQL {
  return sql`SELECT g.id, ${coveredShare} AS score
    FROM (${perGroup}) g JOIN grp ON grp.grp = g.grp GROUP BY g.id`;
}

/** The same score for one row, from its (grp, s) rows (0 when it contains none of the words). */
function rowGroupScore(perGroup: SQL): SQL {
  return sql`SELECT ${coveredShare} FROM (${perGroup}) g JOIN grp ON grp.grp = g.grp`;
}

const coveredShare = sql`least(1, coalesce(sum(least(g.s, coalesce(grp.ref, g.s))) / (SELECT total FROM total), 0))`;

/** The best rows of the scope by cosine distance to query vector `column` of `qv`. */
function vectorTop(target: SearchTarget, options: VectorOptions, column: string): SQL {
  const table = sql.raw(target.table);
  const queryVectorText = `(SELECT ${column} FROM qv)`;
  const queryVector = sql.raw(queryVectorText);
  if (options.path === 'exact') {
    // Ordering by the bare column matches no index: the planner filters on the scope, then sorts.
    return sql`SELECT t.id FROM ${table} t WHERE ${target.scope}
      ORDER BY t.embedding <=> ${queryVector} LIMIT ${options.perRetriever}`;
  }
  // The index orders by the vectors' quantized codes; the pool it yields is ordered again by the exact cosine.
  const dims = Math.trunc(options.dimension);
  const quantized = sql.raw(quantizedExpression('t.embedding', dims));
  const quantizedQuery = sql.raw(quantizedExpression(queryVectorText, dims));
  return sql`SELECT pool.id FROM (
      SELECT t.id, t.embedding FROM ${table} t WHERE vector_dims(t.embedding) = ${sql.raw(String(dims))} AND ${target.scope}
      ORDER BY ${quantized} <~> ${quantizedQuery} LIMIT ${quantizedPool(options.perRetriever)}
    ) pool ORDER BY pool.embedding <=> ${queryVector} LIMIT ${options.perRetriever}`;
}

/**
 * Rows taken from the quantized index for each row wanted, before the exact cosine orders them:
 * with 50 wanted (a search for ten), recall@10 is 0.98 at 100k memories of the search bench and
 * 0.99 over the LoCoMo conversations' 11,600 memories; the signs alone needed a pool of 250 for
 * 0.97 and 0.99.
 */
const QUANTIZED_POOL_FACTOR = 2;
const MAX_QUANTIZED_POOL = 2_000;
/** pgvector's largest `hnsw.ef_search`. */
const MAX_EF_SEARCH = 1_000;

function quantizedPool(perRetriever: number): number {
  return Math.min(MAX_QUANTIZED_POOL, Math.max(40, perRetriever * QUANTIZED_POOL_FACTOR));
}
