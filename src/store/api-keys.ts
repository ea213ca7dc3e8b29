import { and, eq, not } from 'drizzle-orm';
import type { Tx } from './database.js';
import { apiKeys } from './schema/api-keys.js';
import type { ApiKeyRecord } from '../model/access.js';

export async function findApiKeyById(db: Tx, orgId: string, id: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .limit(1);
  return row;
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
