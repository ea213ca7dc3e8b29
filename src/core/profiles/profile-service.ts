import type { Db } from '../../store/database.js';
import { computeProfile, readProfile, sampleOrgMemories, saveProfile } from '../../store/profiles.js';
import { getOrgSettings } from '../../store/settings.js';
import type { Clock } from '../shared/clock.js';
import { assertTagAllowed } from '../tags/rules.js';
import { parseFilters, type FiltersInput } from '../../model/filters.js';
import { suggestBucketsOffline, suggestBucketsWithLlm, type JsonChat } from './bucket-suggestions.js';
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

/** Runs the profile's optional search (`q`); provided by the recall layer. */
export type ProfileSearch = (
  principal: Principal,
  input: { q: string; containerTag: string; threshold?: number; filters?: FiltersInput | null },
) => Promise<{ results: unknown[]; total: number; timing: number }>;

const live = (now: Date) => (entry: ProfileEntry) => !entry.forgetAfter || new Date(entry.forgetAfter) > now;

/**
 * Profiles of container tags. The profile of a tag is materialized whenever its memories change,
 * so reading it is one row; only a filtered read is computed on the spot.
 */
export class ProfileService {
  private search: ProfileSearch | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly llm: JsonChat | null = null,
  ) {}

  useSearch(search: ProfileSearch): void {
    this.search = search;
  }

  async refresh(orgId: string, containerTag: string): Promise<void> {
    await saveProfile(this.db, orgId, containerTag, await computeProfile(this.db, orgId, containerTag, this.clock.now()));
  }

  async listBuckets(principal: Principal, containerTag: string): Promise<ProfileBucket[]> {
    assertTagAllowed(principal, containerTag);
    return bucketsOfTag(this.db, principal.orgId, containerTag);
  }

  async suggestBuckets(principal: Principal): Promise<ProfileBucket[]> {
    const [texts, settings] = await Promise.all([sampleOrgMemories(this.db, principal.orgId, 2000), getOrgSettings(this.db, principal.orgId)]);
    const configured = settings?.settings.profileBuckets ?? [];
    return this.llm ? suggestBucketsWithLlm(this.llm, texts, configured) : suggestBucketsOffline(texts, configured);
  }

  async get(principal: Principal, input: ProfileInput): Promise<{ profile: Profile; searchResults?: Awaited<ReturnType<ProfileSearch>> }> {
    assertTagAllowed(principal, input.containerTag);
    const now = this.clock.now();
    const filters = parseFilters(input.filters);
    const [stored, configured] = await Promise.all([
      filters
        ? computeProfile(this.db, principal.orgId, input.containerTag, now, filters)
        : readProfile(this.db, principal.orgId, input.containerTag),
      bucketsOfTag(this.db, principal.orgId, input.containerTag),
    ]);
    const include = new Set<ProfilePart>(input.include?.length ? input.include : ['static', 'dynamic', 'buckets']);
    const keep = live(now);
    const bucketKeys = configured.map((b) => b.key).filter((key) => !input.buckets?.length || input.buckets.includes(key));
    const profile: Profile = {
      static: include.has('static') ? (stored?.staticEntries ?? []).filter(keep).map((e) => e.memory) : [],
      dynamic: include.has('dynamic') ? (stored?.dynamicEntries ?? []).filter(keep).map((e) => (e.date ? `[${e.date}] ${e.memory}` : e.memory)) : [],
      buckets: include.has('buckets')
        ? Object.fromEntries(bucketKeys.map((key) => [key, (stored?.bucketEntries[key] ?? []).filter(keep).map((e) => e.memory)]))
        : {},
    };
    if (!input.q) return { profile };
    const searchResults = this.search
      ? await this.search(principal, { q: input.q, containerTag: input.containerTag, threshold: input.threshold, filters: input.filters })
      : { results: [], total: 0, timing: 0 };
    return { profile, searchResults };
  }
}
