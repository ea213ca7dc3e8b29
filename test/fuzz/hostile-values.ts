import fc from 'fast-check';

/** JSON text written as it is: numbers JSON.stringify cannot produce (1e309, -0, 2^63) and deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): never {
    throw new Error('RawJson must be written with jsonText');
  }
}

/** Serializes a value that may hold RawJson; lone surrogates come out as \u escapes, as JSON.stringify writes them. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const NUL = '\u0000';
export const HIGH_SURROGATE = '\uD800';
export const LOW_SURROGATE = '\uDFFF';

/** Numbers past what JavaScript, PostgreSQL or a 64-bit integer hold, as JSON number text. */
export const EXTREME_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '-0.0',
  '1e-400',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '1.7976931348623157e308',
  '5e-324',
  '123456789012345678901234567890.5',
  '0.1',
  '-1',
  '0',
  '1E2',
];

/** Strings that look like numbers to some parser and not to another. */
export const NUMBER_LIKE_STRINGS = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '1e999',
  '-0',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '.5',
  '5.',
  '2^63',
  '9223372036854775808',
  '1e-400',
  '',
];

/** Dates JavaScript, PostgreSQL and ISO 8601 disagree about. */
export const EXTREME_DATES = [
  '-271821-04-20',
  '+275760-09-13',
  '+275760-09-14',
  '+200000-01-01',
  '0000-00-00',
  '0000-01-01',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59-05:00',
  '-004714-11-23',
  '294277-01-01',
  '2024-02-30',
  '2024-13-01',
  '2024-01-01T25:61:61Z',
  '1970-01-01T00:00:00.000+25:00',
  '10000-01-01',
  'now',
  'yesterday',
  'infinity',
  '-infinity',
  'epoch',
  '2024-01-01',
  '2024-06-15T12:00:00.000Z',
];

/** Ids that try to leave their segment or smuggle another one, already percent-encoded for a path. */
export const TRAVERSAL_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '..%2F..%2Fsettings',
  '%2e%2e%2f%2e%2e%2fsettings',
  '..%5C..%5C',
  '%252e%252e%252f',
  'a%2Fb',
  '%2F',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%FF',
  '%E0%A4%A',
  '%',
  '%%',
  '%20',
  'x%0D%0ASet-Cookie:%20a=b',
  '%7B%7D',
  'null',
  'undefined',
  '*',
  '%3F',
  '%23',
];

/** Text that means something to SQL, regexes, templates, shells, HTML or URL fetching. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  NUL,
  `a${NUL}b`,
  HIGH_SURROGATE,
  `x${LOW_SURROGATE}y`,
  `${LOW_SURROGATE}${HIGH_SURROGATE}`,
  '\uDBFF\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '\u0301\u0301\u0301',
  'é',
  '👩‍👩‍👧‍👦',
  '%',
  '_',
  '%_%',
  '\\',
  "'",
  '"',
  "' OR 1=1 --",
  "'); DROP TABLE documents; --",
  '$1',
  '${process.env}',
  '{{7*7}}',
  '.*',
  '(a+)+$',
  '[',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..\\..\\windows',
  '/etc/passwd',
  'file:///etc/passwd',
  'http://127.0.0.1:1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:1/',
  'http://localhost/',
  'http://0x7f.1/',
  'gopher://127.0.0.1:1/_x',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'true',
  'null',
  '[]',
  '{}',
  '{"AND":[]}',
  '{"__proto__":{"polluted":1}}',
  ...NUMBER_LIKE_STRINGS,
  ...EXTREME_DATES,
];

/** A string with a NUL or half a surrogate pair put somewhere in it. */
export const pollutedString = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(base, fc.constantFrom(NUL, HIGH_SURROGATE, LOW_SURROGATE, `${NUL}${HIGH_SURROGATE}`), fc.nat()).map(([s, bad, at]) => {
    const i = s.length ? at % (s.length + 1) : 0;
    return s.slice(0, i) + bad + s.slice(i);
  });

/**
 * Lengths around a limit: at it, one past it, and far past it. `bodyLimit` is the server's body
 * limit in bytes, so some of them are refused before any schema is looked at.
 */
export function sizedString(maxLength: number | undefined, bodyLimit: number): fc.Arbitrary<string> {
  const lengths = [maxLength, maxLength === undefined ? undefined : maxLength + 1, 10_001, 65_536, Math.floor(bodyLimit / 2), bodyLimit + 1];
  return fc
    .tuple(fc.constantFrom(...lengths.filter((n): n is number => n !== undefined && n > 0)), fc.constantFrom('a', 'é', '😀', 'word '))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
}

/** `levels` of arrays or objects around `inner`, written as text so no serializer recurses. */
export function deeplyNested(levels: number, key: string | null, inner = '1'): RawJson {
  if (key === null) return new RawJson(`${'['.repeat(levels)}${inner}${']'.repeat(levels)}`);
  const open = `{${JSON.stringify(key)}:[`;
  return new RawJson(`${open.repeat(levels)}${inner}${']}'.repeat(levels)}`);
}

/** Any hostile value for a JSON slot: wrong types, nulls, polluted and huge strings, extreme numbers, deep nesting. */
export function hostileValue(bodyLimit: number, maxLength?: number, key: string | null = null): fc.Arbitrary<unknown> {
  const text = fc.string({ maxLength: 40, unit: 'binary' });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: pollutedString(text) },
    { weight: 2, arbitrary: sizedString(maxLength, bodyLimit) },
    { weight: 3, arbitrary: fc.constantFrom(...EXTREME_NUMBERS).map((n) => new RawJson(n)) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, [], {}, [null], { '': null }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(10, 65, 1_000, 10_000)
        .chain((n) => fc.constantFrom(deeplyNested(n, null), deeplyNested(n, key ?? 'a'), deeplyNested(n, 'AND'))),
    },
    { weight: 1, arbitrary: fc.array(fc.constantFrom<unknown>('x', 1, null, NUL), { minLength: 101, maxLength: 300 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}
