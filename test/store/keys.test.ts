import { describe, expect, it } from 'vitest';
import { deleteApiKey, findApiKeyById, findApiKeyByHash, insertApiKey, listApiKeys, toggleApiKeyDisabled } from '../../src/store/keys.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';

describe('store: keys', () => {
  const store = useTwoOrgStore();

  const insert = (orgId: string) => {
    const hash = newId('h');
    return insertApiKey(store.database.db, { id: newId('k'), orgId, name: 'key', keyHash: hash, keyPrefix: 'em_' });
  };

  it('inserts, finds by hash and id, toggles and deletes a key', async () => {
    const key = await insert(store.orgA);
    expect(await findApiKeyByHash(store.database.db, key.keyHash)).toMatchObject({ key: { id: key.id }, org: { id: store.orgA } });
    expect((await findApiKeyById(store.database.db, store.orgA, key.id))?.id).toBe(key.id);
    expect((await listApiKeys(store.database.db, store.orgA)).map((k) => k.id)).toContain(key.id);

    const disabled = await toggleApiKeyDisabled(store.database.db, store.orgA, key.id, new Date());
    expect(disabled?.disabled).toBe(true);
    expect((await toggleApiKeyDisabled(store.database.db, store.orgA, key.id, new Date()))?.disabled).toBe(false);

    expect(await deleteApiKey(store.database.db, store.orgA, key.id)).toBe(true);
    expect(await findApiKeyByHash(store.database.db, key.keyHash)).toBeUndefined();
    expect(await deleteApiKey(store.database.db, store.orgA, key.id)).toBe(false);
  });

  it('gives another organization nothing of a key: no read, no toggle, no delete', async () => {
    const key = await insert(store.orgA);
    expect(await findApiKeyById(store.database.db, store.orgB, key.id)).toBeUndefined();
    expect((await listApiKeys(store.database.db, store.orgB)).map((k) => k.id)).not.toContain(key.id);
    expect(await toggleApiKeyDisabled(store.database.db, store.orgB, key.id, new Date())).toBeUndefined();
    expect(await deleteApiKey(store.database.db, store.orgB, key.id)).toBe(false);
    expect(await findApiKeyById(store.database.db, store.orgA, key.id)).toMatchObject({ id: key.id, disabled: false });
  });
});
