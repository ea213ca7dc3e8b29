import type { DocumentType } from '../convert/types.js';

import type { ConnectorKind } from '../model/connections.js';

export type { ConnectorKind };

/** The document types of api-reference §2: convert's types plus those named after a source. */
export type SourceDocumentType =
  | DocumentType
  | 'tweet'
  | 'google_doc'
  | 'google_slide'
  | 'google_sheet'
  | 'video'
  | 'audio'
  | 'notion_doc'
  | 'onedrive'
  | 'github_markdown'
  | 'granola';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
  /** The workspace the grant is for, where the token answer names it (Notion's `workspace_id`). */
  workspaceId?: string | null;
}

export interface AccountInfo {
  id: string;
  email: string | null;
  name: string | null;
  /**
   * For kinds whose pushes arrive at one URL for the whole kind: what a delivery names this account
   * by (`describe().account`: the Gmail mailbox address, the Notion workspace id).
   */
  deliveryKey?: string | null;
}

/**
 * What an OAuth call knows of the connection: its config (the permissions asked may depend on it:
 * the office drive asks to write only when push is on) and, on a refresh, the scope the grant
 * being refreshed was given (null: unknown).
 */
export interface GrantContext {
  config: Record<string, unknown>;
  scope?: string | null;
  /**
   * The PKCE verifier (RFC 7636) of this authorization, on the link and the code exchange: a
   * provider that supports PKCE sends its S256 challenge and then the verifier (`pkce.ts`).
   */
  codeVerifier?: string;
}

export interface OAuthProvider {
  /** Where the end user authorizes; `state` is opaque to the adapter. */
  authorizationUrl(client: OAuthClient, state: string, grant?: GrantContext): string;
  exchangeCode(client: OAuthClient, code: string, grant?: GrantContext): Promise<TokenSet>;
  /** Refresh tokens rotate: the one passed in stops working, store the returned one. */
  refresh(client: OAuthClient, refreshToken: string, grant?: GrantContext): Promise<TokenSet>;
  account(tokens: TokenSet): Promise<AccountInfo>;
  /**
   * The provider keeps only a few live tokens per user and application and revokes the oldest past
   * them (GitHub: ten per user, app and scope): the connections of one account in an organization
   * then share one grant, the newest, instead of each holding a token of its own.
   */
  oneGrantPerAccount?: boolean;
}

export type SourceBody = { text: string; mediaType: string } | { bytes: Uint8Array; mediaType: string | null; filename: string | null };

/** One document at the source. */
export interface SourceItem {
  /** Stable at the provider (repository path, issue number, page URL). */
  externalId: string;
  /** Changes iff the content changed (blob sha, updated_at, content hash). */
  version: string;
  title: string | null;
  /** Where a person views it at the provider. */
  url: string | null;
  /** Path-like location, for include/exclude folder rules. */
  filepath: string | null;
  type: SourceDocumentType;
  body: SourceBody;
  metadata: Record<string, string | number | boolean | string[]>;
  updatedAt: Date | null;
}

/** What one step of a sync found; the engine commits items, deletions and cursor together. */
export interface SyncPage {
  items: SourceItem[];
  /** externalIds deleted at the source since the cursor. */
  deletions: string[];
  /** Opaque JSON the engine stores and hands back next time; each adapter states its bound. */
  cursor: unknown;
  /** A full listing: externalIds not seen across all pages of this run are gone at the source. */
  complete?: boolean;
  /**
   * Held documents the source still has at the version they were imported at (`request.versions`):
   * not downloaded, nothing to write; a full listing counts them as seen.
   */
  kept?: string[];
  /**
   * Objects this page could not read (no access, refused by the provider): left out of this run
   * (a held document stays as it was) and read again next run; the run reports them, never fails on them.
   * `reason` names the provider's answer, no user content.
   */
  skipped?: SkippedObject[];
}

export interface SkippedObject {
  externalId: string;
  reason: string;
}

export type SyncCredentials = { tokens: TokenSet } | { config: Record<string, unknown> };

