import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ocrOptions } from './ocr.js';

const require = createRequire(import.meta.url);
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const nodeModules = join(root, 'node_modules');

describe('offline OCR', () => {
  it('loads the worker, the core and the English model from node_modules only', () => {
    const options = ocrOptions();
    for (const path of [options.workerPath, options.corePath, options.langPath]) {
      expect(path?.startsWith(nodeModules)).toBe(true);
      expect(existsSync(path!)).toBe(true);
    }
    expect(existsSync(join(options.langPath!, 'eng.traineddata.gz'))).toBe(true);
    expect(options.cacheMethod).toBe('none');
  });

  it('has a network guard that does catch a connection from a worker thread', async () => {
    const probe = "new (require('node:worker_threads').Worker)(\"try { require('node:net').connect(9, '127.0.0.1') } catch {}\", { eval: true })";
    const { stderr } = await run(process.execPath, ['--require', join(root, 'test/fixtures/convert/no-network.cjs'), '-e', probe]);
    expect(stderr).toContain('NETWORK ATTEMPT (worker): net.Socket.connect');
  });

  it('recognises text in a process where any network access throws, writing nothing to its working directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'engram-ocr-'));
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [
          '--require',
          join(root, 'test/fixtures/convert/no-network.cjs'),
          '--import',
          pathToFileURL(require.resolve('tsx')).href,
          join(root, 'test/fixtures/convert/ocr-offline.ts'),
        ],
        { cwd, timeout: 60_000 },
      );
      expect(stderr).not.toContain('NETWORK ATTEMPT');
      const result = JSON.parse(stdout) as { markdown: string; type: string };
      expect(result.type).toBe('image');
      expect(result.markdown).toContain('Offline works');
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
