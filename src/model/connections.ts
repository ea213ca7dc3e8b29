/** The spec's connector kinds; each is described once in `connectors/registry.ts`. */
export type ConnectorKind = 'cloud-drive' | 'mail' | 'notes-workspace' | 'office-drive' | 'code-host' | 'meetings' | 'web-crawler' | 's3';

/** Whether a connection syncs: `pending` until its account is authorized, `error` until authorized again. */
export type ConnectionStatus = 'pending' | 'active' | 'error';

/** What started a sync run: a provider's notification, the scheduler, or a caller's import. */
export type SyncTrigger = 'event' | 'cron' | 'manual';

export type SyncRunStatus = 'running' | 'completed' | 'failed';

/** The sync-run error codes of the wire format. */
/** `not_allowed`: refused by this service's policy (the URL policy, the organization's settings), not a fault. */
export type SyncErrorCode = 'auth_expired' | 'rate_limited' | 'plan_required' | 'provider_unavailable' | 'not_allowed' | 'internal';

/** A stored connection. `tokens` and `webhookSecret` are sealed; they never leave the service. */
export interface ConnectionRecord {
  id: string;
  orgId: string;
  kind: ConnectorKind;
  containerTag: string;
  /** null: unlimited. */
  documentLimit: number | null;
  /** As the caller gave it. */
  metadata: Record<string, unknown>;
  /** The adapter's parsed config, with chosen resources. */
  config: Record<string, unknown>;
  status: string;
  email: string | null;
  accountId: string | null;
  /**
   * What the kind's shared push endpoint names the account by (the Gmail mailbox address, the
   * Notion workspace id), recorded at authorization; null for kinds that push per connection.
   */
  deliveryKey: string | null;
  tokens: string | null;
  tokenExpiresAt: Date | null;
  /**
   * Set while one caller exchanges the refresh token with the provider, outside any transaction:
   * until then the others wait for its tokens rather than spend the refresh token a second time.
   */
  tokenRefreshUntil: Date | null;
  /** The adapter's opaque position of the last committed sync page. */
  cursor: unknown;
  /** Authorized with the organization's own OAuth application rather than the service's. */
  usesCustomKey: boolean;
  webhookSecret: string | null;
  /** Makes the OAuth state single-use: cleared when a callback consumes it. */
  authNonce: string | null;
  redirectUrl: string | null;
  expiresAt: Date | null;
  nextSyncAt: Date | null;
  /** A push subscription's adapter state and when it must be renewed. */
  subscription: unknown;
  subscriptionRenewBy: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A connection's push notifications: `off` (its config turned them off), `waiting` (made after the
 * next sync), `active` (until `renewBy`, when they are renewed), `refused` (the provider refused
 * them for this grant, `reason` says why: not tried again until the connection is authorized again;
 * the schedule keeps syncing it).
 */
export interface PushStatus {
  state: 'off' | 'waiting' | 'active' | 'refused';
  reason: string | null;
  renewBy: Date | null;
}

export interface SyncRunRecord {
  id: string;
  connectionId: string;
  orgId: string;
  /** The job that runs it: a job taken over after a crash continues its run. */
  jobId: string | null;
  trigger: string;
  status: string;
  startedAt: Date;
  completedAt: Date | null;
  itemsProcessed: number;
  itemsFailed: number;
  itemsDeleted: number;
  error: string | null;
  errorCode: string | null;
}
