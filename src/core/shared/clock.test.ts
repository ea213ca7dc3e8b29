import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../', import.meta.url));
const LAYERS = ['core', 'pipeline', 'store'];
const CLOCK = join('core', 'shared', 'clock.ts');
/** The time of day read past the injected clock: `Date.now` (called or passed) and a `new Date()` without arguments. */
const WALL_CLOCK = /\bDate\.now\b|\bnew Date\(\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the clock', () => {
  it('is the only reader of the time of day in core, pipeline and store', () => {
    const reads = LAYERS.flatMap((layer) => sourceFiles(join(src, layer)))
      .filter((path) => relative(src, path) !== CLOCK)
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => {
            const code = line.trim();
            if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
            return WALL_CLOCK.test(code) ? [`${relative(src, path)}:${i + 1}: ${code}`] : [];
          }),
      );
    expect(reads).toEqual([]);
  });
});
