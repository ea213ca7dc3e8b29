import { eq, inArray } from 'drizzle-orm';
import type { Tx } from './database.js';
import { firstRow } from './rows.js';
import { kindSecrets } from './schema/kind-secrets.js';

/**
 * The rows a kind keeps (the `kind` column): its secret under the kind's name, the latest token a
 * provider sent after it (`{kind}#unsolicited`, kept for an admin to see, never used), and when an
 * event first verified with the secret (`{kind}#verified`, its `secret` empty).
 */
const unsolicitedRow = (kind: string) => `${kind}#unsolicited`;
const verifiedRow = (kind: string) => `${kind}#verified`;

/** Stores a kind's secret (sealed by the caller), replacing the one before; forgets the unsolicited token and the verification. */
export async function putKindSecret(db: Tx, kind: string, sealed: string, receivedAt: Date): Promise<void> {
  await db
    .insert(kindSecrets)
    .values({ kind, secret: sealed, receivedAt })
    .onConflictDoUpdate({ target: kindSecrets.kind, set: { secret: sealed, receivedAt } });
  await db.delete(kindSecrets).where(inArray(kindSecrets.kind, [unsolicitedRow(kind), verifiedRow(kind)]));
}

/** Stores a kind's secret only when it has none yet; false: one is kept already. */
export async function putKindSecretIfAbsent(db: Tx, kind: string, sealed: string, receivedAt: Date): Promise<boolean> {
  const inserted = await db.insert(kindSecrets).values({ kind, secret: sealed, receivedAt }).onConflictDoNothing().returning({ kind: kindSecrets.kind });
  return inserted.length > 0;
}

export async function getKindSecret(db: Tx, kind: string): Promise<{ sealed: string; receivedAt: Date } | undefined> {
  const row = await firstRow(db, kindSecrets, eq(kindSecrets.kind, kind));
  return row ? { sealed: row.secret, receivedAt: row.receivedAt } : undefined;
}

/** A token sent while the kind has a secret: recorded (the latest only), never used to verify. */
export async function putUnsolicitedKindSecret(db: Tx, kind: string, sealed: string, receivedAt: Date): Promise<void> {
  await putRow(db, unsolicitedRow(kind), sealed, receivedAt);
}

export function getUnsolicitedKindSecret(db: Tx, kind: string): Promise<{ sealed: string; receivedAt: Date } | undefined> {
  return getKindSecret(db, unsolicitedRow(kind));
}

/** Records the first event that verified with the kind's secret (later ones leave it). */
export async function markKindSecretVerified(db: Tx, kind: string, at: Date): Promise<void> {
  await db
    .insert(kindSecrets)
    .values({ kind: verifiedRow(kind), secret: '', receivedAt: at })
    .onConflictDoNothing();
}

export async function kindSecretVerifiedAt(db: Tx, kind: string): Promise<Date | null> {
  return (await getKindSecret(db, verifiedRow(kind)))?.receivedAt ?? null;
}

/** Forgets a kind's secret, its unsolicited token and its verification: the next token sent is kept. */
export async function deleteKindSecret(db: Tx, kind: string): Promise<boolean> {
  const gone = await db
    .delete(kindSecrets)
    .where(inArray(kindSecrets.kind, [kind, unsolicitedRow(kind), verifiedRow(kind)]))
    .returning({ kind: kindSecrets.kind });
  return gone.some((row) => row.kind === kind);
}

async function putRow(db: Tx, kind: string, secret: string, receivedAt: Date): Promise<void> {
  await db.insert(kindSecrets).values({ kind, secret, receivedAt }).onConflictDoUpdate({ target: kindSecrets.kind, set: { secret, receivedAt } });
}
