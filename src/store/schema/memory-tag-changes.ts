import { sql } from 'drizzle-orm';
import { customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A transaction id (`xid8`), as its decimal text: it is only compared in SQL. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which transactions changed a container tag's memories (or their source links): a row per
 * transaction and tag, written by triggers (migration 0023) in every transaction that inserts,
 * updates or deletes any of them, so no write path can leave it out. Rows are only ever added (no
 * row is written twice, so no writer waits for another): a snapshot of the database taken before a
 * read of the tag, and a row of the tag from a transaction that snapshot does not see, says the tag
 * changed since (`core/memories/tag-snapshot.ts`). The scheduler forgets rows an hour old
 * (`pruneMemoryTagChanges`). No foreign key: an organization's deletion deletes its memories, whose
 * triggers write here.
 */
export const memoryTagChanges = pgTable(
  'memory_tag_changes',
  {
    orgId: text('org_id').notNull(),
    containerTag: text('container_tag').notNull(),
    xact: xid8('xact').notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.containerTag, t.xact] })],
);
