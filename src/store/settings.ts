import { eq } from 'drizzle-orm';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { orgSettings } from './schema/org-settings.js';

export type OrgSettingsRow = typeof orgSettings.$inferSelect;

export async function getOrgSettings(db: Tx, orgId: string): Promise<OrgSettingsRow | undefined> {
  return firstRow(db, orgSettings, eq(orgSettings.orgId, orgId));
}

/** The org's settings row, created empty if missing and locked so concurrent updates serialise. */
export async function lockOrgSettings(db: Tx, orgId: string): Promise<OrgSettingsRow> {
  await db.insert(orgSettings).values({ orgId }).onConflictDoNothing();
  const [row] = await db.select().from(orgSettings).where(eq(orgSettings.orgId, orgId)).for('update').limit(1);
  return row;
}

export async function saveOrgSettings(db: Tx, orgId: string, values: Pick<OrgSettingsRow, 'settings' | 'sealedSecrets'>, now: Date): Promise<void> {
  await db
    .update(orgSettings)
    .set({ ...values, updatedAt: now })
    .where(eq(orgSettings.orgId, orgId));
}

/** True when the org had stored settings. */
export async function deleteOrgSettings(db: Tx, orgId: string): Promise<boolean> {
  const rows = await db.delete(orgSettings).where(eq(orgSettings.orgId, orgId)).returning({ orgId: orgSettings.orgId });
  return rows.length > 0;
}
