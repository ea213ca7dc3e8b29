import { sql, type SQL } from 'drizzle-orm';
import type { FilterNode } from '../core/filters.js';
import { queryRows, type Db, type Tx } from './database.js';
import { filterToSql } from './filter-sql.js';
import { vectorLiteral } from './schema-recall.js';

/** One word of the lexical query; words of one group are alternatives (a word and its synonyms). */
export interface LexicalTerm {
  word: string;
  group: number;
  /** 1 for words of the query itself, less for expansions. */
  weight: number;
}

/** Which rows a search may return. */
export interface ScopeQuery {
  orgId: string;
  /** Undefined searches the whole organization. */
  containerTags?: string[];
  filters?: FilterNode;
  /** Exact path or filepath prefix (ending in `/`) of the source documents. */
  filepath?: string;
}

export interface MemoryScopeQuery extends ScopeQuery {
  now: Date;
  includeForgotten: boolean;
}

export interface ChunkScopeQuery extends ScopeQuery {
  documentId?: string;
}

export interface RetrievalOptions {
  /** Query vectors (the query and its rewrites); none turns vector retrieval off. */
  vectors: Float32Array[];
  /** Query words; none turns lexical retrieval off. */
  terms: LexicalTerm[];
  /** Candidates taken from each retriever. */
  perRetriever: number;
  /** `exact` scans every row in scope (recall 1.0); `hnsw` walks the approximate index. */
  vectorPath: 'exact' | 'hnsw';
  dimension: number;
  /** Rows in scope, for inverse document frequencies. */
  scopeSize: number;
  /** Most rows matching any query word that are scored; bounds the cost of very common words. */
  lexicalScanLimit: number;
}

export interface Candidate {
  id: string;
  /** Highest cosine similarity to any query vector; null when vector retrieval is off. */
  cosine: number | null;
  /** Share of the query's words (weighted by rarity) that the text contains, 0..1. */
  lexical: number;
}

interface Target {
  table: string;
  /** Predicate over alias `t` selecting the rows a search may return. */
  scope: SQL;
}

export async function findMemoryCandidates(db: Db, scope: MemoryScopeQuery, retrieval: RetrievalOptions): Promise<Candidate[]> {
  return findCandidates(db, { table: 'memories', scope: memoryScope(scope) }, retrieval);
}

export async function findChunkCandidates(db: Db, scope: ChunkScopeQuery, retrieval: RetrievalOptions): Promise<Candidate[]> {
  return findCandidates(db, { table: 'chunks', scope: chunkScope(scope) }, retrieval);
}

/** Searchable memories in the organization or tags, forgotten ones included. */
export async function countMemoryScope(db: Tx, orgId: string, containerTags?: string[]): Promise<number> {
  return countRows(db, 'memories', memoryScope({ orgId, containerTags, includeForgotten: true, now: new Date() }));
}

export async function countChunkScope(db: Tx, orgId: string, containerTags?: string[]): Promise<number> {
  return countRows(db, 'chunks', chunkScope({ orgId, containerTags }));
}

