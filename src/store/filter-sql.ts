import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FilterCondition, FilterNode } from '../model/filters.js';

/**
 * Strings compared as numbers. The length and exponent bounds keep every match inside numeric's
 * range (131072 digits before the point, 16383 after), so no stored value can make a filter fail.
 */
const NUMBER_PATTERN = String.raw`^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]{1,4})?\s*$`;
const NUMBER_MAX_LENGTH = 1000;

const NEGATED_OPERATOR = { '>': '<=', '<': '>=', '>=': '<', '<=': '>', '=': '<>' } as const;

/** Translates a validated filter tree into a SQL predicate over a jsonb metadata column. */
export function filterToSql(node: FilterNode, metadata: AnyPgColumn | SQL): SQL {
  if (node.kind === 'group') {
    const parts = node.children.map((child) => filterToSql(child, metadata));
    return sql`(${sql.join(parts, node.op === 'AND' ? sql` AND ` : sql` OR `)})`;
  }
  return conditionToSql(node, metadata);
}

function conditionToSql(c: FilterCondition, metadata: AnyPgColumn | SQL): SQL {
  const field = sql`(${metadata} -> ${c.key}::text)`;
  const text = sql`(${metadata} ->> ${c.key}::text)`;
  const fold = (s: SQL) => (c.ignoreCase ? sql`lower(${s})` : s);
  const value = c.ignoreCase ? sql`lower(${c.value}::text)` : sql`${c.value}::text`;

  if (c.filterType === 'numeric') {
    const op = c.negate ? NEGATED_OPERATOR[c.numericOperator] : c.numericOperator;
    // numeric, not double precision: jsonb numbers are numeric already, and '1e999' overflows a double.
    const asNumber = sql`(CASE WHEN jsonb_typeof(${field}) = 'number' THEN ${field}::numeric
      WHEN jsonb_typeof(${field}) = 'string' AND length(${text}) <= ${sql.raw(String(NUMBER_MAX_LENGTH))}
        AND ${text} ~ ${NUMBER_PATTERN}::text THEN ${text}::numeric END)`;
    return sql`COALESCE(${asNumber} ${sql.raw(op)} ${Number(c.value)}::numeric, false)`;
  }

  let predicate: SQL;
  if (c.filterType === 'array_contains') {
    const elements = sql`jsonb_array_elements_text(CASE WHEN jsonb_typeof(${field}) = 'array' THEN ${field} ELSE '[]'::jsonb END)`;
    predicate = c.ignoreCase
      ? sql`EXISTS (SELECT 1 FROM ${elements} AS e(v) WHERE lower(e.v) = ${value})`
      : sql`(jsonb_typeof(${field}) = 'array' AND ${field} @> jsonb_build_array(${c.value}::text))`;
  } else if (c.filterType === 'string_contains') {
    predicate = sql`strpos(${fold(text)}, ${value}) > 0`;
  } else {
    predicate = sql`${fold(text)} = ${value}`;
  }
  const definite = sql`COALESCE(${predicate}, false)`;
  return c.negate ? sql`(NOT ${definite})` : definite;
}
