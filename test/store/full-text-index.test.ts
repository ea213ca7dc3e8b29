import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMemories } from '../../src/store/memories/writes.js';
import { queryRows } from '../../src/store/sql.js';
import { newId, useTwoOrgStore } from '../helpers/store-database.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe('store: full-text index', () => {
  const store = useTwoOrgStore();

  it('keeps what a lookup reads bounded after a burst of writes (the pending list is merged early)', async () => {
    // Distinct words per memory, as real text has: each adds its own entries to the index.
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      id: newId('m'),
      orgId: store.orgA,
      containerTag: 'burst',
      memory: `Note ${i}: word${i}a word${i}b word${i}c word${i}d met${i % 97} city${i % 89} with item${i % 83} and tool${i % 79}`,
    }));
    await insertMemories(store.database.db, rows);

    // Through the index whatever the planner's estimate (which counts the pending pages too).
    const [row] = await store.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
      return queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
        tx,
        sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT id FROM memories WHERE tsv @@ plainto_tsquery('simple', 'zyxwvut')`,
      );
    });
    const explained = row['QUERY PLAN'];
    const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained)[0].Plan as PlanNode;
    const lookup = nodes(plan).find((n) => n['Index Name'] === 'memories_tsv_idx');
    expect(lookup, 'the lookup uses the full-text index').toBeDefined();
    // At the default limit of 4 MB the words of 3,000 memories stay pending (the lookup read 88
    // pages); merged at 256 kB, at most 32 pages of pending list remain to be read.
    const pages = (lookup!['Shared Hit Blocks'] ?? 0) + (lookup!['Shared Read Blocks'] ?? 0);
    expect(pages).toBeLessThanOrEqual(40);
  });
});
