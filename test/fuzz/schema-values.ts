import fc from 'fast-check';
import { jsonText } from './hostile-values.js';
import { refersOnward, resolve, type OpenApiDocument, type Schema } from './operations.js';

export type IdKind = 'documents' | 'memories' | 'keys' | 'merges' | 'links';

/** Values that exist on the server, so generated requests reach real rows (of either organization). */
export interface Pools {
  ids: Record<IdKind, string[]>;
  tags: string[];
  /** Metadata keys the fixtures wrote, so filters match something. */
  metadataKeys: string[];
}

export interface SchemaContext {
  document: OpenApiDocument;
  pools: Pools;
  /** Ids of the resource the operation's path names, drawn most often for id-like fields. */
  preferredIds?: string[];
}

/** `$ref` hops followed before a recursive schema must take a branch that ends. */
const MAX_REF_DEPTH = 3;
const DATE_NAMES = /date|after|before|at$/i;
const ID_NAMES = /^(id|ids|token)$|(Id|Ids)$/;
const TAG_NAMES = /tag/i;

const SENTENCES = [
  "Alice's apartment number is 1234.",
  "Alice's apartment number is 9876.",
  'Project 7 ships on 2024-05-01 and Bob leads it.',
  'I moved to Berlin last week and started at Acme as a data engineer.',
  '# Notes\n\n## Travel\n\n- Lisbon in May\n- Kyoto in **October**\n\n> quoted\n\n```js\nconst x = 1;\n```',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  'I prefer tea over coffee. My sister Carol lives in Oslo.',
];

const VALID_DATES = ['2024-01-15', '2023-12-31T23:59:59Z', '2025-06-01T08:30:00+02:00', '1999-01-01', '2030-01-01T00:00:00.000Z'];

/** Requests that follow the document's schemas, biased towards values the server knows. */
export function validValue(schema: Schema, ctx: SchemaContext, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    return depth >= MAX_REF_DEPTH
      ? endingValue(resolve(ctx.document, schema), ctx, name, depth)
      : validValue(resolve(ctx.document, schema), ctx, name, depth + 1);
  }
  const branches: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (branches) return alternatives(branches, ctx, name, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t: string) => validValue({ ...schema, type: t }, ctx, name, depth)));
  switch (type) {
    case 'string':
      // A field of JSON text (the upload form's metadata) holds a value of its content schema.
      if (schema.contentMediaType === 'application/json' && schema.contentSchema) return validValue(schema.contentSchema, ctx, name, depth).map(jsonText);
      return stringValue(schema, ctx, name);
    case 'integer':
      return integerValue(schema.minimum ?? -1e9, schema.maximum ?? 1e9);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, ctx, name, depth), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectValue(schema, ctx, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Past the depth limit: a branch without further `$ref`s (the leaf of a filter tree). */
function endingValue(schema: Schema, ctx: SchemaContext, name: string, depth: number): fc.Arbitrary<unknown> {
  const branches: Schema[] = schema.anyOf ?? schema.oneOf ?? [schema];
  const ending = branches.filter((b) => !refersOnward(b));
  return ending.length ? alternatives(ending, ctx, name, depth) : fc.constant(null);
}

/** Small and boundary values most of the time (limits and defaults live there), anything in range sometimes. */
function integerValue(min: number, max: number): fc.Arbitrary<number> {
  const clamp = (n: number) => Math.min(Math.max(n, min), max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: clamp(-2), max: clamp(100) }) },
    { weight: 2, arbitrary: fc.integer({ min: clamp(0), max: clamp(10_000) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

/** One of the branches; a string alternative to a structured branch mostly carries that structure as JSON text. */
function alternatives(branches: Schema[], ctx: SchemaContext, name: string, depth: number): fc.Arbitrary<unknown> {
  const arbitraries = branches.map((arbitrary) => ({ weight: 1, arbitrary: validValue(arbitrary, ctx, name, depth) }));
  const structured = branches.filter((b) => b.type === 'object' || b.type === 'array' || b.anyOf);
  if (branches.some((b) => b.type === 'string') && structured.length) {
    arbitraries.push(...structured.map((b) => ({ weight: 3, arbitrary: validValue(b, ctx, name, depth).map(jsonText) })));
  }
  return fc.oneof(...arbitraries);
}

/** Most optional fields an object carries at once: few, so a refusal is about them and most requests pass. */
const MAX_OPTIONAL_FIELDS = 4;

function objectValue(schema: Schema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const names = Object.keys(properties);
  const extra = schema.additionalProperties;
  if (names.length === 0 && extra && typeof extra === 'object') {
    const keys = fc.oneof(fc.constantFrom(...ctx.pools.metadataKeys), fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/));
    return fc.dictionary(keys, validValue(extra, ctx, '', depth), { maxKeys: 4 });
  }
  const required = names.filter((k) => (schema.required ?? []).includes(k));
  const optional = names.filter((k) => !required.includes(k));
  return fc
    .subarray(optional, { maxLength: Math.min(optional.length, MAX_OPTIONAL_FIELDS) })
    .chain((chosen) => fc.record(Object.fromEntries([...required, ...chosen].map((key) => [key, validValue(properties[key], ctx, key, depth)]))));
}

function stringValue(schema: Schema, ctx: SchemaContext, name: string): fc.Arbitrary<string> {
  const min: number = schema.minLength ?? 0;
  const max: number = schema.maxLength ?? 10_000;
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  const pick = (weight: number, values: string[]) => (values.some(fits) ? [{ weight, arbitrary: fc.constantFrom(...values.filter(fits)) }] : []);
  const generated = fc.string({ minLength: min, maxLength: Math.min(max, 24) }).filter(fits);
  const known = [
    ...pick(ID_NAMES.test(name) ? 8 : 1, ctx.preferredIds ?? []),
    ...pick(TAG_NAMES.test(name) ? 8 : 1, ctx.pools.tags),
    ...pick(2, Object.values(ctx.pools.ids).flat()),
    ...pick(name === 'key' ? 6 : 0, ctx.pools.metadataKeys),
  ].filter((o) => o.weight > 0);
  if (pattern)
    return fc.oneof(...known, {
      weight: 2,
      arbitrary: fc
        .stringMatching(pattern)
        .map((s) => s.slice(0, max))
        .filter(fits),
    });
  if (DATE_NAMES.test(name)) return fc.oneof(...pick(1, VALID_DATES));
  return fc.oneof(...known, ...pick(2, SENTENCES), { weight: 2, arbitrary: fc.lorem({ maxCount: 8 }).filter(fits) }, { weight: 1, arbitrary: generated });
}
