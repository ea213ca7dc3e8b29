import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedPgliteTemplate, openDatabase, type Database } from './database.js';
import { insertOrgIfMissing } from './keys.js';

const rows = async (database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

describe('embedded database template', () => {
  it('starts in-memory databases migrated and empty, each independent of the others', async () => {
    const template = await migratedPgliteTemplate();
    const first = await openDatabase({ dataDir: 'memory://', template });
    const second = await openDatabase({ dataDir: 'memory://', template });
    try {
      await insertOrgIfMissing(first.db, { id: 'o1', name: 'one', slug: 'one' });
      expect(await rows(first, sql`select id from orgs`)).toEqual([{ id: 'o1' }]);
      expect(await rows(second, sql`select id from orgs`)).toEqual([]);
      expect(await rows(second, sql`select 1 from pg_type where typname = 'vector'`)).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('embedded database settings', () => {
  it('sizes the page cache as configured and keeps PGlite’s other start-up settings', async () => {
    const database = await openDatabase({ dataDir: 'memory://', template: await migratedPgliteTemplate(), sharedBuffersMb: 48 });
    try {
      expect(await rows(database, sql`SELECT current_setting('shared_buffers') AS value`)).toEqual([{ value: '48MB' }]);
      expect(await rows(database, sql`SELECT current_setting('max_parallel_workers') AS value`)).toEqual([{ value: '0' }]);
    } finally {
      await database.close();
    }
  });
});
