import { and, eq } from 'drizzle-orm';
import type { Tx } from './database.js';
import type { ApiKeyRow } from './orgs.js';
import { apiKeys } from './schema.js';

export async function findApiKeyById(db: Tx, orgId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .limit(1);
  return row;
}
