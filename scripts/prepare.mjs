// `npm ci` and `npm install` run this (the `prepare` script) to build the server and the console.
// `npx engram` from a checkout installs the checkout into npm's exec cache, which runs `prepare`
// again: there the build `npm ci` made is used as it is, so the first `npx engram` starts at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// npm runs it in the package's folder.
const built = existsSync('dist/cli.js') && existsSync('dist/console/index.html');
if (process.env.npm_command === 'exec' && built) process.exit(0);
const npm = process.env.npm_execpath;
const result = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
