import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_FILES } from './module-mocking-files.js';

const ROOT = resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('unit files that replace modules', () => {
  it('are exactly the ones listed to run in a process of their own', () => {
    const mocking = ['src', 'console/src', 'scripts', 'test']
      .flatMap(testFiles)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8')))
      .map((file) => relative(ROOT, join(ROOT, file)))
      .filter((file) => file !== 'test/helpers/module-mocking-files.test.ts')
      .sort();
    expect(mocking).toEqual([...MODULE_MOCKING_FILES].sort());
  });
});
