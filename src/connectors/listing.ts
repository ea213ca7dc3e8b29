import type { PageBuilder } from './pages.js';
import type { SourceItem, SyncPage } from './types.js';

/** [change marker ('' reads it again next time), number of the last listing that showed it, kind]. */
export type KnownEntry<K extends string> = [string, number, K];

/**
 * Where a listing sync stands: per imported object its change marker, the listing that last showed
 * it and its kind (about 90 bytes each, at most the adapter's bound of objects), and the listing
 * under way (the provider's page cursor and how many of that page's results are done).
 */
export interface ListingCursor<K extends string> {
  v: 1;
  known: Record<string, KnownEntry<K>>;
  pass: number;
  listing: { start: string | null; skip: number } | null;
}

export function readListingCursor<K extends string>(raw: unknown, kinds: readonly K[]): ListingCursor<K> {
  const c = raw as Partial<ListingCursor<K>> | null;
  const fresh: ListingCursor<K> = { v: 1, known: {}, pass: 0, listing: null };
  if (c?.v !== 1 || !Number.isInteger(c.pass) || !c.known || typeof c.known !== 'object') return fresh;
  const known: Record<string, KnownEntry<K>> = {};
  for (const [id, e] of Object.entries(c.known)) {
    if (Array.isArray(e) && typeof e[0] === 'string' && Number.isInteger(e[1]) && kinds.includes(e[2])) known[id] = [e[0], e[1], e[2]];
  }
  const l = c.listing;
  const listing = l && (l.start === null || typeof l.start === 'string') && Number.isInteger(l.skip) && l.skip >= 0 ? { start: l.start, skip: l.skip } : null;
  return { v: 1, known, pass: c.pass!, listing };
}

/** What a listed object is to the sync. */
export interface ListedObject<K extends string> {
  id: string;
  kind: K;
  /** Changes when the object did (an edit time); compared with the stored one. */
  marker: string;
  /** In the trash, archived: a deletion. */
  gone: boolean;
  /** false: the marker may not yet show an edit to come (coarse edit times); read it again next run. */
  settled: boolean;
}

export interface ListingSource<T, K extends string> {
  /** One page of the full listing from `start` (null: the first). */
  page(start: string | null): Promise<{ results: T[]; next: string | null }>;
  /** Seen before `describe` for every result of a page (e.g. to learn titles). */
  seen?(results: T[]): void;
  describe(result: T): Promise<ListedObject<K>>;
  /** The document, or null when it cannot be read any more. */
  read(result: T): Promise<SourceItem | null>;
  /** Whether an object the listing did not show still exists (search indexes lag). */
  exists(id: string, kind: K): Promise<boolean>;
}

/**
 * A sync over a provider that can only list everything: each run reads the whole listing and the
 * content of what changed since, and after the listing asks about each imported object it did not
 * show; the ones gone are deletions. At most `maxObjects` objects are imported.
 */
export async function* listingSync<T, K extends string>(
  source: ListingSource<T, K>,
  cursor: ListingCursor<K>,
  out: PageBuilder,
  maxObjects: number,
): AsyncGenerator<SyncPage> {
  if (!cursor.listing) {
    cursor.pass++;
    cursor.listing = { start: null, skip: 0 };
  }
  let count = Object.keys(cursor.known).length;
  for (;;) {
    const listing: { start: string | null; skip: number } = cursor.listing;
    const page = await source.page(listing.start);
    source.seen?.(page.results);
    for (let i = listing.skip; i < page.results.length; i++) {
      const result = page.results[i]!;
      const object = await source.describe(result);
      const entry = cursor.known[object.id];
      if (object.gone) {
        if (entry) {
          out.remove(object.id);
          delete cursor.known[object.id];
          count--;
        }
      } else if (entry && entry[0] !== '' && entry[0] === object.marker) {
        entry[1] = cursor.pass;
      } else if ((entry || count < maxObjects) && out.wants(object.id)) {
        const item = await source.read(result);
        // A new object past the documentLimit is left out unrecorded, so a later run with room reads it.
        if (item && out.add(item)) {
          if (!entry) count++;
          cursor.known[object.id] = [object.settled ? object.marker : '', cursor.pass, object.kind];
        }
      }
      listing.skip = i + 1;
      if (out.full) yield out.take(cursor);
    }
    if (page.next === null) break;
    cursor.listing = { start: page.next, skip: 0 };
  }
  for (const [id, entry] of Object.entries(cursor.known)) {
    if (entry[1] === cursor.pass) continue;
    if (await source.exists(id, entry[2])) {
      entry[1] = cursor.pass;
    } else {
      out.remove(id);
      delete cursor.known[id];
    }
  }
  cursor.listing = null;
  yield out.take(cursor);
}
