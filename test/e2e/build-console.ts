import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = join(ROOT, 'console');
const BUILT = join(ROOT, 'dist/console/index.html');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function builtAt(): number {
  try {
    return statSync(BUILT).mtimeMs;
  } catch {
    return 0;
  }
}

/** Builds the console once for the e2e project when dist/console is missing or older than its source. */
export default function setup(): void {
  if (builtAt() >= newestChange(SOURCE)) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', SOURCE, '--logLevel', 'warn'], {
    cwd: ROOT,
    // The test runner's NODE_ENV=test would give React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}
