import { sql, type SQL } from 'drizzle-orm';
import { INTERNAL_FAILURE } from '../../src/pipeline/worker.js';
import type { Db } from '../../src/store/database.js';
import { queryRows } from '../../src/store/sql.js';
import { computeProfile, readProfile } from '../../src/store/profiles.js';
import type { ProfileEntry } from '../../src/model/profiles.js';

const UNFINISHED_DOCUMENTS = sql`SELECT id, status, container_tag FROM documents WHERE status NOT IN ('done', 'failed')`;
const UNFINISHED_JOBS = sql`SELECT id, kind, status, attempts, max_attempts, document_id FROM jobs WHERE status NOT IN ('done', 'failed')`;
const UNFINISHED_MERGES = sql`SELECT id, status FROM container_tag_merges WHERE status NOT IN ('completed', 'failed')`;

/**
 * Waits until every document, job and merge has ended, or the deadline passes. Returns what is
 * still unfinished then (empty when everything ended).
 */
export async function settle(db: Db, deadlineMs: number): Promise<string[]> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const pending = [
      ...(await queryRows<Record<string, unknown>>(db, UNFINISHED_DOCUMENTS)).map((r) => `document ${JSON.stringify(r)} never reached done or failed`),
      ...(await queryRows<Record<string, unknown>>(db, UNFINISHED_JOBS)).map((r) => `job ${JSON.stringify(r)} never ended`),
      ...(await queryRows<Record<string, unknown>>(db, UNFINISHED_MERGES)).map((r) => `merge ${JSON.stringify(r)} never ended`),
    ];
    if (pending.length === 0 || Date.now() > deadline) return pending;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** How many documents ended in each status and why those that failed did, for the report of a long run. */
export async function documentOutcomes(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows<{ outcome: string; n: number }>(
    db,
    sql`SELECT status || coalesce(': ' || left(error, 120), '') AS outcome, count(*)::int AS n FROM documents GROUP BY 1 ORDER BY 2 DESC`,
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

/** Invariants of the stored data: each query returns the rows that break one. */
const INVARIANTS: [string, SQL][] = [
  ['job ran past its attempts', sql`SELECT id, kind, attempts, max_attempts FROM jobs WHERE attempts > max_attempts`],
  ['job of another organization than its document', sql`SELECT j.id FROM jobs j JOIN documents d ON d.id = j.document_id WHERE j.org_id <> d.org_id`],
  [
    'chunk of another organization or tag than its document',
    sql`SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.org_id <> d.org_id OR c.container_tag <> d.container_tag`,
  ],
  [
    'chunk of a done document without an embedding',
    sql`SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.status = 'done' AND c.embedding IS NULL`,
  ],
  [
    'file of another organization than its document',
    sql`SELECT f.document_id FROM document_files f JOIN documents d ON d.id = f.document_id WHERE f.org_id <> d.org_id`,
  ],
  [
    'document with a file flag but no file, or a file but no flag',
    sql`SELECT d.id FROM documents d LEFT JOIN document_files f ON f.document_id = d.id WHERE d.has_file <> (f.document_id IS NOT NULL)`,
  ],
  [
    'memory source across organizations',
    sql`SELECT s.memory_id, s.document_id FROM memory_sources s JOIN memories m ON m.id = s.memory_id JOIN documents d ON d.id = s.document_id WHERE s.org_id <> m.org_id OR s.org_id <> d.org_id`,
  ],
  [
    'memory whose parent is missing or elsewhere',
    sql`SELECT m.id FROM memories m LEFT JOIN memories p ON p.id = m.parent_memory_id WHERE m.parent_memory_id IS NOT NULL AND (p.id IS NULL OR p.org_id <> m.org_id)`,
  ],
  [
    'memory whose root is missing or elsewhere',
    sql`SELECT m.id FROM memories m LEFT JOIN memories r ON r.id = m.root_memory_id WHERE m.root_memory_id IS NOT NULL AND (r.id IS NULL OR r.org_id <> m.org_id)`,
  ],
  [
    'version chain with more than one latest version',
    sql`SELECT root_memory_id FROM memories WHERE is_latest AND root_memory_id IS NOT NULL GROUP BY root_memory_id HAVING count(*) > 1`,
  ],
  [
    'live memory in a container tag without a space',
    sql`SELECT m.id, m.container_tag FROM memories m LEFT JOIN spaces s ON s.org_id = m.org_id AND s.container_tag = m.container_tag WHERE s.id IS NULL AND m.is_latest AND NOT m.is_forgotten`,
  ],
  [
    'document in a container tag without a space',
    sql`SELECT d.id, d.container_tag FROM documents d LEFT JOIN spaces s ON s.org_id = d.org_id AND s.container_tag = d.container_tag WHERE s.id IS NULL`,
  ],
  ['failed document without a reason', sql`SELECT id FROM documents WHERE status = 'failed' AND (error IS NULL OR error = '')`],
  // Input within the limits either processes or fails for a reason its owner can act on.
  ['document failed on an internal error', sql`SELECT id, type, title FROM documents WHERE error = ${INTERNAL_FAILURE}`],
];

/** Every broken invariant, with up to five of the rows that break it. */
export async function brokenInvariants(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, query] of INVARIANTS) {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    if (rows.length) problems.push(`${name}: ${rows.length} rows, e.g. ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return problems;
}

/**
 * A digest of every row an organization owns, per table (any table with an org_id column), so a
 * change anywhere shows. Key use times are left out: they change on reading.
 */
export async function organizationDigest(db: Db, orgId: string): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'org_id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await queryRows<{ digest: string }>(
      db,
      sql`SELECT md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at')::text, '|' ORDER BY (to_jsonb(t) - 'last_used_at')::text), '')) AS digest FROM ${sql.identifier(table)} t WHERE org_id = ${orgId}`,
    );
    digest[table] = row.digest;
  }
  return digest;
}

