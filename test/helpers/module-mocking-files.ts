/**
 * The unit test files that replace modules (`vi.mock`): they run each in a fresh process, as a
 * mocked module must not reach the files after them in a shared one. `module-mocking-files.test.ts`
 * keeps this list true.
 */
export const MODULE_MOCKING_FILES = [
  'src/convert/fetch-url.pinning.test.ts',
  'src/core/search/lexeme-frequencies.test.ts',
  'test/helpers/postgres-setup.test.ts',
];
