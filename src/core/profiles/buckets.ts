import { COMMON_FUNCTION_WORDS } from '../../ai/text/stopwords.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { Tx } from '../../store/database.js';
import { getOrgSettings } from '../../store/settings.js';
import { getSpace } from '../../store/tags.js';

export const DEFAULT_BUCKETS: ProfileBucket[] = [{ key: 'preferences', description: 'Explicit first-person preferences: likes, dislikes, favourites, habits' }];

/** Org buckets first; a tag may add its own, but an org key wins over a tag key of the same name. */
export function mergeBuckets(orgBuckets: ProfileBucket[] | null | undefined, tagBuckets: ProfileBucket[] | null | undefined): ProfileBucket[] {
  const merged = new Map<string, ProfileBucket>();
  for (const bucket of orgBuckets ?? []) merged.set(bucket.key, bucket);
  for (const bucket of tagBuckets ?? []) if (!merged.has(bucket.key)) merged.set(bucket.key, bucket);
  return merged.size ? [...merged.values()] : DEFAULT_BUCKETS;
}

/** The buckets a tag's memories are classified into: the organization's, then the tag's own. */
export async function bucketsOfTag(db: Tx, orgId: string, containerTag: string): Promise<ProfileBucket[]> {
  const [settings, space] = await Promise.all([getOrgSettings(db, orgId), getSpace(db, orgId, containerTag)]);
  return mergeBuckets(settings?.settings.profileBuckets, space?.profileBuckets);
}

const PREFERENCE = /\b(likes?|loves?|enjoys?|prefers?|favou?rites?|hates?|dislikes?|can't stand|is into|fond of|passionate about)\b/i;

function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '');
}

function terms(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !COMMON_FUNCTION_WORDS.has(w))
      .map(stem),
  );
}

/**
 * Offline bucket classifier: a memory joins a bucket whose key or description shares a content word
 * with it; the built-in `preferences` bucket also takes every stated preference.
 */
export function classifyBuckets(memory: string, buckets: ProfileBucket[]): string[] {
  const words = terms(memory);
  return buckets
    .filter((bucket) => {
      if (bucket.key === 'preferences' && PREFERENCE.test(memory)) return true;
      const vocabulary = terms(`${bucket.key.replace(/[_-]/g, ' ')} ${bucket.description}`);
      for (const word of vocabulary) if (words.has(word)) return true;
      return false;
    })
    .map((bucket) => bucket.key);
}
