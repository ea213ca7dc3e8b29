import fc from 'fast-check';
import { HOSTILE_STRINGS, jsonText, TRAVERSAL_SEGMENTS } from './hostile-values.js';
import { multipartBody } from './multipart.js';
import { mutate, mutationArbitrary } from './mutations.js';
import type { Operation, Parameter, Schema } from './operations.js';
import { validValue, type IdKind, type SchemaContext } from './schema-values.js';

/** One request exactly as it goes on the wire. */
export interface FuzzRequest {
  /** The operation of the document it was generated from. */
  operation: string;
  method: string;
  /** Path and query, already percent-encoded (or deliberately not). */
  path: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

export interface RequestContext extends SchemaContext {
  /** Keys of the organization under test, by kind of caller. */
  keys: Record<'admin' | 'member' | 'scopedRead' | 'scopedWrite', string>;
  bodyLimit: number;
  /** Sample files for the upload routes (real documents of each supported format). */
  files: { name: string; type: string; bytes: Uint8Array }[];
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes any JavaScript string, lone surrogates included (as the bytes UTF-8 would give them). */
export function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const lone = code >= 0xd800 && code <= 0xdfff;
    out += lone ? hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f)) : encodeURIComponent(char);
  }
  return out;
}

const BAD_JSON = [
  '',
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[',
  'null',
  '"text"',
  '123',
  '[]',
  'true',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{"a":1 /* c */}',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":-}',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json-patch+json',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/octet-stream',
  '',
  'application/json; charset=utf-8; charset=utf-16',
];

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The parts of a request the fuzzer can make hostile; the others stay valid. */
export const LAYERS = ['path', 'query', 'auth', 'headers', 'body'] as const;
export type Layer = (typeof LAYERS)[number];

/** The key, as `Authorization: Bearer` or `x-api-key`; when hostile, missing, malformed, unknown or doubled. */
function authorization(ctx: RequestContext, hostile: boolean): fc.Arbitrary<Record<string, string>> {
  const { admin, member, scopedRead, scopedWrite } = ctx.keys;
  const bearer = (value: string) => ({ authorization: value });
  if (hostile) {
    return fc.oneof(
      fc
        .constantFrom(
          'Bearer',
          'Bearer ',
          `Bearer em_${'0'.repeat(40)}`,
          'Basic dXNlcjpwYXNz',
          `bearer ${admin}`,
          `Bearer  ${admin}`,
          `Bearer ${admin}x`,
          `Bearer ${admin}, Bearer x`,
          `Bearer ${'a'.repeat(9000)}`,
          'Bearer \u00e9\u00ff',
        )
        .map(bearer),
      fc.constantFrom<Record<string, string>>(
        {},
        { 'x-api-key': '' },
        { 'x-api-key': `${admin} ` },
        { 'x-api-key': scopedRead, authorization: `Bearer ${admin}` },
        { 'x-api-key': admin, authorization: 'Bearer em_unknown' },
      ),
    );
  }
  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(bearer(`Bearer ${admin}`)) },
    { weight: 2, arbitrary: fc.constant({ 'x-api-key': admin }) },
    { weight: 2, arbitrary: fc.constantFrom(`Bearer ${member}`, `Bearer ${scopedWrite}`).map(bearer) },
    { weight: 1, arbitrary: fc.constant(bearer(`Bearer ${scopedRead}`)) },
  );
}

function parameterValue(parameter: Parameter, ctx: RequestContext, hostile: boolean): fc.Arbitrary<string> {
  if (!hostile) return validValue(parameter.schema, ctx, parameter.name).map((v) => encodeSegment(typeof v === 'string' ? v : jsonText(v)));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...TRAVERSAL_SEGMENTS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(254, 255, 256, 1_000, 1_001, 3_000).map((n) => 'a'.repeat(n)) },
  );
}

/** A path without parameters made odd: doubled or encoded slashes, dot segments, another case, NUL. */
function oddPath(path: string): fc.Arbitrary<string> {
  return fc.constantFrom(
    `${path}/`,
    `${path}/..`,
    `${path}/%2e%2e/settings`,
    path.replace('/', '//'),
    path.replaceAll('/', '%2F'),
    path.toUpperCase(),
    `${path}%00`,
    `${path};a=b`,
    `${path}/${'a'.repeat(1_001)}`,
  );
}

function pathOf(operation: Operation, ctx: RequestContext, hostile: boolean): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === 'path');
  if (parameters.length === 0) return hostile ? oddPath(operation.template) : fc.constant(operation.template);
  // One parameter goes hostile, the others stay valid, so the hostile one is what the server meets.
  return fc.nat().chain((pick) => {
    const segments = operation.template.split('/').map((segment) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      const index = parameters.findIndex((p) => p.name === name);
      if (index < 0) return fc.constant(segment);
      return parameterValue(parameters[index], ctx, hostile && index === pick % parameters.length);
    });
    return fc.tuple(...segments).map((parts) => parts.join('/'));
  });
}

