import type { Tx } from '../../store/database.js';
import { readProfile, saveProfile, type ProfileRow } from '../../store/profiles.js';
import type { ProfileEntry } from '../../model/profiles.js';
import { emit, MAX_INLINE_TEXT } from '../webhooks/events.js';

export type ProfileContent = Pick<ProfileRow, 'staticEntries' | 'dynamicEntries' | 'bucketEntries'>;

/** A line of a profile with the memory it states, as the v5 profile serves it. */
export interface ProfileLine {
  id: string;
  memory: string;
}

/** A static or bucket line: the memory's text. */
export const lineOf = (entry: ProfileEntry): ProfileLine => ({ id: entry.memoryId, memory: entry.memory });
/** A recent-context line: the day it is about first, `[YYYY-MM-DD]`, when it is known. */
export const datedLineOf = (entry: ProfileEntry): ProfileLine => ({
  id: entry.memoryId,
  memory: entry.date ? `[${entry.date}] ${entry.memory}` : entry.memory,
});

/** Lines `profile.changed` lists at most, over all its parts; the counts say how many more there were. */
export const MAX_CHANGED_LINES = 20;

/** A line as `profile.changed` lists it: its text cut at MAX_INLINE_TEXT (`truncated` then). */
type ListedLine = ProfileLine & { truncated?: true };

/** What changed in one part of a profile: the lines added and removed, listed up to the event's bound, and how many more. */
export interface PartChange {
  added: ListedLine[];
  removed: ListedLine[];
  moreAdded: number;
  moreRemoved: number;
}

/**
 * Stores a tag's profile and, when it differs from the one stored, emits `profile.changed` in the
 * same transaction. The event lists the lines each part gained and lost (and how many each part
 * holds); the whole profile is read with `POST /v4/profile`.
 */
export async function storeProfile(tx: Tx, orgId: string, containerTag: string, profile: ProfileContent, now: Date): Promise<boolean> {
  const before = await readProfile(tx, orgId, containerTag);
  await saveProfile(tx, orgId, containerTag, profile, now);
  return announceProfile(tx, orgId, containerTag, before, profile, now);
}

/** Emits `profile.changed` when the tag's profile `after` differs from `before` (none before: any line at all). */
export async function announceProfile(
  tx: Tx,
  orgId: string,
  containerTag: string,
  before: ProfileContent | undefined,
  after: ProfileContent,
  now: Date,
): Promise<boolean> {
  if (before ? sameProfile(before, after) : isEmpty(after)) return false;
  await emit(tx, { orgId, type: 'profile.changed', containerTag, data: { containerTag, ...profileChange(before, after) } }, now);
  return true;
}

/**
 * The payload of `profile.changed` but its tag: how many lines each part holds now (`staticCount`,
 * `dynamicCount`, `bucketCounts`), and per part the lines added and removed, a line being a memory's
 * id and its text (a line whose text changed is removed and added). At most MAX_CHANGED_LINES lines
 * are listed over all the parts, in the order static, dynamic, buckets by key, added before removed
 * in each; `moreAdded` and `moreRemoved` count those left out. Only buckets that changed are listed.
 */
export function profileChange(before: ProfileContent | undefined, after: ProfileContent) {
  let room = MAX_CHANGED_LINES;
  const list = (lines: ProfileLine[]): { listed: ListedLine[]; more: number } => {
    const listed = lines.slice(0, Math.max(0, room)).map(listedLine);
    room -= listed.length;
    return { listed, more: lines.length - listed.length };
  };
  const part = (old: ProfileLine[], now: ProfileLine[]): PartChange => {
    const key = (line: ProfileLine) => `${line.id}\u0000${line.memory}`;
    const had = new Set(old.map(key));
    const has = new Set(now.map(key));
    const added = list(now.filter((line) => !had.has(key(line))));
    const removed = list(old.filter((line) => !has.has(key(line))));
    return { added: added.listed, removed: removed.listed, moreAdded: added.more, moreRemoved: removed.more };
  };
  const changes = {
    static: part((before?.staticEntries ?? []).map(lineOf), after.staticEntries.map(lineOf)),
    dynamic: part((before?.dynamicEntries ?? []).map(datedLineOf), after.dynamicEntries.map(datedLineOf)),
  };
  const buckets: Record<string, PartChange> = {};
  const keys = [...new Set([...Object.keys(before?.bucketEntries ?? {}), ...Object.keys(after.bucketEntries)])].sort();
  for (const bucket of keys) {
    const change = part((before?.bucketEntries[bucket] ?? []).map(lineOf), (after.bucketEntries[bucket] ?? []).map(lineOf));
    if (change.added.length + change.removed.length + change.moreAdded + change.moreRemoved > 0) buckets[bucket] = change;
  }
  return {
    staticCount: after.staticEntries.length,
    dynamicCount: after.dynamicEntries.length,
    bucketCounts: Object.fromEntries(Object.entries(after.bucketEntries).map(([bucket, entries]) => [bucket, entries.length])),
    ...changes,
    buckets,
  };
}

function listedLine(line: ProfileLine): ListedLine {
  return line.memory.length > MAX_INLINE_TEXT ? { id: line.id, memory: line.memory.slice(0, MAX_INLINE_TEXT), truncated: true } : line;
}

function isEmpty(profile: ProfileContent): boolean {
  return !profile.staticEntries.length && !profile.dynamicEntries.length && !Object.values(profile.bucketEntries).some((e) => e.length);
}

function sameProfile(a: ProfileContent, b: ProfileContent): boolean {
  return canonical([a.staticEntries, a.dynamicEntries, a.bucketEntries]) === canonical([b.staticEntries, b.dynamicEntries, b.bucketEntries]);
}

/** JSON with every object's keys sorted: a profile read back from jsonb has its keys in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  );
}
