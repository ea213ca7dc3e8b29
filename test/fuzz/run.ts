/**
 * `npm run fuzz`: the fuzz suite at full length. FUZZ_RUNS (default 5,000) requests from FUZZ_SEED
 * (default: a new one, printed); FUZZ_PATH replays one reported failure; FUZZ_CONCURRENCY sends
 * that many requests at once per case; `-- --postgres` runs against PostgreSQL (ENGRAM_TEST_PG_URL,
 * or a throwaway cluster) instead of the embedded database.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const postgres = process.argv.includes('--postgres');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS || '5000',
  FUZZ_SEED: process.env.FUZZ_SEED || String(Date.now() % 2 ** 31),
  ...(postgres ? { FUZZ_DRIVER: 'postgres' } : {}),
};
console.log(
  `fuzzing: ${env.FUZZ_RUNS} cases, seed ${env.FUZZ_SEED}${env.FUZZ_PATH ? `, path ${env.FUZZ_PATH}` : ''}, ${postgres ? 'PostgreSQL' : 'embedded database'}`,
);

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', '--project', postgres ? 'api-postgres' : 'api-pglite', 'test/fuzz'], { env, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
