import { defineConfig } from 'vitest/config';

/** Over HTTP, and the store contract below it: both run on each driver. */
const apiTests = ['test/api/**/*.test.ts', 'test/store/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', './test/helpers/no-skipped-tests.ts'] : ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'test/fakes/**/*.test.ts', 'test/helpers/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: [...apiTests, 'test/cli/**/*.test.ts'],
          env: { ENGRAM_TEST_DRIVER: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { ENGRAM_TEST_DRIVER: 'postgres' },
          globalSetup: ['test/helpers/postgres-setup.ts'],
        },
      },
    ],
  },
});
