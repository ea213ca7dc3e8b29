import { and, eq, not } from 'drizzle-orm';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { apiKeys } from './schema/api-keys.js';
import { orgs } from './schema/orgs.js';
import type { ApiKeyRecord, OrgRecord } from '../model/access.js';

export type NewApiKey = typeof apiKeys.$inferInsert;

export async function findOrgByName(db: Tx, name: string): Promise<OrgRecord | undefined> {
  return firstRow(db, orgs, eq(orgs.name, name));
}

export async function insertOrgIfMissing(db: Tx, org: { id: string; name: string; slug: string }): Promise<OrgRecord> {
  await db.insert(orgs).values(org).onConflictDoNothing();
  const row = await findOrgByName(db, org.name);
  if (!row) throw new Error(`organization ${org.name} could not be created`);
  return row;
}

export async function insertApiKey(db: Tx, key: NewApiKey): Promise<ApiKeyRecord> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row;
}

export async function findApiKeyByHash(db: Tx, keyHash: string): Promise<{ key: ApiKeyRecord; org: OrgRecord } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, org: orgs })
    .from(apiKeys)
    .innerJoin(orgs, eq(orgs.id, apiKeys.orgId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

export async function listApiKeys(db: Tx, orgId: string): Promise<ApiKeyRecord[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.orgId, orgId)).orderBy(apiKeys.createdAt);
}

export async function deleteApiKey(db: Tx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function hasAnyApiKey(db: Tx): Promise<boolean> {
  const rows = await db.select({ id: apiKeys.id }).from(apiKeys).limit(1);
  return rows.length > 0;
}

export async function findApiKeyById(db: Tx, orgId: string, id: string): Promise<ApiKeyRecord | undefined> {
  return firstRow(db, apiKeys, and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)));
}

/** Flips `disabled` in one statement, so two concurrent toggles cannot both start from the same value. */
export async function toggleApiKeyDisabled(db: Tx, orgId: string, id: string, now: Date): Promise<ApiKeyRecord | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ disabled: not(apiKeys.disabled), updatedAt: now })
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning();
  return row;
}
