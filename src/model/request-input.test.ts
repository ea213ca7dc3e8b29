import { describe, expect, it } from 'vitest';
import { findInputProblem, MAX_JSON_DEPTH, unstorableText } from './request-input.js';

describe('request input PostgreSQL can store', () => {
  it('accepts ordinary text, paired surrogates included', () => {
    for (const text of ['', 'plain', 'emoji 😀 and 𝄞', 'é\u00ff\uFFFD']) expect(unstorableText(text)).toBeUndefined();
  });

  it('names NUL and unpaired surrogates at either end of a string', () => {
    expect(unstorableText('a\u0000')).toMatch(/NUL/);
    for (const text of ['\uD800', 'x\uD83Dy', '\uDE00', 'a\uDC00b', '😀\uD83D']) expect(unstorableText(text)).toMatch(/unpaired/);
  });

  it('finds the first bad value or key and gives its path', () => {
    expect(findInputProblem({ a: [1, 'ok', { b: 'x\u0000' }], c: '\uD800' })).toEqual({ path: ['a', 2, 'b'], message: 'contains a NUL character' });
    expect(findInputProblem({ meta: { 'k\uDFFF': 1 } })).toMatchObject({ path: ['meta'], message: expect.stringMatching(/^a key contains an unpaired/) });
    expect(findInputProblem({ a: [null, true, 3, 'fine'] })).toBeUndefined();
  });

  it('bounds nesting without recursing, however deep the input', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    const problem = findInputProblem({ deep });
    expect(problem?.message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(problem?.path).toHaveLength(MAX_JSON_DEPTH);

    let fine: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = [fine];
    expect(findInputProblem({ fine })).toBeUndefined();
  });
});
