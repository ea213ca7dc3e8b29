import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from '../../src/store/schema/index.js';
import type { Db } from '../../src/store/database.js';
import { insertMemories } from '../../src/store/memories/writes.js';
import { computeProfile } from '../../src/store/profiles.js';
import { parseFilters } from '../../src/model/filters.js';
import { driver } from '../helpers/server.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';

describe('store: profiles', () => {
  const store = useTwoOrgStore();
  const now = new Date('2026-11-28T12:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  async function seed(orgId: string, tag: string) {
    const row = (memory: string, fields: Record<string, unknown> = {}) => ({ id: newId('m'), orgId, containerTag: tag, memory, ...fields });
    const rows = [
      row('Ana lives in Porto', { isStatic: true, sourceCount: 3, updatedAt: at(9) }),
      row('Ana works at Acme', { isStatic: true, sourceCount: 1, updatedAt: at(1), buckets: ['work'] }),
      row('Ana is a pianist', { isStatic: true, sourceCount: 3, updatedAt: at(2) }),
      row('Ana flew to Oslo', { temporalContext: { documentDate: '2026-11-20', eventDate: ['2026-11-21'] }, createdAt: at(5) }),
      row('Ana has a dentist appointment', { temporalContext: { documentDate: '2026-11-25', eventDate: null }, createdAt: at(4), buckets: ['health'] }),
      row('Ana is on call this week', { forgetAfter: new Date('2026-12-01T00:00:00Z'), createdAt: at(3), updatedAt: at(3), buckets: ['work'] }),
      row('Ana was on call last week', { forgetAfter: at(60) }),
      row('Ana used to live in Faro', { isStatic: true, isLatest: false }),
      row('Ana forgot this', { isStatic: true, isForgotten: true }),
      row('Ana likes jazz (inferred)', { isInference: true }),
    ];
    await insertMemories(store.database.db, rows);
  }

  it('reads the static, dynamic and bucket lines of one tag, live and ordered, in one statement outside any transaction', async () => {
    await seed(store.orgA, 'ana');
    await seed(store.orgA, 'other');
    await seed(store.orgB, 'ana');
    // Counted on the embedded database: the statements and transactions the read asks of its client.
    let statements = 0;
    let transactions = 0;
    let db: Db = store.database.db;
    if (driver === 'pglite') {
      const client = (store.database as unknown as { client: PGlite }).client;
      const counting = new Proxy(client, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (typeof value !== 'function') return value;
          if (key === 'query') return (...args: unknown[]) => (statements++, value.apply(target, args));
          if (key === 'transaction') return (...args: unknown[]) => (transactions++, value.apply(target, args));
          return value.bind(target);
        },
      });
      db = drizzle(counting, { schema }) as unknown as Db;
    }
    const profile = await computeProfile(db, store.orgA, 'ana', now);
    if (driver === 'pglite') expect({ statements, transactions }).toEqual({ statements: 1, transactions: 0 });

    expect(profile.staticEntries.map((e) => e.memory)).toEqual(['Ana is a pianist', 'Ana lives in Porto', 'Ana works at Acme']);
    expect(profile.dynamicEntries).toEqual([
      { memoryId: expect.any(String), memory: 'Ana is on call this week', date: '2026-11-28', forgetAfter: '2026-12-01T00:00:00.000Z' },
      { memoryId: expect.any(String), memory: 'Ana has a dentist appointment', date: '2026-11-25', forgetAfter: null },
      { memoryId: expect.any(String), memory: 'Ana flew to Oslo', date: '2026-11-21', forgetAfter: null },
    ]);
    expect(Object.fromEntries(Object.entries(profile.bucketEntries).map(([key, entries]) => [key, entries.map((e) => e.memory)]))).toEqual({
      work: ['Ana works at Acme', 'Ana is on call this week'],
      health: ['Ana has a dentist appointment'],
    });
    // A filtered read narrows the same lists.
    const filtered = await computeProfile(store.database.db, store.orgA, 'ana', now, parseFilters({ AND: [{ key: 'n', value: '1' }] }));
    expect(filtered.staticEntries).toEqual([]);
  });
});
