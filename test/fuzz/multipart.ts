import fc from 'fast-check';
import { HOSTILE_STRINGS, jsonText, NUL, pollutedString } from './hostile-values.js';
import type { Schema } from './operations.js';
import type { RequestContext } from './requests.js';
import { validValue } from './schema-values.js';

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Uint8Array;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** multipart/form-data bytes; header values are written as given (quotes and line breaks included). */
export function encodeMultipart(parts: Part[], boundary = BOUNDARY): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`), part.data, utf8('\r\n'));
  }
  chunks.push(utf8(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** File bytes: real documents of each format; when hostile, cut short, with bytes overwritten, or odd text. */
function fileBytes(ctx: RequestContext, hostile: boolean): fc.Arbitrary<{ bytes: Uint8Array; name: string; type: string }> {
  const sample = fc.constantFrom(...ctx.files);
  const text = (t: string) => ({ bytes: utf8(t), name: 'notes.txt', type: 'text/plain' });
  if (!hostile) return fc.oneof(sample, fc.lorem({ maxCount: 40 }).map(text));
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(sample, fc.nat()).map(([f, cut]) => ({ ...f, bytes: f.bytes.slice(0, cut % f.bytes.length) })) },
    {
      weight: 2,
      arbitrary: fc.tuple(sample, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 })).map(([f, edits]) => {
        const bytes = f.bytes.slice();
        for (const [at, value] of edits) bytes[at % bytes.length] = value;
        return { ...f, bytes };
      }),
    },
    { weight: 1, arbitrary: pollutedString(fc.lorem({ maxCount: 5 })).map(text) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4_000 }).map((bytes) => ({ bytes, name: 'blob.bin', type: 'application/octet-stream' })) },
    { weight: 1, arbitrary: fc.constantFrom('', NUL, '\uFEFF', '#'.repeat(3_000), '>'.repeat(2_000) + ' deep', '{"a":'.repeat(500)).map(text) },
  );
}

const FILENAMES = [
  '../../etc/passwd',
  'a"b.txt',
  'a\r\nX-Injected: 1.txt',
  'é😀.md',
  '',
  '.',
  `${'n'.repeat(300)}.txt`,
  'report.pdf',
  'no-extension',
  'a\\b.docx',
  '%00.txt',
];
const PART_TYPES = [
  'application/octet-stream',
  'text/plain',
  'image/png',
  'application/pdf',
  '',
  'x/y',
  'text/html; charset=utf-16',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

function field(name: string, schema: Schema, ctx: RequestContext, hostile: boolean): fc.Arbitrary<Part | null> {
  const valid = validValue(schema, ctx, name).map((v) => (typeof v === 'string' ? v : jsonText(v)));
  const value = hostile ? fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) }) : valid;
  return fc.option(
    value.map((v) => ({ name, data: utf8(v) })),
    { freq: 2 },
  );
}

type Variant = 'ok' | 'noFile' | 'twoFiles' | 'wrongField' | 'truncated' | 'noBoundary' | 'wrongBoundary' | 'duplicateFields' | 'hugeFile';

/** Uploads for an operation whose document declares a multipart/form-data body. */
export function multipartBody(schema: Schema, ctx: RequestContext, hostile: boolean): fc.Arbitrary<{ contentType: string | null; bytes: Uint8Array }> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const fileField = Object.keys(properties).find((k) => properties[k].format === 'binary') ?? 'file';
  const fields = Object.entries(properties)
    .filter(([name]) => name !== fileField)
    .map(([name, s]) => field(name, s, ctx, hostile));
  const file = fc.record({
    content: fileBytes(ctx, hostile),
    filename: hostile ? fc.option(fc.constantFrom(...FILENAMES), { freq: 2 }) : fc.constant(null),
    type: hostile ? fc.option(fc.constantFrom(...PART_TYPES), { freq: 2 }) : fc.constant(null),
  });
  const variant = hostile
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant<Variant>('ok') },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Variant>('noFile', 'twoFiles', 'wrongField', 'truncated', 'noBoundary', 'wrongBoundary', 'duplicateFields', 'hugeFile'),
        },
      )
    : fc.constant<Variant>('ok');
  return fc.tuple(fc.tuple(...fields), file, variant, fc.nat()).map(([given, f, v, cut]) => {
    const filePart: Part = {
      name: v === 'wrongField' ? 'upload' : fileField,
      filename: f.filename ?? f.content.name,
      type: f.type ?? f.content.type,
      data: v === 'hugeFile' ? new Uint8Array(ctx.bodyLimit + 1).fill(0x61) : f.content.bytes,
    };
    const fieldParts = given.filter((p): p is Part => p !== null);
    const parts = [
      ...fieldParts,
      ...(v === 'duplicateFields' ? fieldParts : []),
      ...(v === 'noFile' ? [] : [filePart]),
      ...(v === 'twoFiles' ? [filePart] : []),
    ];
    let bytes = encodeMultipart(parts);
    if (v === 'truncated') bytes = bytes.slice(0, cut % bytes.length);
    const contentType = v === 'noBoundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${v === 'wrongBoundary' ? 'other' : BOUNDARY}`;
    return { contentType, bytes };
  });
}