async function countRows(db: Tx, table: 'memories' | 'chunks', scope: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)} t WHERE ${scope}`);
  return Number(row?.n ?? 0);
}

function memoryScope(query: MemoryScopeQuery): SQL {
  const parts: SQL[] = [sql`t.org_id = ${query.orgId}`, sql`t.is_latest`, sql`t.embedding IS NOT NULL`];
  if (query.containerTags) parts.push(sql`t.container_tag IN (${sql.join(query.containerTags.map((tag) => sql`${tag}`), sql`, `)})`);
  if (!query.includeForgotten) {
    parts.push(sql`NOT t.is_forgotten`);
    parts.push(sql`(t.forget_after IS NULL OR t.forget_after > ${query.now.toISOString()}::timestamptz)`);
  }
  if (query.filters) parts.push(filterToSql(query.filters, sql`t.metadata`));
  if (query.filepath !== undefined) {
    parts.push(sql`EXISTS (SELECT 1 FROM memory_sources s JOIN documents d ON d.id = s.document_id
      WHERE s.memory_id = t.id AND ${filepathMatch(query.filepath)})`);
  }
  return sql.join(parts, sql` AND `);
}

function chunkScope(query: ChunkScopeQuery): SQL {
  const parts: SQL[] = [sql`t.org_id = ${query.orgId}`, sql`t.embedding IS NOT NULL`];
  if (query.containerTags) parts.push(sql`t.container_tag IN (${sql.join(query.containerTags.map((tag) => sql`${tag}`), sql`, `)})`);
  if (query.documentId) parts.push(sql`t.document_id = ${query.documentId}`);
  const documentParts: SQL[] = [];
  if (query.filters) documentParts.push(filterToSql(query.filters, sql`d.metadata`));
  if (query.filepath !== undefined) documentParts.push(filepathMatch(query.filepath));
  if (documentParts.length) {
    parts.push(sql`EXISTS (SELECT 1 FROM documents d WHERE d.id = t.document_id AND ${sql.join(documentParts, sql` AND `)})`);
  }
  return sql.join(parts, sql` AND `);
}

function filepathMatch(filepath: string): SQL {
  return filepath.endsWith('/') ? sql`starts_with(d.filepath, ${filepath}::text)` : sql`d.filepath = ${filepath}::text`;
}

/**
 * Candidates from both retrievers in one statement: the best `perRetriever` rows by vector
 * distance and the best by lexical score, each scored by both measures, so the caller can fuse
 * them without a second round trip.
 */
async function findCandidates(db: Db, target: Target, query: RetrievalOptions): Promise<Candidate[]> {
  const statement = candidateStatement(target, query);
  if (!statement) return [];
  const run = async (tx: Tx) => {
    const rows = await queryRows<{ id: string; cosine: number | string | null; lexical: number | string | null }>(tx, statement);
    return rows.map((row) => ({
      id: row.id,
      cosine: row.cosine === null ? null : Number(row.cosine),
      lexical: Number(row.lexical ?? 0),
    }));
  };
  if (!query.vectors.length || query.vectorPath === 'exact') return run(db);
  return db.transaction(async (tx) => {
    for (const setting of hnswSettings(query)) await tx.execute(setting);
    return run(tx);
  });
}

/** Session settings the HNSW path runs with. */
export function hnswSettings(query: Pick<RetrievalOptions, 'perRetriever'>): SQL[] {
  return [
    sql.raw(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(64, query.perRetriever * 2))}`),
    // Iterative scans keep walking the graph until enough rows pass the filters.
    sql.raw(`SET LOCAL hnsw.iterative_scan = relaxed_order`),
  ];
}

/** The candidate query for memories, for diagnostics (EXPLAIN) and tests. */
export function memoryCandidateStatement(scope: MemoryScopeQuery, retrieval: RetrievalOptions): SQL | null {
  return candidateStatement({ table: 'memories', scope: memoryScope(scope) }, retrieval);
}

