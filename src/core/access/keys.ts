import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../store/database.js';
import { findApiKeyByHash, findOrgByName, hasAnyApiKey, insertApiKey, insertOrgIfMissing } from '../../store/keys.js';
import type { Clock } from '../shared/clock.js';
import { newId, newSecret } from '../shared/ids.js';
import type { ApiKeyRecord, Permission, Principal, Role } from '../../model/access.js';

export const DEFAULT_ORG = 'default';
export const KEY_PREFIX = 'em_';

export function hashApiKey(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug || 'org';
}

export async function ensureOrg(db: Db, name: string) {
  return (await findOrgByName(db, name)) ?? insertOrgIfMissing(db, { id: newId(), name, slug: slugify(name) });
}

export interface NewKeyOptions {
  orgName?: string;
  name?: string;
  role?: Role;
  permission?: Permission;
  containerTags?: string[] | null;
  expiresAt?: Date | null;
  rateLimit?: { max: number; windowMs: number } | null;
  /** Use this secret instead of generating one (seeding from the environment). */
  raw?: string;
}

export async function createApiKey(db: Db, options: NewKeyOptions = {}): Promise<{ key: string; row: ApiKeyRecord }> {
  const org = await ensureOrg(db, options.orgName ?? DEFAULT_ORG);
  const key = options.raw ?? `${KEY_PREFIX}${newSecret()}`;
  const row = await insertApiKey(db, {
    id: newId(),
    orgId: org.id,
    name: options.name ?? 'default',
    keyHash: hashApiKey(key),
    keyPrefix: key.slice(0, 8),
    role: options.role ?? 'member',
    permission: options.permission ?? 'write',
    containerTags: options.containerTags ?? null,
    expiresAt: options.expiresAt ?? null,
    rateLimitMax: options.rateLimit?.max ?? null,
    rateLimitWindowMs: options.rateLimit?.windowMs ?? null,
  });
  return { key, row };
}

/** On a fresh installation with no key at all, creates the first admin key and returns it (shown once). */
export async function bootstrapAdminKey(db: Db): Promise<string | null> {
  if (await hasAnyApiKey(db)) return null;
  return (await createApiKey(db, { role: 'admin', name: 'first admin key' })).key;
}

/** Makes `raw` an admin key of the default organization unless it already exists. */
export async function seedApiKey(db: Db, raw: string): Promise<void> {
  if (await findApiKeyByHash(db, hashApiKey(raw))) return;
  await createApiKey(db, { raw, role: 'admin', name: 'seeded from ENGRAM_API_KEY' });
}

const CACHE_TTL_MS = 5_000;
/** Unknown keys remembered at once; kept apart from known keys so misses never evict them. */
const MISS_CACHE_SIZE = 1_000;

interface CachedKey {
  principal: Principal;
  keyExpiresAt: number;
}

export interface KeyResolverOptions {
  /** Known keys held in memory (least recently used dropped first). */
  cacheSize?: number;
}

/**
 * Resolves API keys to principals. Lookups are cached briefly because every request needs one;
 * revocations and disabled keys take effect at once in this process, in other processes within the TTL.
 */
export class KeyResolver {
  private readonly known: LRUCache<string, CachedKey>;
  private readonly misses: LRUCache<string, true>;
  /** Bumped by every invalidation, so a lookup that overlapped one does not cache what it read. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: KeyResolverOptions = {},
  ) {
    const perf = { now: () => this.clock.now().getTime() };
    this.known = new LRUCache({ max: options.cacheSize ?? 10_000, ttl: CACHE_TTL_MS, perf });
    this.misses = new LRUCache({ max: MISS_CACHE_SIZE, ttl: CACHE_TTL_MS, perf });
  }

  async resolve(raw: string): Promise<Principal | null> {
    const hash = hashApiKey(raw);
    const now = this.clock.now().getTime();
    let entry = this.known.get(hash);
    if (!entry) {
      if (this.misses.has(hash)) return null;
      const generation = this.generation;
      const found = await findApiKeyByHash(this.db, hash);
      const usable =
        found && !found.key.disabled ? { principal: toPrincipal(found.key, found.org), keyExpiresAt: found.key.expiresAt?.getTime() ?? Infinity } : null;
      if (generation === this.generation) {
        if (usable) this.known.set(hash, usable);
        else this.misses.set(hash, true);
      }
      if (!usable) return null;
      entry = usable;
    }
    return entry.keyExpiresAt > now ? entry.principal : null;
  }

  invalidateAll(): void {
    this.generation++;
    this.known.clear();
    this.misses.clear();
  }
}

function toPrincipal(key: ApiKeyRecord, org: { id: string; name: string; slug: string }): Principal {
  return {
    orgId: org.id,
    orgName: org.name,
    orgSlug: org.slug,
    keyId: key.id,
    role: key.role === 'admin' ? 'admin' : 'member',
    permission: key.permission === 'read' ? 'read' : 'write',
    containerTags: key.containerTags?.length ? key.containerTags : null,
    rateLimit: key.rateLimitMax && key.rateLimitWindowMs ? { max: key.rateLimitMax, windowMs: key.rateLimitWindowMs } : null,
  };
}