export interface SyncRequest {
  credentials: SyncCredentials;
  /** The connection's metadata/config (crawler start URL, chosen repositories…), validated by parseConfig. */
  config: Record<string, unknown>;
  /** null: first (full) sync. */
  cursor: unknown | null;
  /**
   * How many *new* documents the engine still takes (documentLimit minus what the connection holds);
   * null: no bound. It never bounds items in `held`, deletions or the cursor: a connection at its
   * limit still reads its changes to the end. Adapters count through `PageBuilder`.
   */
  maxItems: number | null;
  /** The externalIds the connection holds (given with a maxItems): always wanted, never counted. */
  held?: ReadonlySet<string>;
  /**
   * The version (`SourceItem.version`) each document the connection holds was imported at: an item
   * whose version at the source is the same is not downloaded again, only reported as kept
   * (`PageBuilder.unchanged`). Absent: nothing is known, everything is read.
   */
  versions?: ReadonlyMap<string, string>;
  signal: AbortSignal;
  now(): Date;
}

export interface PushSubscription {
  /** Adapter state to store with the connection (channel id, resource id, subscription id…). JSON. */
  state: unknown;
  /** Renew before this time (the engine renews when less than a day is left, or 10% of the lifetime). */
  renewBy: Date;
}

/**
 * What a deleted connection left at the provider, for `Connector.cleanup`. The connection row is
 * gone; this is what it held.
 */
export interface CleanupRequest {
  /** The connection's tokens (refreshed by the engine when they were about to lapse) and its config (chosen repositories…). */
  request: SyncRequest;
  /**
   * The OAuth client the connection was authorized with: its grant is the one to revoke. null for
   * credential kinds, and for an OAuth kind whose client is gone (the organization's own application
   * removed): stop what the token alone stops, then throw `not_allowed` where revoking needs the client.
   */
  client: OAuthClient | null;
  /** The push subscription's stored state (`PushSubscription.state`); null when there was none. */
  subscription: unknown | null;
  /**
   * Where the connection's webhooks deliver, under PUBLIC_URL; without it only the path (hooks were
   * registered under a request's origin): hooks registered at the provider for it are removed.
   */
  webhookUrl: string;
  /**
   * Another connection still uses the same account through the same OAuth client: the grant it shares
   * must stay (revoke only what is this connection's own, or nothing), and so must what the provider
   * keeps once per account (Gmail's one watch of a mailbox).
   */
  sharedGrant: boolean;
  /**
   * Another connection holds this very token (`oauth.oneGrantPerAccount`: the connections of one
   * account share the newest grant): nothing may be revoked; what is this connection's own at the
   * provider (its hooks) is still removed, with that token.
   */
  tokenShared: boolean;
}

