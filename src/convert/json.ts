import { clampTitle } from './decode.js';
import { DEFAULT_LIMITS } from './limits.js';
import { assertJsonDepth } from './nesting.js';
import { ConversionError } from './types.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const MAX_DEPTH = 64;
const LABEL_KEYS = ['title', 'name', 'label'];

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isObjectArray(value: Json): value is JsonObject[] {
  return Array.isArray(value) && value.length > 0 && value.every(isObject);
}

function scalar(value: Json, indent: string): string {
  if (typeof value === 'string') return value.replace(/\r\n?|\n/g, `\n${indent}  `);
  if (Array.isArray(value)) return '[]';
  if (isObject(value)) return '{}';
  return String(value);
}

function isEmptyOrScalar(value: Json): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return true;
}

function labelOf(value: JsonObject): string | null {
  for (const key of LABEL_KEYS) {
    const v = value[key];
    if (typeof v === 'string' || typeof v === 'number') return clampTitle(String(v));
  }
  return null;
}

function bullets(value: Json, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  if (depth > MAX_DEPTH) {
    out.push(`${indent}- ${JSON.stringify(value)}`);
    return;
  }
  const entries: [string, Json][] = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : Object.entries(value as JsonObject);
  for (const [key, v] of entries) {
    const prefix = Array.isArray(value) && isEmptyOrScalar(v) ? `${indent}- ` : `${indent}- ${key}: `;
    if (isEmptyOrScalar(v)) {
      out.push(`${prefix}${scalar(v, indent)}`);
    } else {
      out.push(`${indent}- ${key}:`);
      bullets(v, depth + 1, out);
    }
  }
}

/** Arrays of objects become headed sections; everything else nested bullets. */
function section(value: JsonObject, level: number, out: string[]): void {
  const plain: JsonObject = {};
  const sections: [string, JsonObject[]][] = [];
  for (const [key, v] of Object.entries(value)) {
    if (level <= 6 && isObjectArray(v)) sections.push([key, v]);
    else plain[key] = v;
  }
  if (Object.keys(plain).length > 0) {
    bullets(plain, 0, out);
    out.push('');
  }
  for (const [key, items] of sections) {
    out.push(`${'#'.repeat(level)} ${key}`, '');
    items.forEach((item, i) => itemSection(item, `${key} ${i + 1}`, level + 1, out));
  }
}

function itemSection(item: JsonObject, fallback: string, level: number, out: string[]): void {
  if (level <= 6) {
    out.push(`${'#'.repeat(level)} ${labelOf(item) ?? fallback}`, '');
    section(item, level + 1, out);
  } else {
    bullets(item, 0, out);
    out.push('');
  }
}

export function convertJson(text: string, maxDepth = DEFAULT_LIMITS.maxNestingDepth): { markdown: string; title: string | null } {
  assertJsonDepth(text, maxDepth);
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (err) {
    throw new ConversionError(`invalid JSON: ${(err as Error).message}`, { cause: err });
  }

  const out: string[] = [];
  let title: string | null = null;
  if (isObject(value)) {
    const t = value.title ?? value.name;
    title = typeof t === 'string' ? clampTitle(t) : null;
    section(value, 2, out);
  } else if (isObjectArray(value)) {
    value.forEach((item, i) => itemSection(item, `Item ${i + 1}`, 2, out));
  } else if (Array.isArray(value)) {
    bullets(value, 0, out);
  } else if (value !== null) {
    out.push(String(value));
  }
  return { markdown: out.join('\n').trim(), title };
}