type ProfileLists = Record<string, string[]>;

/** The memory ids of each list of a profile, those expired by now left out (reads drop them too). */
function profileIds(
  profile: { staticEntries: ProfileEntry[]; dynamicEntries: ProfileEntry[]; bucketEntries: Record<string, ProfileEntry[]> } | undefined,
  now: Date,
): ProfileLists {
  const ids = (entries: ProfileEntry[] = []) =>
    entries
      .filter((e) => !e.forgetAfter || new Date(e.forgetAfter) > now)
      .map((e) => e.memoryId)
      .sort();
  const lists: ProfileLists = { static: ids(profile?.staticEntries), dynamic: ids(profile?.dynamicEntries) };
  for (const [key, entries] of Object.entries(profile?.bucketEntries ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (ids(entries).length) lists[`bucket ${key}`] = ids(entries);
  }
  return lists;
}

/**
 * Tags whose stored profile differs from what their memories give now. A profile is materialized
 * whenever a tag's memories change, so once everything has ended the two must agree.
 */
export async function staleProfiles(db: Db, now = new Date()): Promise<string[]> {
  const scopes = await queryRows<{ org_id: string; container_tag: string }>(
    db,
    sql`SELECT org_id, container_tag FROM memories UNION SELECT org_id, container_tag FROM profiles ORDER BY 1, 2`,
  );
  const stale: string[] = [];
  for (const { org_id: orgId, container_tag: tag } of scopes) {
    const stored = profileIds(await readProfile(db, orgId, tag), now);
    const current = profileIds(await computeProfile(db, orgId, tag, now), now);
    if (JSON.stringify(stored) !== JSON.stringify(current))
      stale.push(`profile of ${tag} in org ${orgId}: stored ${JSON.stringify(stored)}, memories give ${JSON.stringify(current)}`);
  }
  return stale;
}
