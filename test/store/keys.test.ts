import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/database.js';
import { deleteApiKey, findApiKeyById, findApiKeyByHash, insertApiKey, listApiKeys, toggleApiKeyDisabled } from '../../src/store/keys.js';
import { newId, newOrg, openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';

describe('store: keys', () => {
  let fixture: StoreFixture;
  let database: Database;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    fixture = await openStoreDatabase();
    database = fixture.database;
    orgA = await newOrg(database);
    orgB = await newOrg(database);
  });
  afterAll(async () => fixture?.close());

  const insert = (orgId: string) => {
    const hash = newId('h');
    return insertApiKey(database.db, { id: newId('k'), orgId, name: 'key', keyHash: hash, keyPrefix: 'em_' });
  };

  it('inserts, finds by hash and id, toggles and deletes a key', async () => {
    const key = await insert(orgA);
    expect(await findApiKeyByHash(database.db, key.keyHash)).toMatchObject({ key: { id: key.id }, org: { id: orgA } });
    expect((await findApiKeyById(database.db, orgA, key.id))?.id).toBe(key.id);
    expect((await listApiKeys(database.db, orgA)).map((k) => k.id)).toContain(key.id);

    const disabled = await toggleApiKeyDisabled(database.db, orgA, key.id, new Date());
    expect(disabled?.disabled).toBe(true);
    expect((await toggleApiKeyDisabled(database.db, orgA, key.id, new Date()))?.disabled).toBe(false);

    expect(await deleteApiKey(database.db, orgA, key.id)).toBe(true);
    expect(await findApiKeyByHash(database.db, key.keyHash)).toBeUndefined();
    expect(await deleteApiKey(database.db, orgA, key.id)).toBe(false);
  });

  it("gives another organization nothing of a key: no read, no toggle, no delete", async () => {
    const key = await insert(orgA);
    expect(await findApiKeyById(database.db, orgB, key.id)).toBeUndefined();
    expect((await listApiKeys(database.db, orgB)).map((k) => k.id)).not.toContain(key.id);
    expect(await toggleApiKeyDisabled(database.db, orgB, key.id, new Date())).toBeUndefined();
    expect(await deleteApiKey(database.db, orgB, key.id)).toBe(false);
    expect(await findApiKeyById(database.db, orgA, key.id)).toMatchObject({ id: key.id, disabled: false });
  });
});
