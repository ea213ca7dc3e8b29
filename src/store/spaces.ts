import { and, eq } from 'drizzle-orm';
import type { Tx } from './database.js';
import { spaces } from './schema/spaces.js';

/** Container tags come into being on first write. */
export async function ensureSpace(db: Tx, orgId: string, containerTag: string, id: string): Promise<void> {
  await db.insert(spaces).values({ id, orgId, containerTag }).onConflictDoNothing();
}

export async function setSpaceEntityContext(db: Tx, orgId: string, containerTag: string, entityContext: string | null): Promise<void> {
  await db
    .update(spaces)
    .set({ entityContext, updatedAt: new Date() })
    .where(and(eq(spaces.orgId, orgId), eq(spaces.containerTag, containerTag)));
}
