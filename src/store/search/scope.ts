import { sql, type SQL } from 'drizzle-orm';
import type { FilterNode } from '../../model/filters.js';
import type { Tx } from '../database.js';
import { filterToSql } from '../filter-sql.js';
import { queryRows } from '../sql.js';

export type SearchTable = 'memories' | 'chunks';

/** Which rows a search may return. */
export interface ScopeQuery {
  orgId: string;
  /** Undefined searches the whole organization. */
  containerTags?: string[];
  filters?: FilterNode;
  /** Exact path or filepath prefix (ending in `/`) of the source documents. */
  filepath?: string;
}

/** With forgotten memories left out, `now` says which have passed their forget-after. */
export type MemoryScopeQuery = ScopeQuery & ({ includeForgotten: true } | { includeForgotten: false; now: Date });

export interface ChunkScopeQuery extends ScopeQuery {
  documentId?: string;
}

/** A table and the predicate, over alias `t`, selecting the rows a search may return. */
export interface SearchTarget {
  table: SearchTable;
  scope: SQL;
  /** The document a row came from, over alias `t`: its source write or conversation, or its document. */
  source: SQL;
  /** The turn of a conversation a row was said in, over alias `t`; null when it is not known. */
  turn: SQL;
  /** The row's text where it is short enough to return with every candidate (memories); null otherwise. */
  text: SQL;
  /** The attributes the row states (memories); null otherwise. */
  attributes: SQL;
  /** When the row was written (memories); null otherwise. */
  writtenAt: SQL;
}

export function memoryTarget(query: MemoryScopeQuery): SearchTarget {
  const parts: SQL[] = [sql`t.org_id = ${query.orgId}`, sql`t.is_latest`, sql`t.embedding IS NOT NULL`];
  if (query.containerTags) parts.push(tagIn(query.containerTags));
  if (!query.includeForgotten) {
    parts.push(sql`NOT t.is_forgotten`);
    parts.push(sql`(t.forget_after IS NULL OR t.forget_after > ${query.now.toISOString()}::timestamptz)`);
  }
  if (query.filters) parts.push(filterToSql(query.filters, sql`t.metadata`));
  if (query.filepath !== undefined) {
    parts.push(sql`EXISTS (SELECT 1 FROM memory_sources s JOIN documents d ON d.id = s.document_id
      WHERE s.memory_id = t.id AND ${filepathMatch(query.filepath)})`);
  }
  return {
    table: 'memories',
    scope: sql.join(parts, sql` AND `),
    // A conversation told over days is one document; each day's part of it (the document date its
    // memories carry) is the context its memories lend each other.
    source: sql`(SELECT min(s.document_id) FROM memory_sources s WHERE s.memory_id = t.id) || coalesce(':' || (t.temporal_context->>'documentDate'), '')`,
    turn: sql`(SELECT min(s.document_id || '#' || s.turn) FROM memory_sources s WHERE s.memory_id = t.id AND s.turn IS NOT NULL)`,
    text: sql`t.memory`,
    attributes: sql`t.attributes`,
    writtenAt: sql`t.created_at`,
  };
}

export function chunkTarget(query: ChunkScopeQuery): SearchTarget {
  const parts: SQL[] = [sql`t.org_id = ${query.orgId}`, sql`t.embedding IS NOT NULL`];
  if (query.containerTags) parts.push(tagIn(query.containerTags));
  if (query.documentId) parts.push(sql`t.document_id = ${query.documentId}`);
  const documentParts: SQL[] = [];
  if (query.filters) documentParts.push(filterToSql(query.filters, sql`d.metadata`));
  if (query.filepath !== undefined) documentParts.push(filepathMatch(query.filepath));
  if (documentParts.length) {
    parts.push(sql`EXISTS (SELECT 1 FROM documents d WHERE d.id = t.document_id AND ${sql.join(documentParts, sql` AND `)})`);
  }
  return {
    table: 'chunks',
    scope: sql.join(parts, sql` AND `),
    source: sql`t.document_id`,
    turn: sql`NULL::text`,
    text: sql`NULL::text`,
    attributes: sql`NULL::jsonb`,
    writtenAt: sql`NULL::timestamptz`,
  };
}

function tagIn(tags: string[]): SQL {
  return sql`t.container_tag IN (${sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  )})`;
}

function filepathMatch(filepath: string): SQL {
  return filepath.endsWith('/') ? sql`starts_with(d.filepath, ${filepath}::text)` : sql`d.filepath = ${filepath}::text`;
}

/**
 * Rows a search of the organization or tags would consider, counted up to `cap` (beyond it only
 * the fact that the scope is large matters), with the table's estimated row count as the size
 * of scopes over the cap.
 */
export async function measureScope(
  db: Tx,
  table: SearchTable,
  orgId: string,
  containerTags: string[] | undefined,
  cap: number,
): Promise<{ size: number; large: boolean }> {
  const target = table === 'memories' ? memoryTarget({ orgId, containerTags, includeForgotten: true }) : chunkTarget({ orgId, containerTags });
  const [row] = await queryRows<{ n: number | string; estimate: number | string | null }>(
    db,
    sql`SELECT (SELECT count(*) FROM (SELECT 1 FROM ${sql.raw(table)} t WHERE ${target.scope} LIMIT ${cap + 1}) capped) AS n,
      (SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass) AS estimate`,
  );
  const counted = Number(row?.n ?? 0);
  if (counted <= cap) return { size: counted, large: false };
  return { size: Math.max(counted, Number(row?.estimate ?? 0)), large: true };
}
