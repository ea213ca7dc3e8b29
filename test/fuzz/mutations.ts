import fc from 'fast-check';
import { deeplyNested, EXTREME_DATES, EXTREME_NUMBERS, HIGH_SURROGATE, hostileValue, jsonText, NUL, NUMBER_LIKE_STRINGS, RawJson } from './hostile-values.js';

type Path = (string | number)[];

/** One change to a valid value: `at` picks the node (modulo the number of nodes), so it shrinks well. */
export type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'edge'; at: number; pick: number }
  | { kind: 'remove'; at: number }
  | { kind: 'null'; at: number }
  | { kind: 'nest'; at: number; levels: number }
  | { kind: 'addKey'; at: number; key: string; value: unknown };

/** Keys that mean something to JavaScript objects or to this API's parsers. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'AND', 'OR', 'orgId', 'org_id', 'id', 'containerTag', 'unknownField', '', 'a\u0000', '\uD800'];

export function mutationArbitrary(bodyLimit: number): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value: hostileValue(bodyLimit) }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('edge' as const), at, pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('null' as const), at }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('nest' as const), at, levels: fc.constantFrom(6, 65, 2_000) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('addKey' as const), at, key: fc.constantFrom(...EXTRA_KEYS), value: hostileValue(bodyLimit) }) },
  );
}

const DATE_KEY = /date|after|before/i;

/**
 * A hostile value of the node's own kind, so it passes type checks and meets the code behind them:
 * an extreme number for a number, an odd date for a date field, a polluted or odd string for a string.
 */
function edgeOf(value: unknown, key: string | null, pick: number): unknown {
  const from = <T>(values: T[]) => values[pick % values.length];
  if (typeof value === 'number') return new RawJson(from(EXTREME_NUMBERS));
  if (typeof value === 'boolean') return from<unknown>(['true', 1, 0, 'false']);
  if (typeof value === 'string' && key && DATE_KEY.test(key)) return from(EXTREME_DATES);
  if (typeof value === 'string') return from([`${value}${NUL}`, `${HIGH_SURROGATE}${value}`, `${value} `, value.toUpperCase(), ...NUMBER_LIKE_STRINGS]);
  if (Array.isArray(value)) return from<unknown>([[], [...value, ...value], Array(101).fill(value[0] ?? 'x')]);
  return from<unknown>([{}, [], 'x']);
}

/** Every node of a value, the root first. */
function pathsOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (value instanceof RawJson || value === null || typeof value !== 'object') return into;
  for (const [key, child] of Object.entries(value)) pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key], into);
  return into;
}

function clone<T>(value: T): T {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) defineKey(copy, key, clone(child));
  return copy as T;
}

/** Sets an own key, `__proto__` included, without touching the prototype. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], root);
  defineKey(parent, String(path[path.length - 1]), value);
  return root;
}

/** Applies the mutations in order to a copy of `value`. */
export function mutate(value: unknown, mutations: Mutation[]): unknown {
  let result = clone(value);
  for (const mutation of mutations) {
    const paths = pathsOf(result);
    const path = paths[mutation.at % paths.length];
    const target = path.reduce<any>((node, key) => node[key], result);
    const name = path.length ? String(path[path.length - 1]) : null;
    switch (mutation.kind) {
      case 'replace':
        result = setAt(result, path, mutation.value);
        break;
      case 'edge':
        result = setAt(result, path, edgeOf(target, name, mutation.pick));
        break;
      case 'null':
        result = setAt(result, path, null);
        break;
      case 'remove': {
        if (path.length === 0) break;
        const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], result);
        if (Array.isArray(parent)) parent.splice(Number(path[path.length - 1]), 1);
        else delete parent[path[path.length - 1]];
        break;
      }
      case 'nest':
        result = setAt(result, path, deeplyNested(mutation.levels, typeof name === 'string' && !/^\d+$/.test(name) ? name : null, jsonText(target ?? 1)));
        break;
      case 'addKey':
        if (target && typeof target === 'object' && !Array.isArray(target) && !(target instanceof RawJson)) defineKey(target, mutation.key, mutation.value);
        break;
    }
  }
  return result;
}