function queryOf(operation: Operation, ctx: RequestContext, hostile: boolean): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((p) => p.in === 'query');
  const pairs = declared.map((p) =>
    fc.option(
      parameterValue(p, ctx, false).map((v) => `${p.name}=${v}`),
      { freq: 2, nil: '' },
    ),
  );
  const name = declared[0]?.name ?? 'limit';
  const faults = hostile
    ? fc.oneof(
        ...declared.map((p) => parameterValue(p, ctx, true).map((v) => `${p.name}=${v}`)),
        fc.constantFrom('unknown=1', `${name}=a&${name}=b`, `${name}[]=a`, `${name}[a]=b`, 'a=%', '=&=&', '__proto__[x]=1', `${name}=${'a'.repeat(20_000)}`),
      )
    : fc.constant('');
  return fc.tuple(fc.tuple(...pairs), faults).map(([given, fault]) => {
    const query = [...given, fault].filter(Boolean).join('&');
    return query ? `?${query}` : '';
  });
}

interface Body {
  contentType: string | null;
  bytes: Uint8Array | null;
}

const json = (text: string): Body => ({ contentType: 'application/json', bytes: utf8(text) });

function jsonBody(schema: Schema, ctx: RequestContext, hostile: boolean): fc.Arbitrary<Body> {
  const valid = validValue(schema, ctx);
  if (!hostile) return valid.map((value) => json(jsonText(value)));
  const mutated = fc
    .tuple(valid, fc.array(mutationArbitrary(ctx.bodyLimit), { minLength: 1, maxLength: 3 }))
    .map(([value, mutations]) => jsonText(mutate(value, mutations)));
  return fc.oneof(
    { weight: 12, arbitrary: mutated.map(json) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([value, type]) => ({ contentType: type || null, bytes: utf8(jsonText(value)) })),
    },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_JSON).map(json) },
    { weight: 1, arbitrary: fc.tuple(valid, fc.nat()).map(([value, cut]) => json(jsonText(value).slice(0, cut % (jsonText(value).length + 1)))) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => ({ contentType: 'application/json', bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes, 0x22, 0x7d]) })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', bytes: null }) },
  );
}

/** A body for an operation that declares none: none, or when hostile one anyway. */
function strayBody(hostile: boolean): fc.Arbitrary<Body> {
  if (!hostile) return fc.constant({ contentType: null, bytes: null });
  return fc.oneof(fc.constantFrom(...BAD_JSON, '{"a":1}').map(json), fc.constant({ contentType: 'text/plain', bytes: utf8('hello') }));
}

function bodyOf(operation: Operation, ctx: RequestContext, hostile: boolean): fc.Arbitrary<Body> {
  const content = operation.body?.content ?? {};
  if (content['multipart/form-data']) return multipartBody(content['multipart/form-data'], ctx, hostile);
  if (content['application/json']) return jsonBody(content['application/json'], ctx, hostile);
  return strayBody(hostile);
}

/** Headers some layer might trust: forwarded addresses, overrides, odd encodings. */
const HOSTILE_HEADERS: [string, string][] = [
  ['x-forwarded-for', '127.0.0.1'],
  ['x-http-method-override', 'DELETE'],
  ['x-org-id', 'other'],
  ['accept', 'text/html'],
  ['accept', 'application/xml'],
  ['accept-encoding', 'gzip, br, zstd, identity;q=0'],
  ['content-encoding', 'gzip'],
  ['transfer-encoding', 'chunked'],
  ['expect', '100-continue'],
  ['host', 'evil.example'],
  ['x-forwarded-host', 'evil.example'],
  ['origin', 'https://evil.example'],
];

/** Which kind of id a path is about, from the words in it: the first that matches wins. */
const PATH_ID_KINDS: [RegExp, IdKind[]][] = [
  [/^\/files\//, ['links']],
  [/merge/, ['merges']],
  [/keys|scoped-key/, ['keys']],
  [/memor|inferred/, ['memories', 'documents']],
  [/documents|conversations/, ['documents']],
];

function preferredIds(operation: Operation, ctx: RequestContext): string[] {
  const kinds = PATH_ID_KINDS.find(([words]) => words.test(operation.template))?.[1] ?? [];
  return kinds.flatMap((kind) => ctx.pools.ids[kind]);
}

/**
 * Requests for one operation of the document. Some are valid all through (so the server does
 * real work with real rows); the others carry faults in one or two layers.
 */
export function requestArbitrary(operation: Operation, shared: RequestContext): fc.Arbitrary<FuzzRequest> {
  const ctx: RequestContext = { ...shared, preferredIds: preferredIds(operation, shared) };
  const faults = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Layer[]>([]) },
    { weight: 3, arbitrary: fc.subarray([...LAYERS], { minLength: 1, maxLength: 2 }) },
  );
  return faults.chain((hostile) =>
    fc
      .record({
        path: pathOf(operation, ctx, hostile.includes('path')),
        query: queryOf(operation, ctx, hostile.includes('query')),
        auth: authorization(ctx, hostile.includes('auth')),
        body: bodyOf(operation, ctx, hostile.includes('body')),
        header: hostile.includes('headers') ? fc.constantFrom(...HOSTILE_HEADERS) : fc.constant(null),
      })
      .map(({ path, query, auth, body, header }) => {
        const headers: Record<string, string> = { ...auth };
        if (body.contentType !== null) headers['content-type'] = body.contentType;
        if (header) headers[header[0]] = header[1];
        // Stated, not left to node:http: it would send a DELETE body with neither a length nor chunking.
        if (body.bytes && !headers['transfer-encoding']) headers['content-length'] = String(body.bytes.byteLength);
        return { operation: operation.id, method: operation.method, path: `${path}${query}`, headers, body: body.bytes };
      }),
  );
}
