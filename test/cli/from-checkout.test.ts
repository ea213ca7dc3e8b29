import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

/**
 * The README's `npx engram …` from a checkout after `npm ci`: `npm ci` runs `prepare`, which builds
 * `dist/`; `npx engram` finds the checkout's own `bin` and runs it without building again.
 */
describe('engram from a checkout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-checkout-'));
  // A checkout after `npm ci`: its package.json, dependencies, migrations, scripts and a build.
  const checkout = join(dir, 'engram');
  const npm = (args: string[], env: Record<string, string> = {}) =>
    run('npm', args, {
      cwd: checkout,
      // A cache of its own: nothing is fetched, and the user's npx cache is left alone.
      env: { ...process.env, npm_config_cache: join(dir, 'npm-cache'), npm_config_update_notifier: 'false', LOG_LEVEL: 'warn', ...env },
    });

  const npx = (args: string[], env: Record<string, string> = {}) => npm(['exec', '--', 'engram', ...args], env);

  beforeAll(async () => {
    mkdirSync(checkout);
    copyFileSync(join(ROOT, 'package.json'), join(checkout, 'package.json'));
    for (const linked of ['node_modules', 'drizzle', 'scripts']) symlinkSync(join(ROOT, linked), join(checkout, linked));
    // What `npm run build` writes: the server by tsc (the console build is stood in for).
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(checkout, 'dist')]);
    mkdirSync(join(checkout, 'dist/console'));
    writeFileSync(join(checkout, 'dist/console/index.html'), '<!doctype html>');
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('npm ci builds dist through prepare, and the bin is the built CLI', () => {
    expect(manifest.bin).toEqual({ engram: 'dist/cli.js' });
    expect(manifest.scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(readFileSync(join(ROOT, 'scripts/prepare.mjs'), 'utf8')).toContain("'run', 'build'");
    expect(readFileSync(join(ROOT, 'src/cli.ts'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('npx engram runs the commands the README names', async () => {
    const version = await npx(['--version']);
    expect(version.stdout.trim()).toBe(manifest.version);

    const help = await npx(['--help']);
    for (const command of ['serve', 'worker', 'keys', 'mcp', 'reembed', 'export', 'import']) expect(help.stdout).toMatch(new RegExp(`^ {2}${command}\\b`, 'm'));

    const created = await npx(['keys', 'create', '--org', 'acme', '--role', 'member'], { DATA_DIR: join(dir, 'data') });
    expect(created.stdout.trim()).toMatch(/^em_[0-9A-Za-z]{40}$/);
  }, 180_000);

  it('README and the operations guide spell every command as `npx engram` and say how to install it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npx engram');
    expect(readme).toMatch(/npm link/);
    // A shell line starting with a bare `engram` would not run from a checkout.
    const shellBlocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    for (const block of shellBlocks) expect(block).not.toMatch(/^engram /m);
  });

  it('README shows the official SDK pointed at engram, by options and by environment', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain("new Supermemory({ apiKey: process.env.ENGRAM_API_KEY, baseURL: 'http://127.0.0.1:8787' })");
    expect(readme).toContain('SUPERMEMORY_BASE_URL=http://127.0.0.1:8787');
    expect(readme).toContain('SUPERMEMORY_API_KEY=em_...');
  });
});
