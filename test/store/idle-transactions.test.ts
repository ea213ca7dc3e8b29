import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driver } from '../helpers/server.js';
import { openStoreDatabase, type StoreFixture } from '../helpers/store-database.js';

/** A caller that stalls inside a transaction must not hold its locks and its pool connection for good. */
describe('store: transactions left idle', () => {
  let fixture: StoreFixture;

  beforeAll(async () => {
    fixture = await openStoreDatabase({ idleInTransactionTimeoutMs: 400 });
  });
  afterAll(async () => fixture?.close());

  const setting = async () =>
    ((await fixture.database.db.execute(sql`show idle_in_transaction_session_timeout`)) as unknown as { rows: Record<string, string>[] }).rows[0]
      .idle_in_transaction_session_timeout;

  it("carry the configured idle-in-transaction timeout on PostgreSQL; the embedded database's one session carries none", async () => {
    expect(await setting()).toBe(driver === 'postgres' ? '400ms' : '0');
  });
});
