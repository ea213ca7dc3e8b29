export type Role = 'admin' | 'member';
export type Permission = 'read' | 'write';
/** What an operation needs of the caller's key. */
export type Access = 'read' | 'write' | 'admin';

/** Who is calling: resolved from the API key on every request. */
export interface Principal {
  orgId: string;
  orgName: string;
  orgSlug: string;
  keyId: string;
  role: Role;
  permission: Permission;
  /** When set, the key may only touch these container tags. */
  containerTags: string[] | null;
  rateLimit: { max: number; windowMs: number } | null;
}

export interface OrgRecord {
  id: string;
  name: string;
  slug: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored API key: its hash and what it may do, never the key itself. */
export interface ApiKeyRecord {
  id: string;
  orgId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  role: string;
  permission: string;
  containerTags: string[] | null;
  expiresAt: Date | null;
  rateLimitMax: number | null;
  rateLimitWindowMs: number | null;
  disabled: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
