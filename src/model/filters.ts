import { z } from 'zod';
import { invalidInput } from './errors.js';
import { describeProblem, findInputProblem } from './request-input.js';

export const MAX_FILTER_DEPTH = 5;
export const MAX_FILTER_CONDITIONS = 200;

const boolish = z.union([z.boolean(), z.enum(['true', 'false'])]);

export const FilterConditionSchema = z
  .object({
    key: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-zA-Z0-9_.-]+$/, 'metadata keys use letters, digits, _ . -'),
    value: z.union([z.string().max(1000), z.number(), z.boolean()]),
    filterType: z.enum(['metadata', 'numeric', 'array_contains', 'string_contains']).optional(),
    numericOperator: z.enum(['>', '<', '>=', '<=', '=']).optional(),
    negate: boolish.optional(),
    ignoreCase: boolish.optional(),
  })
  .strict();

type ConditionInput = z.input<typeof FilterConditionSchema>;
type ExprInput = ConditionInput | { AND: ExprInput[] } | { OR: ExprInput[] };

export const FilterExprSchema: z.ZodType<ExprInput> = z.lazy(() =>
  z.union([FilterConditionSchema, z.object({ AND: z.array(FilterExprSchema).min(1) }).strict(), z.object({ OR: z.array(FilterExprSchema).min(1) }).strict()]),
);

/** `{AND: [...]}` or `{OR: [...]}`; clients may also send it as a JSON string. */
export const QueryFilterSchema = z.union([z.object({ AND: z.array(FilterExprSchema) }).strict(), z.object({ OR: z.array(FilterExprSchema) }).strict()]);
export const FiltersInputSchema = z.union([QueryFilterSchema, z.string().max(100_000)]);
export type FiltersInput = z.input<typeof FiltersInputSchema>;

export interface FilterCondition {
  kind: 'condition';
  key: string;
  value: string;
  filterType: 'metadata' | 'numeric' | 'array_contains' | 'string_contains';
  numericOperator: '>' | '<' | '>=' | '<=' | '=';
  negate: boolean;
  ignoreCase: boolean;
}
export interface FilterGroup {
  kind: 'group';
  op: 'AND' | 'OR';
  children: FilterNode[];
}
export type FilterNode = FilterCondition | FilterGroup;

const truthy = (v: boolean | 'true' | 'false' | undefined) => v === true || v === 'true';

/** Validates a filter tree (object or JSON string) and normalises it; undefined when there is nothing to filter on. */
export function parseFilters(input: FiltersInput | null | undefined, field = 'filters'): FilterNode | undefined {
  if (input === undefined || input === null || input === '') return undefined;
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      throw invalidInput('Invalid filters', `${field}: not valid JSON`);
    }
  }
  assertFilterDepth(raw, field);
  const problem = findInputProblem(raw);
  if (problem) throw invalidInput('Invalid filters', describeProblem(field, problem));
  const parsed = QueryFilterSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidInput('Invalid filters', `${[field, ...issue.path].join('.')}: ${issue.message}`);
  }
  let conditions = 0;
  const normalise = (expr: ExprInput, path: string): FilterNode | undefined => {
    if ('AND' in expr || 'OR' in expr) {
      const op = 'AND' in expr ? 'AND' : 'OR';
      const items = 'AND' in expr ? expr.AND : expr.OR;
      const children = items.map((child, i) => normalise(child, `${path}.${op}.${i}`)).filter((c): c is FilterNode => c !== undefined);
      return children.length ? { kind: 'group', op, children } : undefined;
    }
    if (++conditions > MAX_FILTER_CONDITIONS) {
      throw invalidInput('Invalid filters', `${field}: at most ${MAX_FILTER_CONDITIONS} conditions`);
    }
    const condition: FilterCondition = {
      kind: 'condition',
      key: expr.key,
      value: String(expr.value),
      filterType: expr.filterType ?? 'metadata',
      numericOperator: expr.numericOperator ?? '=',
      negate: truthy(expr.negate),
      ignoreCase: truthy(expr.ignoreCase),
    };
    if (condition.filterType === 'numeric' && !Number.isFinite(Number(condition.value))) {
      throw invalidInput('Invalid filters', `${path}.value: numeric filters need a number, got "${condition.value}"`);
    }
    return condition;
  };
  return normalise(parsed.data, field);
}

/**
 * Refuses AND/OR groups nested deeper than MAX_FILTER_DEPTH. Runs before the recursive schema
 * does, and without recursion itself, so no nesting can exhaust the stack.
 */
function assertFilterDepth(raw: unknown, field: string): void {
  const stack: { node: unknown; depth: number; path: string }[] = [{ node: raw, depth: 1, path: field }];
  while (stack.length) {
    const { node, depth, path } = stack.pop()!;
    if (depth > MAX_FILTER_DEPTH) throw invalidInput('Invalid filters', `${path}: filters nest at most ${MAX_FILTER_DEPTH} levels`);
    if (node === null || typeof node !== 'object') continue;
    for (const op of ['AND', 'OR'] as const) {
      const items = (node as Record<string, unknown>)[op];
      if (Array.isArray(items)) items.forEach((child, i) => stack.push({ node: child, depth: depth + 1, path: `${path}.${op}.${i}` }));
    }
  }
}
