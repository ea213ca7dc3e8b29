import type { Db } from '../../store/database.js';
import { deleteApiKey, listApiKeys, findApiKeyById, toggleApiKeyDisabled } from '../../store/keys.js';
import type { Clock } from '../shared/clock.js';
import { assertTagAllowed } from '../tags/rules.js';
import { invalidInput, conflict, notFound } from '../../model/errors.js';
import { createApiKey, type KeyResolver } from './keys.js';
import type { ApiKeyRecord, Permission, Principal, Role } from '../../model/access.js';

export const SCOPED_KEY_DEFAULT_RATE_LIMIT = { max: 500, windowMs: 60_000 };
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ScopedKeyInput {
  containerTags: string[];
  name?: string;
  permission?: Permission;
  expiresInDays?: number;
  rateLimitMax?: number;
  rateLimitTimeWindow?: number;
}

/** Issuing, listing, disabling and revoking API keys of the caller's organization. */
export class KeyManagement {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly resolver: KeyResolver,
  ) {}

  /** A member key confined to `containerTags`; the secret is returned here only. */
  async createScoped(principal: Principal, input: ScopedKeyInput): Promise<{ key: string; row: ApiKeyRecord }> {
    const containerTags = [...new Set(input.containerTags)];
    for (const tag of containerTags) assertTagAllowed(principal, tag);
    return createApiKey(this.db, {
      orgName: principal.orgName,
      name: input.name ?? `scoped: ${containerTags.join(', ')}`,
      role: 'member',
      permission: input.permission ?? 'write',
      containerTags,
      expiresAt: input.expiresInDays ? new Date(this.clock.now().getTime() + input.expiresInDays * DAY_MS) : null,
      rateLimit: {
        max: input.rateLimitMax ?? SCOPED_KEY_DEFAULT_RATE_LIMIT.max,
        windowMs: input.rateLimitTimeWindow ?? SCOPED_KEY_DEFAULT_RATE_LIMIT.windowMs,
      },
    });
  }

  /**
   * A key of the caller's organization with the role and permission asked for, reaching every tag
   * (an admin creating another admin, or a member key for an application); the secret is returned
   * here only.
   */
  create(principal: Principal, input: { name: string; role: Role; permission?: Permission }): Promise<{ key: string; row: ApiKeyRecord }> {
    return createApiKey(this.db, { orgName: principal.orgName, name: input.name, role: input.role, permission: input.permission ?? 'write' });
  }

  /** Takes effect at once in this process; other processes stop accepting the key within the resolver's cache time. */
  async revokeScoped(principal: Principal, id: string): Promise<void> {
    const row = await findApiKeyById(this.db, principal.orgId, id);
    if (!row) throw notFound('API key');
    if (!row.containerTags?.length) throw invalidInput('Not a scoped key', 'only keys bound to container tags are revoked here');
    await deleteApiKey(this.db, principal.orgId, id);
    this.resolver.invalidateAll();
  }

  /**
   * Disables an enabled key or enables a disabled one, with the same reach in time as a revocation.
   * The calling key cannot disable itself: an admin could otherwise lock itself out.
   */
  async toggle(principal: Principal, id: string): Promise<ApiKeyRecord> {
    if (id === principal.keyId)
      throw conflict('self-disable', 'A key cannot disable itself', 'call with another admin key of the organization to disable this one');
    const row = await toggleApiKeyDisabled(this.db, principal.orgId, id, this.clock.now());
    if (!row) throw notFound('API key');
    this.resolver.invalidateAll();
    return row;
  }

  list(principal: Principal): Promise<ApiKeyRecord[]> {
    return listApiKeys(this.db, principal.orgId);
  }

  async current(principal: Principal): Promise<ApiKeyRecord> {
    const row = await findApiKeyById(this.db, principal.orgId, principal.keyId);
    if (!row) throw notFound('API key');
    return row;
  }
}
