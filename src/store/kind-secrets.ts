import { eq } from 'drizzle-orm';
import type { Tx } from './database.js';
import { kindSecrets } from './schema/kind-secrets.js';

/** Stores a kind's secret (sealed by the caller), replacing the one before. */
export async function putKindSecret(db: Tx, kind: string, sealed: string, receivedAt: Date): Promise<void> {
  await db
    .insert(kindSecrets)
    .values({ kind, secret: sealed, receivedAt })
    .onConflictDoUpdate({ target: kindSecrets.kind, set: { secret: sealed, receivedAt } });
}

export async function getKindSecret(db: Tx, kind: string): Promise<{ sealed: string; receivedAt: Date } | undefined> {
  const [row] = await db.select().from(kindSecrets).where(eq(kindSecrets.kind, kind)).limit(1);
  return row ? { sealed: row.secret, receivedAt: row.receivedAt } : undefined;
}
