import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/store/database.js';
import { insertOrgIfMissing } from '../../src/store/keys.js';
import { createTestDatabase, dropTestDatabase } from './pg-cluster.js';
import { readPgliteTemplate } from './pglite-template.js';
import { driver } from './server.js';

export interface StoreFixture {
  database: Database;
  close(): Promise<void>;
}

/**
 * A migrated database of its own on the project's driver: in-memory PGlite, or a fresh PostgreSQL
 * database (`idleInTransactionTimeoutMs` for its pool; the default otherwise).
 */
export async function openStoreDatabase(options: { idleInTransactionTimeoutMs?: number } = {}): Promise<StoreFixture> {
  if (driver === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', template: await readPgliteTemplate() });
    return { database, close: () => database.close() };
  }
  const pgUrl = inject('pgUrl');
  if (!pgUrl) throw new Error('no PostgreSQL for the api-postgres project');
  const name = `engram_s_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: await createTestDatabase(pgUrl, name), dataDir: 'memory://', poolSize: 4, ...options });
  return {
    database,
    close: async () => {
      await database.close();
      await dropTestDatabase(pgUrl, name);
    },
  };
}

let counter = 0;
/** A unique id in the shape the store uses. */
export const newId = (prefix = 'id') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(4).toString('hex')}`;

/** Creates an organization and returns its id. */
export async function newOrg(database: Database, name = newId('org')): Promise<string> {
  return (await insertOrgIfMissing(database.db, { id: newId('o'), name, slug: name })).id;
}

export interface TwoOrgStore {
  database: Database;
  orgA: string;
  orgB: string;
}

/**
 * Registers beforeAll/afterAll that open a store database with two organizations (to show that one
 * never sees the other's rows); the returned object is filled in before the first test runs.
 */
export function useTwoOrgStore(): TwoOrgStore {
  const store = {} as TwoOrgStore;
  let fixture: StoreFixture | undefined;
  beforeAll(async () => {
    fixture = await openStoreDatabase();
    store.database = fixture.database;
    store.orgA = await newOrg(store.database);
    store.orgB = await newOrg(store.database);
  });
  afterAll(async () => fixture?.close());
  return store;
}
