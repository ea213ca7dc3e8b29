/**
 * What a code-host sync remembers per repository. Its size is bounded by the number of
 * repositories (at most MAX_REPOSITORIES): per repository three commit shas, two ETags, a
 * timestamp, at most MAX_AT_SINCE issue numbers and one file path, about 1.5 KB plus the path.
 */
export interface RepoCursor {
  /** The commit whose files are all imported; null before the first full listing. */
  head: string | null;
  /** ETag of the head query that found the newest commit we know. */
  headEtag: string | null;
  /** A file pass under way from `base` (null: full listing) to `target`, done up to the path `after`. */
  pending: { base: string | null; target: string; after: string | null } | null;
  issues: {
    /** updated_at of the newest issue seen; the next listing starts there. */
    since: string | null;
    /** Issues already seen with updated_at equal to `since` (the listing includes that instant). */
    atSince: number[];
    /** ETag of a complete, unchanged listing with `etagSince` as its `since`. */
    etag: string | null;
    etagSince: string | null;
  };
}

export interface CodeHostCursor {
  v: 1;
  repos: Record<string, RepoCursor>;
}

export const MAX_AT_SINCE = 100;

export function freshRepoCursor(): RepoCursor {
  return { head: null, headEtag: null, pending: null, issues: { since: null, atSince: [], etag: null, etagSince: null } };
}

const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function isRepoCursor(v: unknown): v is RepoCursor {
  const c = v as RepoCursor | null;
  if (!c || typeof c !== 'object' || !strOrNull(c.head) || !strOrNull(c.headEtag) || !c.issues || typeof c.issues !== 'object') return false;
  const p = c.pending;
  if (p !== null && (typeof p !== 'object' || !strOrNull(p.base) || !str(p.target) || !strOrNull(p.after))) return false;
  const i = c.issues;
  return strOrNull(i.since) && strOrNull(i.etag) && strOrNull(i.etagSince) && Array.isArray(i.atSince) && i.atSince.every(Number.isInteger);
}

/** The stored cursor, keeping only the repositories still chosen; anything unreadable starts over. */
export function readCursor(raw: unknown, repositories: string[]): CodeHostCursor {
  const stored = raw && typeof raw === 'object' && (raw as CodeHostCursor).v === 1 ? (raw as CodeHostCursor).repos : {};
  const repos: Record<string, RepoCursor> = {};
  for (const name of repositories) {
    const entry = stored && typeof stored === 'object' ? (stored as Record<string, unknown>)[name] : undefined;
    repos[name] = isRepoCursor(entry) ? structuredClone(entry) : freshRepoCursor();
  }
  return { v: 1, repos };
}
