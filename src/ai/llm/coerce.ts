import { isObject, isPlaceholder } from './json-reply.js';

/**
 * Reading the values of a model's JSON answer the way a person would: `"true"` is true, `"0.8"` is
 * 0.8, one object where a list belongs is a list of one, a field may be named in snake_case or by a
 * synonym. What cannot be read clearly is undefined, for the caller to drop or default.
 */

/** true/false, "true"/"yes"/"1", 1/0. */
export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(word)) return true;
  if (['false', 'no', 'n', '0'].includes(word)) return false;
  return undefined;
}

/** A finite number, or a string that is one ("0.8", " 7 "). */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/** A whole number, or a string holding one alone or in brackets ("3", "[3]"). */
export function asInteger(value: unknown): number | undefined {
  const number = asNumber(typeof value === 'string' ? value.replace(/^\s*\[(\d+)\]\s*$/, '$1') : value);
  return number !== undefined && Number.isInteger(number) ? number : undefined;
}

/** A string with something in it that is not a placeholder ("string", "<name>"), trimmed. */
export function asText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' || isPlaceholder(text) ? undefined : text;
}

/** A list: an array as it is, a single value as a list of one, nothing as an empty list. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The first of `names` the object has, however its key is cased or separated (`isStatic`, `is_static`, `IsStatic`). */
export function field(object: Record<string, unknown>, names: readonly string[]): unknown {
  const wanted = names.map(normalise);
  const keys = Object.keys(object);
  for (const name of wanted) {
    const key = keys.find((k) => normalise(k) === name);
    if (key !== undefined && object[key] !== undefined) return object[key];
  }
  return undefined;
}

/**
 * The list an answer holds: the answer itself when it is an array, else the value of one of `names`
 * (an object there is a list of one), else the only list among its fields, looking one level into
 * a wrapper (`{"result": {...}}`). Undefined when there is none.
 */
export function listIn(answer: unknown, names: readonly string[], depth = 0): unknown[] | undefined {
  if (Array.isArray(answer)) return answer;
  if (!isObject(answer)) return undefined;
  const named = field(answer, names);
  if (named !== undefined) return asList(named);
  const lists = Object.values(answer).filter(Array.isArray);
  if (lists.length === 1) return lists[0];
  const wrapped = Object.values(answer).filter(isObject);
  if (depth === 0 && wrapped.length === 1) return listIn(wrapped[0], names, 1);
  return undefined;
}
