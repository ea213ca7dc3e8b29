import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentRecord } from '../model/documents.js';
import type { Tx } from './database.js';
import { documents } from './schema/documents.js';

/** The documents a connection imported for these external ids, locked for the rest of the transaction. */
export async function lockImportedDocuments(db: Tx, connectionId: string, externalIds: string[]): Promise<DocumentRecord[]> {
  if (externalIds.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.connectionId, connectionId), inArray(documents.externalId, externalIds)))
    .for('update');
}

/** The version (`source_version`) each document a connection imported was imported at, by external id. */
export async function listImportedVersions(db: Tx, connectionId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ externalId: documents.externalId, version: documents.sourceVersion })
    .from(documents)
    .where(eq(documents.connectionId, connectionId));
  const versions = new Map<string, string>();
  for (const row of rows) if (row.externalId !== null) versions.set(row.externalId, row.version ?? '');
  return versions;
}

export async function listImportedExternalIds(db: Tx, connectionId: string): Promise<string[]> {
  const rows = await db.select({ externalId: documents.externalId }).from(documents).where(eq(documents.connectionId, connectionId));
  return rows.map((r) => r.externalId).filter((id): id is string => id !== null);
}
