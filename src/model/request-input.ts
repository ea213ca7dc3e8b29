import { invalidInput } from './errors.js';

/** Deepest JSON nesting accepted in any request; far beyond any valid body, far below a stack overflow. */
export const MAX_JSON_DEPTH = 64;

const SUSPECT = /[\0\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL cannot store this text, or undefined when it can. JavaScript strings may hold a
 * NUL character or half of a UTF-16 surrogate pair; neither text nor jsonb columns accept them.
 */
export function unstorableText(text: string): string | undefined {
  if (!SUSPECT.test(text)) return undefined;
  if (text.includes('\0')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate (not valid Unicode)';
  return undefined;
}

export interface InputProblem {
  path: (string | number)[];
  message: string;
}

interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string | number | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) path.unshift(v.key!);
  return path;
}

/**
 * The first string (value or object key) PostgreSQL cannot store, or nesting deeper than
 * `maxDepth`, in a parsed request value. Iterative, so no input can exhaust the stack.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  const stack: Visit[] = [{ value, depth: 0, parent: null, key: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const message = unstorableText(current);
      if (message) return { path: pathOf(visit), message };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const depth = visit.depth + 1;
    if (depth > maxDepth) return { path: pathOf(visit), message: `nested deeper than ${maxDepth} levels` };
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((v, i) => [i, v]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      if (typeof key === 'string') {
        const message = unstorableText(key);
        if (message) return { path: pathOf(visit), message: `a key ${message}` };
      }
      stack.push({ value: child, depth, parent: visit, key });
    }
  }
  return undefined;
}

export function describeProblem(field: string, problem: InputProblem): string {
  const where = [field, ...problem.path].filter((p) => p !== '').join('.');
  return `${where.length > 200 ? `${where.slice(0, 200)}…` : where}: ${problem.message}`;
}

/** Throws a 400 naming the field when `value` holds text PostgreSQL cannot store or nests too deep. */
export function assertStorableInput(value: unknown, field: string, maxDepth = MAX_JSON_DEPTH): void {
  const problem = findInputProblem(value, maxDepth);
  if (problem) throw invalidInput('Invalid request', describeProblem(field, problem));
}
