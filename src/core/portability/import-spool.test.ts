import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImportSpool } from './import-spool.js';
import type { NumberedLine } from './ndjson.js';
import { TooLargeError } from '../../model/errors.js';

const limits = { maxLineBytes: 1024, maxTotalBytes: 64 * 1024 };

async function* arriving(...chunks: string[]) {
  for (const chunk of chunks) yield Buffer.from(chunk);
}

async function all(lines: AsyncIterator<NumberedLine>): Promise<NumberedLine[]> {
  const read: NumberedLine[] = [];
  for (let next = await lines.next(); !next.done; next = await lines.next()) read.push(next.value);
  return read;
}

describe('import spool', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'engram-spool-test-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('reads back what it received, numbered alike, and leaves nothing on disk once disposed', async () => {
    const spool = await ImportSpool.open(join(root, 'tmp'), limits);
    const checked = await spool.receive(arriving('{"a":1}\n\n{"b"', ':2}\n{"c":3}'), all);
    expect(checked.map((l) => l.number)).toEqual([1, 3, 4]);
    expect(await all(spool.lines())).toEqual(checked);
    await spool.record(['d:one', 'c:two']);
    await spool.record(['m:three']);
    const recorded: string[] = [];
    for await (const entry of spool.recorded()) recorded.push(entry);
    expect(recorded).toEqual(['d:one', 'c:two', 'm:three']);
    await spool.dispose();
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('refuses a body past the limit while it arrives', async () => {
    const spool = await ImportSpool.open(root, { maxLineBytes: 1024, maxTotalBytes: 10 });
    await expect(spool.receive(arriving('{"a":1}\n', '{"b":2}\n'), all)).rejects.toBeInstanceOf(TooLargeError);
    await spool.dispose();
    expect(await readdir(root)).toEqual([]);
  });
});
