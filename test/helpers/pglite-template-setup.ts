import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate } from '../../src/store/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * One migrated embedded database for the whole run, dumped to a file: every in-memory database a test
 * opens starts from it (readPgliteTemplate) instead of initialising a cluster and migrating it again.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'engram-pglite-template-'));
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await migratedPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
