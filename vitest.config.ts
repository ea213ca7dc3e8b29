import { configDefaults, defineConfig } from 'vitest/config';
import { MODULE_MOCKING_FILES } from './test/helpers/module-mocking-files.js';

/** Over HTTP, and the store contract below it. */
const apiTests = ['test/api/**/*.test.ts', 'test/store/**/*.test.ts'];
/**
 * Answered the same on either driver (the embedded database is PostgreSQL too, and these never
 * reach what tells the drivers apart: a pool of connections, locks held across them, notifications,
 * the planner on larger tables): refused input, which is refused before the store; who may see what,
 * decided by the same SQL; the v5 answers' shapes; the served OpenAPI document. They run on the
 * embedded database only (`ALL_API_TESTS_ON_POSTGRES=1` runs them there too); every other API file
 * and the store contract run on both.
 */
const sameOnEitherDriver = ['test/api/**/*.errors.test.ts', 'test/api/**/*.security.test.ts', 'test/api/v5-*.contract.test.ts', 'test/api/openapi.test.ts'];
// The fuzz slice runs on the embedded database only (see docs/development.md, Fuzzing); `npm run fuzz -- --postgres` runs it on PostgreSQL.
const fuzzTests = ['test/fuzz/**/*.test.ts'];
const fuzzOnPostgres = process.env.FUZZ_DRIVER === 'postgres';
/**
 * Files run one after another in a worker without a fresh module graph each: importing the whole
 * server again took about 2.6 s per API file, a third of the suite. Each file must stop what it
 * started; a unit file that replaces modules runs in a process of its own (`unit-mocks`).
 */
const sharedWorker = { isolate: false, setupFiles: ['test/helpers/nothing-left-running.ts'] };

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', './test/helpers/no-skipped-tests.ts', './test/helpers/project-durations.ts'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...sharedWorker,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKING_FILES],
          include: [
            'src/**/*.test.ts',
            'console/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/fakes/**/*.test.ts',
            'test/helpers/**/*.test.ts',
            'test/docs/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', include: MODULE_MOCKING_FILES },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          ...sharedWorker,
          include: [...apiTests, 'test/cli/**/*.test.ts', ...fuzzTests],
          env: { ENGRAM_TEST_DRIVER: 'pglite' },
          globalSetup: ['test/helpers/pglite-template-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          ...sharedWorker,
          include: fuzzOnPostgres ? fuzzTests : apiTests,
          exclude: fuzzOnPostgres || process.env.ALL_API_TESTS_ON_POSTGRES ? configDefaults.exclude : [...configDefaults.exclude, ...sameOnEitherDriver],
          env: { ENGRAM_TEST_DRIVER: 'postgres' },
          globalSetup: ['test/helpers/postgres-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          env: { ENGRAM_TEST_DRIVER: 'pglite' },
          globalSetup: ['test/e2e/build-console.ts', 'test/helpers/pglite-template-setup.ts'],
          // Each file drives a real browser against a real server: one at a time on two cores.
          fileParallelism: false,
          // A page waits on a busy machine's server (search, ingest) longer than expect.poll's 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
