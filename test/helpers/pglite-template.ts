import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

/** The run's migrated embedded database (pglite-template-setup.ts), or undefined in a project without it. */
export async function readPgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}