export interface Connector {
  kind: ConnectorKind;
  auth: 'oauth' | 'credentials';
  oauth?: OAuthProvider;
  /** Validates the caller's metadata for this kind; throws ConnectorConfigError naming the field. */
  parseConfig(metadata: Record<string, unknown>): Record<string, unknown>;
  /**
   * Pages in order; stopping after any page and calling again with its cursor resumes the run.
   * Throws ConnectorError.
   */
  sync(request: SyncRequest): AsyncIterable<SyncPage>;
  /** Selectable resources (code host: repositories). */
  resources?(request: SyncRequest, page: { page: number; perPage: number }): Promise<{ resources: object[]; totalCount: number }>;
  /** Apply a selection (store it in the returned config; register webhooks where the provider has them). */
  configure?(
    request: SyncRequest,
    resources: object[],
    webhook: { url: string; secret: string },
  ): Promise<{ config: Record<string, unknown>; webhooksRegistered: number }>;
  /**
   * Whether a document this connector imported is still covered by `config`; after a configure,
   * the engine deletes the documents that are not (a deselected repository). Absent: always covered.
   */
  covers?(externalId: string, config: Record<string, unknown>): boolean;
  /** The earliest time the scheduler should sync again after a run that ended with `cursor`. Absent: the engine's interval. */
  nextRunAfter?(cursor: unknown): Date | null;
  subscription?: {
    /** Whether the connection's config wants push at all (absent: always). Off: none is made, one held is stopped. */
    enabled?(config: Record<string, unknown>): boolean;
    /**
     * Create the subscription, or renew/replace `current` (null the first time), delivering to
     * `webhook.url` and proving itself with `webhook.secret` (Drive channel token, Graph clientState,
     * Pub/Sub push token). Called after the first sync and by the scheduler before `renewBy`.
     * Throws `SubscriptionRefusedError` when the provider refuses push for this grant (a permission
     * it lacks): the engine records that and does not try again until the connection is authorized again.
     */
    ensure(request: SyncRequest, webhook: { url: string; secret: string }, current: unknown | null): Promise<PushSubscription>;
    /** Stop deliveries (best effort: errors are swallowed); the engine stops a deleted connection's through `cleanup`. */
    stop?(request: SyncRequest, current: unknown): Promise<void>;
  };
  /**
   * Undoes at the provider what the connection set up there, when it is deleted: stops its channel,
   * watch or subscription, removes the hooks it registered, then revokes the grant where the provider
   * offers it (unless `sharedGrant`). Called by the engine's cleanup job, again after a failure, so
   * every step is idempotent: what is already gone (404, a token already revoked) is done. Throws
   * ConnectorError: `provider_unavailable` or `rate_limited` is retried; `auth_expired` once the
   * engine has refreshed means the grant is gone already (nothing more can be undone with it).
   */
  cleanup?(request: CleanupRequest): Promise<void>;
  webhook?: {
    /**
     * `kind`: one URL for every connection of the kind (`/v3/connections/webhooks/{kind}`: Gmail's
     * one Pub/Sub topic, Notion's one integration), verified with the kind's secret and/or
     * `verifySender`, and routed by `describe().account` to the connections whose account has that
     * `deliveryKey`. Absent or `connection`: one URL per connection, verified with the connection's
     * own secret.
     */
    scope?: 'kind' | 'connection';
    /**
     * Verify before anything else; constant-time. `query` is the delivery's query string: Pub/Sub
     * push (mail) carries its shared secret there as `token`, having no header of ours.
     */
    verify(headers: Record<string, string | string[] | undefined>, rawBody: Buffer, secret: string, query?: Record<string, string | undefined>): boolean;
    /**
     * A kind-wide receiver's proof of the sender that is no shared secret (Gmail: the ID token
     * Pub/Sub's authenticated push signs), present only when configured. Awaited before the body
     * is parsed; when the kind's secret is configured too, both must pass.
     */
    verifySender?(headers: Record<string, string | string[] | undefined>): Promise<SenderCheck>;
    /** Which configured resource it concerns and the delivery id (for idempotency). */
    describe(headers: Record<string, string | string[] | undefined>, body: unknown): WebhookDescription;
    /**
     * A kind-wide receiver's one-time set-up delivery carrying the secret to verify later deliveries
     * with (Notion posts `{verification_token}` unsigned once a subscription is made). null: not one.
     */
    verificationToken?(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): string | null;
    /**
     * A provider's handshake on the receiving URL (Graph: `?validationToken=` → 200 text/plain
     * with the token), answered before verification. null: not a handshake.
     */
    handshake?(
      query: Record<string, string | undefined>,
      headers: Record<string, string | string[] | undefined>,
    ): { status: number; contentType: string; body: string } | null;
  };
}

/** Whether a delivery proved its sender; why not, for the log (never the proof itself). */
export type SenderCheck = { verified: true } | { verified: false; reason: string };

export interface WebhookDescription {
  /** Stable across the provider's redeliveries: a delivery seen before does nothing. */
  deliveryId: string;
  resource: string | null;
  event: string;
  /** Kind-wide deliveries: the account it concerns, matched against the connections' `deliveryKey`. */
  account?: string | null;
  /**
   * The provider says the push subscription needs renewing now (Graph's lifecycle events: removed,
   * or to be reauthorized): it is renewed or made again at the scheduler's next tick.
   */
  renewSubscription?: boolean;
}

/** `not_allowed`: this service's own policy refuses what the sync needs (a destination the URL policy blocks). */
export type ConnectorErrorCode = 'auth_expired' | 'rate_limited' | 'plan_required' | 'provider_unavailable' | 'not_allowed' | 'internal';

/** Errors carry the sync-run errorCode of api-reference §10. Messages hold no user content. */
export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    message: string,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConnectorError';
  }
}

/**
 * The provider refuses a push subscription for this grant: the permission it needs was not asked for
 * or not granted. Retrying changes nothing; authorizing again (with the permission) or turning push
 * off does. `reason` names the provider's answer, no user content.
 */
export class SubscriptionRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`push notifications refused: ${reason}`);
    this.name = 'SubscriptionRefusedError';
  }
}

/** The caller's metadata or selection is invalid; `field` names it (e.g. `metadata.startUrl`). */
export class ConnectorConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'ConnectorConfigError';
  }
}
