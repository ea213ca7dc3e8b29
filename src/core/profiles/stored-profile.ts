import type { Tx } from '../../store/database.js';
import { readProfile, saveProfile, type ProfileRow } from '../../store/profiles.js';
import { emit } from '../webhooks/events.js';

export type ProfileContent = Pick<ProfileRow, 'staticEntries' | 'dynamicEntries' | 'bucketEntries'>;

/**
 * Stores a tag's profile and, when it differs from the one stored, emits `profile.changed` in the
 * same transaction. The event says how many lines each part holds; the profile is read with
 * `POST /v4/profile`.
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
  await emit(
    tx,
    {
      orgId,
      type: 'profile.changed',
      containerTag,
      data: {
        containerTag,
        staticCount: after.staticEntries.length,
        dynamicCount: after.dynamicEntries.length,
        bucketCounts: Object.fromEntries(Object.entries(after.bucketEntries).map(([key, entries]) => [key, entries.length])),
      },
    },
    now,
  );
  return true;
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
