import { describe, expect, it } from 'vitest';
import { InvalidInputError, TooLargeError } from '../../model/errors.js';
import { joinLines, readLines } from './ndjson.js';

const bytes = (...parts: string[]) =>
  (async function* () {
    for (const part of parts) yield Buffer.from(part);
  })();

async function collect(body: AsyncIterable<Uint8Array>, limits = { maxLineBytes: 20, maxTotalBytes: 100 }) {
  const out: [number, string][] = [];
  for await (const line of readLines(body, limits)) out.push([line.number, line.text]);
  return out;
}

describe('readLines', () => {
  it('numbers lines across chunk boundaries, counting blank lines and dropping CR', async () => {
    expect(await collect(bytes('{"a":', '1}\r\n\n{"b"', ':2}'))).toEqual([
      [1, '{"a":1}'],
      [3, '{"b":2}'],
    ]);
  });

  it('refuses a line over the limit with its number before reading the rest', async () => {
    const error = await collect(bytes('short\n', 'x'.repeat(15), 'x'.repeat(15), '\nnever')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).details).toMatch(/line 2: longer than 20 bytes/);
  });

  it('refuses a body over the total limit as too large', async () => {
    const error = await collect(bytes(...Array.from({ length: 12 }, () => 'ten bytes\n'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLargeError);
  });
});

describe('joinLines', () => {
  it('joins whole lines into chunks of at least the given size, losing and splitting none', async () => {
    const lines = (async function* () {
      for (const line of ['aaa\n', 'bb\n', 'c\n', 'dddd\n', 'e\n']) yield line;
    })();
    const chunks: string[] = [];
    for await (const chunk of joinLines(lines, 6)) chunks.push(chunk);
    expect(chunks).toEqual(['aaa\nbb\n', 'c\ndddd\n', 'e\n']);
  });
});