function candidateStatement(target: Target, query: RetrievalOptions): SQL | null {
  const useVectors = query.vectors.length > 0;
  const useLexical = query.terms.length > 0;
  if (!useVectors && !useLexical) return null;

  const ctes: SQL[] = [];
  const sources: SQL[] = [];
  const table = sql.raw(target.table);

  if (useLexical) {
    const words = query.terms.map((t) => t.word);
    const terms = JSON.stringify(query.terms.map((t) => ({ word: t.word, grp: t.group, weight: t.weight })));
    ctes.push(sql`qt AS (
      SELECT DISTINCT ON (u.lexeme) u.lexeme, plainto_tsquery('simple', u.lexeme) AS lq, q.grp, q.weight
      FROM jsonb_to_recordset(${terms}::jsonb) AS q(word text, grp int, weight float8)
      CROSS JOIN LATERAL unnest(to_tsvector('english', q.word)) AS u
      ORDER BY u.lexeme, q.weight DESC, q.grp
    )`);
    ctes.push(sql`matched AS (
      SELECT t.id, t.tsv FROM ${table} t
      WHERE ${target.scope} AND t.tsv @@ to_tsquery('english', ${orQuery(words)})
      LIMIT ${query.lexicalScanLimit}
    )`);
    ctes.push(sql`matched_terms AS (SELECT m.id, qt.lexeme FROM matched m JOIN qt ON m.tsv @@ qt.lq)`);
    ctes.push(sql`idf AS (
      SELECT qt.lexeme, qt.lq, qt.grp, qt.weight,
        ln(1 + (greatest(${query.scopeSize}::float8, coalesce(d.n, 0)) - coalesce(d.n, 0) + 0.5) / (coalesce(d.n, 0) + 0.5)) AS idf
      FROM qt LEFT JOIN (SELECT lexeme, count(*)::float8 AS n FROM matched_terms GROUP BY lexeme) d ON d.lexeme = qt.lexeme
    )`);
    // A group's weight is the rarity of the query's own word; a synonym can stand in for it, no
    // more. Groups of added words only (no word of the query) add to the score but not to the total.
    ctes.push(sql`grp AS (SELECT grp, max(idf) FILTER (WHERE weight >= 1) AS ref FROM idf GROUP BY grp)`);
    ctes.push(sql`total AS (SELECT nullif(sum(ref), 0) AS total FROM grp)`);
    ctes.push(sql`lex_top AS (
      ${groupScores(sql`SELECT mt.id, i.grp, max(i.weight * i.idf) AS s FROM matched_terms mt JOIN idf i ON i.lexeme = mt.lexeme GROUP BY mt.id, i.grp`)}
      ORDER BY score DESC, id LIMIT ${query.perRetriever}
    )`);
    sources.push(sql`SELECT id FROM lex_top`);
  }

  query.vectors.forEach((vector, i) => {
    const name = sql.raw(`vec_top_${i}`);
    ctes.push(sql`${name} AS (${vectorTop(target, query, vector)})`);
    sources.push(sql`SELECT id FROM ${name}`);
  });

  const cosine = useVectors
    ? sql`greatest(${sql.join(
        query.vectors.map((v) => sql`1 - (t.embedding <=> ${vectorLiteral(v)}::vector)`),
        sql`, `,
      )})`
    : sql`NULL::float8`;
  const lexicalOfCandidates = useLexical
    ? sql`, cand_lex AS (${groupScores(
        sql`SELECT c.id, i.grp, max(i.weight * i.idf) AS s FROM cand c JOIN ${table} t ON t.id = c.id JOIN idf i ON t.tsv @@ i.lq GROUP BY c.id, i.grp`,
      )})`
    : sql``;
  const statement = sql`WITH ${sql.join(ctes, sql`, `)},
    cand AS (${sql.join(sources, sql` UNION `)})${lexicalOfCandidates}
    SELECT t.id, ${cosine} AS cosine, ${useLexical ? sql`coalesce(cl.score, 0)` : sql`0::float8`} AS lexical
    FROM cand JOIN ${table} t ON t.id = cand.id ${useLexical ? sql`LEFT JOIN cand_lex cl ON cl.id = cand.id` : sql``}`;

  return statement;
}

/**
 * Per-row lexical score from (id, grp, s) rows, s being the best weighted rarity of a group's
 * words the row contains: the share of the query's total rarity covered, 0..1. Needs the
 * grp/total CTEs.
 */
function groupScores(perGroup: SQL): SQL {
  return sql`SELECT g.id, least(1, sum(least(g.s, coalesce(grp.ref, g.s))) / (SELECT total FROM total)) AS score
    FROM (${perGroup}) g JOIN grp ON grp.grp = g.grp GROUP BY g.id`;
}

function vectorTop(target: Target, query: RetrievalOptions, vector: Float32Array): SQL {
  const table = sql.raw(target.table);
  const literal = vectorLiteral(vector);
  if (query.vectorPath === 'exact') {
    // Ordering by the bare column matches no index: the planner filters on the scope, then sorts.
    return sql`SELECT t.id FROM ${table} t WHERE ${target.scope}
      ORDER BY t.embedding <=> ${literal}::vector LIMIT ${query.perRetriever}`;
  }
  const dims = sql.raw(String(Math.trunc(query.dimension)));
  return sql`SELECT t.id FROM ${table} t WHERE vector_dims(t.embedding) = ${dims} AND ${target.scope}
    ORDER BY (t.embedding::vector(${dims})) <=> ${literal}::vector(${dims}) LIMIT ${query.perRetriever}`;
}

/** The query words as an OR query; they are letters and digits only, so no tsquery syntax leaks in. */
function orQuery(words: string[]): string {
  return [...new Set(words)].join(' | ');
}
