import type { Db } from '../../store/database.js';
import { computeProfile, readProfile, sampleOrgMemories } from '../../store/profiles.js';
import { datedLineOf, lineOf, type ProfileLine, storeProfile } from './stored-profile.js';
import { getOrgSettings } from '../../store/settings.js';
import type { Clock } from '../shared/clock.js';
import { CoalescedRuns } from '../shared/coalesced-runs.js';
import { assertTagAllowed } from '../tags/rules.js';
import { parseFilters, type FiltersInput } from '../../model/filters.js';
import type { BucketSuggester } from '../../ai/buckets/suggestions.js';
import { DEFAULT_LIMIT, DEFAULT_THRESHOLD, NOTHING_INCLUDED, type SearchResult, type SearchService } from '../search/search-service.js';
import { bucketsOfTag } from './buckets.js';
import type { ProfileEntry, ProfileBucket } from '../../model/profiles.js';
import type { Principal } from '../../model/access.js';

export type ProfilePart = 'static' | 'dynamic' | 'buckets';

export interface ProfileInput {
  containerTag: string;
  q?: string;
  threshold?: number;
  filters?: FiltersInput | null;
  include?: ProfilePart[];
  buckets?: string[];
}

export interface Profile {
  static: string[];
  dynamic: string[];
  buckets: Record<string, string[]>;
}

export type { ProfileLine } from './stored-profile.js';

/** The profile's lines with their memories' ids (`Profile` is their text). */
export interface ProfileLines {
  static: ProfileLine[];
  dynamic: ProfileLine[];
  buckets: Record<string, ProfileLine[]>;
}

const texts = (lines: ProfileLine[]) => lines.map((line) => line.memory);

const live = (now: Date) => (entry: ProfileEntry) => !entry.forgetAfter || new Date(entry.forgetAfter) > now;

export interface ProfileServiceDeps {
  db: Db;
  clock: Clock;
  /** Runs the profile's optional search (`q`). */
  search: SearchService;
  bucketSuggester: BucketSuggester;
}

/**
 * Profiles of container tags. The profile of a tag is materialized whenever its memories change,
 * so reading it is one row; only a filtered read is computed on the spot.
 */
export class ProfileService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly refreshes = new CoalescedRuns();

  constructor(private readonly deps: ProfileServiceDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** Writes to one tag that arrive together share a rebuild: it reads the whole tag, however many changed. */
  refresh(orgId: string, containerTag: string): Promise<void> {
    return this.refreshes.run(JSON.stringify([orgId, containerTag]), async () => {
      const now = this.clock.now();
      const profile = await computeProfile(this.db, orgId, containerTag, now);
      // Stored, and announced when it changed (profile.changed), in one transaction.
      await this.db.transaction((tx) => storeProfile(tx, orgId, containerTag, profile, now));
    });
  }

  async listBuckets(principal: Principal, containerTag: string): Promise<ProfileBucket[]> {
    assertTagAllowed(principal, containerTag);
    return bucketsOfTag(this.db, principal.orgId, containerTag);
  }

  async suggestBuckets(principal: Principal): Promise<ProfileBucket[]> {
    const [texts, settings] = await Promise.all([sampleOrgMemories(this.db, principal.orgId, 2000), getOrgSettings(this.db, principal.orgId)]);
    return this.deps.bucketSuggester.suggest(texts, settings?.settings.profileBuckets ?? []);
  }

  /** The profile, and with `q` the memories and document chunks of the tag that match it (a hybrid search). */
  async get(principal: Principal, input: ProfileInput): Promise<{ profile: Profile; lines: ProfileLines; search?: SearchResult }> {
    assertTagAllowed(principal, input.containerTag);
    const now = this.clock.now();
    const filters = parseFilters(input.filters);
    const [stored, configured] = await Promise.all([
      filters ? computeProfile(this.db, principal.orgId, input.containerTag, now, filters) : readProfile(this.db, principal.orgId, input.containerTag),
      bucketsOfTag(this.db, principal.orgId, input.containerTag),
    ]);
    const include = new Set<ProfilePart>(input.include?.length ? input.include : ['static', 'dynamic', 'buckets']);
    const keep = live(now);
    const bucketKeys = configured.map((b) => b.key).filter((key) => !input.buckets?.length || input.buckets.includes(key));
    const lines: ProfileLines = {
      static: include.has('static') ? (stored?.staticEntries ?? []).filter(keep).map(lineOf) : [],
      dynamic: include.has('dynamic') ? (stored?.dynamicEntries ?? []).filter(keep).map(datedLineOf) : [],
      buckets: include.has('buckets') ? Object.fromEntries(bucketKeys.map((key) => [key, (stored?.bucketEntries[key] ?? []).filter(keep).map(lineOf)])) : {},
    };
    const profile: Profile = {
      static: texts(lines.static),
      dynamic: texts(lines.dynamic),
      buckets: Object.fromEntries(Object.entries(lines.buckets).map(([key, bucket]) => [key, texts(bucket)])),
    };
    if (!input.q) return { profile, lines };
    const search = await this.deps.search.search(principal, {
      q: input.q,
      containerTag: input.containerTag,
      threshold: input.threshold ?? DEFAULT_THRESHOLD,
      limit: DEFAULT_LIMIT,
      searchMode: 'hybrid',
      filters: input.filters,
      rerank: false,
      rewriteQuery: false,
      include: NOTHING_INCLUDED,
    });
    return { profile, lines, search };
  }
}
