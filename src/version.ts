import { readFileSync } from 'node:fs';

/** The package's version, read once from package.json (beside src/ and dist/ alike). */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
