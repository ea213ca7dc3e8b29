import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../src/store/schema/connections.js';
import type { ConnectorKind } from '../../src/model/connections.js';
import { newId, newOrg, openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';

/** Data migrations, run again on rows as an older version left them. */
describe('store: data migrations', () => {
  let fixture: StoreFixture;
  beforeAll(async () => {
    fixture = await openStoreDatabase();
  });
  afterAll(async () => fixture?.close());

  it('gives connections left pending by an older version the lifetime of their authorization link', async () => {
    const { db } = fixture.database;
    const orgId = await newOrg(fixture.database);
    const changed = new Date('2026-11-01T10:00:00Z');
    const linked = new Date('2026-11-22T10:00:00Z');
    const row = (kind: string, status: string, expiresAt: Date | null) => ({
      id: newId('c'),
      orgId,
      kind: kind as ConnectorKind,
      containerTag: kind,
      status,
      expiresAt,
      updatedAt: changed,
    });
    const rows = [row('google-drive', 'pending', null), row('notion', 'active', null), row('onedrive', 'pending', linked)];
    await db.insert(connections).values(rows);

    const migration = readFileSync(new URL('../../drizzle/0015_old_pending_connections_expire.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration));

    const expiry = async (id: string) => (await db.select({ expiresAt: connections.expiresAt }).from(connections).where(eq(connections.id, id)))[0].expiresAt;
    expect(await expiry(rows[0].id)).toEqual(new Date('2026-11-01T11:00:00Z'));
    expect(await expiry(rows[1].id)).toBeNull();
    expect(await expiry(rows[2].id)).toEqual(linked);
  });
});
