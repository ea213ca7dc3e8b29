import { connectionEvent, emit } from '../webhooks/events.js';
import type { Logger } from 'pino';
import { CONNECTORS, ConnectorConfigError, descriptorOf, resolveKind, type ConnectorKind } from '../../connectors/index.js';
import type { Principal } from '../../model/access.js';
import type { ConnectionRecord, PushStatus, SyncRunRecord } from '../../model/connections.js';
import type { ListedDocument } from '../../model/documents.js';
import { conflict, invalidInput, notFound } from '../../model/errors.js';
import {
  connectionDocumentCounts,
  deleteConnection,
  findSyncJob,
  getConnection,
  insertConnection,
  lockConnectionForUpdate,
  lastCompletedSyncs,
  latestSyncRuns,
  listConnections,
  updateConnection,
} from '../../store/connections.js';
import type { Db, Tx } from '../../store/database.js';
import { listDocuments } from '../../store/documents.js';
import { DuplicateKeyError } from '../../store/errors.js';
import { ensureSpace } from '../../store/tags.js';
import type { Clock } from '../shared/clock.js';
import { newId, newSecret } from '../shared/ids.js';
import { removeDocuments } from '../memories/lineage.js';
import { assertTagsWritable } from '../tags/merge-guard.js';
import { resolveReadTags, resolveWriteTag } from '../tags/rules.js';
import type { ConnectorAccess } from './connector-access.js';
import { AUTH_LINK_LIFETIME_MS, type OAuthStateSigner } from './oauth-state.js';
import { dismissCleanup, pendingCleanups, queueCleanups, retryCleanup, type PendingCleanup } from './cleanup.js';
import { pushStatus } from './subscriptions.js';
import { enqueueSync } from './sync-queue.js';

export interface ConnectionJobs {
  maxJobAttempts: number;
  /** Called after a job is committed so local workers pick it up at once. */
  onJobQueued: () => void;
  /** Called after memories of a tag changed (documents deleted with a connection): its profile is rebuilt. */
  onMemoriesChanged?: (orgId: string, containerTag: string) => Promise<void>;
}

export interface CreateConnectionInput {
  containerTag?: string;
  containerTags?: string[];
  documentLimit?: number;
  metadata?: Record<string, unknown> | null;
  redirectUrl?: string;
}

/**
 * `authLink` and `expiresIn` are always strings, as the official SDK types them: empty for a kind
 * with nothing to authorize. `linkExpiresAt`: when the link stops working (v5 answers it; v3 does not).
 */
export type CreatedConnection = { id: string; authLink: string; expiresIn: string; redirectsTo?: string; linkExpiresAt?: Date };

/** A connection with its latest sync run, and its push notifications where its kind has them. */
export interface ConnectionWithRun {
  connection: ConnectionRecord;
  lastSyncRun: SyncRunRecord | null;
  push: PushStatus | null;
}

const LIST_LIMIT = 1000;

/** The connections of an organization: create (OAuth link or credentials), read, delete, import. */
/** A connector kind as callers choose one: `auth` says whether an account is authorized at the provider (OAuth) or by credentials given. */
export interface ConnectorKindInfo {
  kind: ConnectorKind;
  aliases: string[];
  auth: 'oauth' | 'credentials';
}

export class ConnectionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: ConnectorAccess,
    private readonly state: OAuthStateSigner,
    private readonly jobs: ConnectionJobs,
    private readonly log: Logger,
  ) {}

  /**
   * OAuth kinds: a `pending` connection and a link to authorize it (a second create for the same
   * kind and tag re-authorizes the existing connection). Credential kinds: an active connection
   * whose first sync starts at once.
   */
  async create(principal: Principal, provider: string, input: CreateConnectionInput, requestOrigin: string): Promise<CreatedConnection> {
    const { kind, adapter } = this.access.provider(provider);
    const tag = resolveWriteTag(principal, input);
    const config = parseConfig(() => adapter.parseConfig(input.metadata ?? {}));
    const usesCustomKey = adapter.auth === 'oauth' && (await this.access.usesCustomKey(principal.orgId, kind));
    // Refused before anything is stored when there is no client to authorize with.
    if (adapter.auth === 'oauth') await this.access.oauthClient({ kind, orgId: principal.orgId, usesCustomKey }, requestOrigin);
    const nonce = adapter.auth === 'oauth' ? newSecret() : null;
    const existing = (await listConnections(this.db, principal.orgId, { containerTags: [tag], kind }))[0];
    const id = existing?.id ?? newId();
    const credentials = adapter.auth === 'credentials' ? this.access.splitCredentials(kind, id, input.metadata ?? {}) : null;
    const fields = {
      documentLimit: input.documentLimit ?? null,
      metadata: credentials?.metadata ?? input.metadata ?? {},
      config,
      ...(credentials?.sealed ? { tokens: credentials.sealed } : {}),
      redirectUrl: input.redirectUrl ?? null,
      authNonce: nonce,
      ...(adapter.auth === 'oauth' ? { usesCustomKey } : { status: 'active', nextSyncAt: null }),
      // Until it is authorized a connection lives as long as its link; an authorized one never expires.
      ...(adapter.auth === 'oauth' && (!existing || existing.status === 'pending')
        ? { expiresAt: new Date(this.clock.now().getTime() + AUTH_LINK_LIFETIME_MS) }
        : {}),
    };
    const connection = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [tag]);
      await ensureSpace(tx, principal.orgId, tag, newId());
      const current = (await listConnections(tx, principal.orgId, { containerTags: [tag], kind }))[0];
      if (current && current.id !== id)
        throw invalidInput('Connection exists', 'a connection of this kind was created for this container tag at the same time; try again');
      const row = current
        ? await updateConnection(tx, current.id, fields, this.clock.now())
        : await this.insert(tx, { id, orgId: principal.orgId, kind, containerTag: tag, webhook: !!adapter.webhook, fields });
      if (!current) await emit(tx, connectionEvent('connection.created', row!), this.clock.now());
      if (adapter.auth === 'credentials') await enqueueSync(tx, row!, 'manual', { maxAttempts: this.jobs.maxJobAttempts });
      return row!;
    });
    const redirectsTo = input.redirectUrl ? { redirectsTo: input.redirectUrl } : {};
    if (adapter.auth === 'credentials') {
      this.jobs.onJobQueued();
      return { id: connection.id, authLink: '', expiresIn: '', ...redirectsTo };
    }
    const client = await this.access.oauthClient(connection, requestOrigin);
    const { state, expiresAt } = this.state.sign(connection.id, nonce!);
    const grant = { config: connection.config, codeVerifier: this.state.codeVerifier(connection.id, nonce!) };
    const authLink = adapter.oauth!.authorizationUrl(client, state, grant);
    return { id: connection.id, authLink, expiresIn: '1 hour', ...redirectsTo, linkExpiresAt: expiresAt };
  }

  /** Whether a path value names a provider (a kind id or an SDK name) rather than a connection id. */
  isProvider(value: string): boolean {
    return resolveKind(value) !== null;
  }

  /** The kind a provider name stands for; an unknown name is invalid input. */
  kindOf(provider: string): ConnectorKind {
    return this.access.kindOf(provider);
  }

  /** Every connector kind, in the registry's order: its id, the SDK's names for it and how an account is authorized. */
  kinds(): ConnectorKindInfo[] {
    return CONNECTORS.map((d) => ({ kind: d.kind, aliases: [...d.aliases], auth: d.auth }));
  }

  /** A kind as the v5 API names it (the SDK's provider name), and what its connections can do. */
  describeKind(kind: ConnectorKind): { provider: string; selectable: boolean; webhooks: boolean } {
    const adapter = this.access.adapterOrNull(kind);
    return {
      provider: descriptorOf(kind).aliases[0] ?? kind,
      selectable: !!adapter?.configure,
      webhooks: !!(adapter?.webhook || adapter?.subscription),
    };
  }

  async list(principal: Principal, input: { containerTags?: string[]; provider?: string }): Promise<ConnectionWithRun[]> {
    const kind = input.provider ? this.access.kindOf(input.provider) : undefined;
    const containerTags = resolveReadTags(principal, input.containerTags ?? []);
    return this.withRuns(await listConnections(this.db, principal.orgId, { containerTags, kind }));
  }

  async get(principal: Principal, id: string): Promise<ConnectionWithRun> {
    const [found] = await this.withRuns([await this.find(principal, id)]);
    return found;
  }

  /** The connection of a kind in one of the tags (the SDK's getByTag). */
  async getByTag(principal: Principal, provider: string, containerTags: string[]): Promise<ConnectionWithRun> {
    const kind = this.access.kindOf(provider);
    const tags = resolveReadTags(principal, containerTags);
    const [connection] = await listConnections(this.db, principal.orgId, { containerTags: tags, kind });
    if (!connection) throw notFound('Connection');
    return (await this.withRuns([connection]))[0];
  }

  /**
   * Deletes a connection: its future syncs stop at once (a page in flight commits before or finds
   * it gone), and its documents go too unless `deleteDocuments` is false.
   */
  async delete(principal: Principal, id: string, deleteDocuments: boolean): Promise<{ id: string; provider: string }> {
    const connection = await this.find(principal, id);
    await this.remove(connection, deleteDocuments);
    return { id: connection.id, provider: connection.kind };
  }

  /** Deletes the connections of a kind in the tags, with their documents. */
  async deleteByProvider(principal: Principal, provider: string, containerTags: string[]): Promise<{ id: string; provider: string }> {
    const kind = this.access.kindOf(provider);
    const tags = resolveReadTags(principal, containerTags);
    const found = await listConnections(this.db, principal.orgId, { containerTags: tags, kind });
    if (found.length === 0) throw notFound('Connection');
    for (const connection of found) await this.remove(connection, true);
    return { id: found[0].id, provider: kind };
  }

  /** The organization's deleted connections whose cleanup at the provider has not succeeded: waiting, retrying, or given up. */
  cleanups(principal: Principal): Promise<PendingCleanup[]> {
    return pendingCleanups(this.db, principal.orgId);
  }

  /** Tries a cleanup that gave up again from its first attempt. */
  async retryCleanup(principal: Principal, connectionId: string): Promise<PendingCleanup> {
    const cleanup = await retryCleanup(this.db, principal.orgId, connectionId, this.clock.now());
    this.jobs.onJobQueued();
    return cleanup;
  }

  /** Forgets a cleanup that is not running: it is never tried again. */
  dismissCleanup(principal: Principal, connectionId: string): Promise<void> {
    return dismissCleanup(this.db, principal.orgId, connectionId);
  }

  /** Queues a manual sync of every active connection of the kind (in the tags, when given). */
  async import(principal: Principal, provider: string, containerTags?: string[]): Promise<number> {
    const kind = this.access.kindOf(provider);
    this.access.adapter(kind);
    const tags = resolveReadTags(principal, containerTags ?? []);
    const found = (await listConnections(this.db, principal.orgId, { containerTags: tags, kind })).filter((c) => c.status === 'active');
    let queued = 0;
    await this.db.transaction(async (tx) => {
      for (const connection of found) if (await enqueueSync(tx, connection, 'manual', { maxAttempts: this.jobs.maxJobAttempts })) queued += 1;
    });
    if (queued) this.jobs.onJobQueued();
    return found.length;
  }

  /** Changes how many documents a connection imports (null: no limit of its own). */
  async update(principal: Principal, id: string, patch: { documentLimit?: number | null }): Promise<ConnectionWithRun> {
    const connection = await this.find(principal, id);
    if (patch.documentLimit === undefined) return this.get(principal, id);
    const updated = await this.db.transaction(async (tx) => {
      await assertTagsWritable(tx, principal.orgId, [connection.containerTag]);
      return updateConnection(tx, connection.id, { documentLimit: patch.documentLimit }, this.clock.now());
    });
    if (!updated) throw notFound('Connection');
    return (await this.withRuns([updated]))[0];
  }

  /**
   * Queues a manual sync of one active connection. A sync running now is a conflict; one already
   * waiting answers as queued (it will see everything this one would).
   */
  async syncNow(principal: Principal, id: string): Promise<{ id: string }> {
    const connection = await this.find(principal, id);
    if (connection.status === 'pending') throw invalidInput('Connection not authorized', 'authorize it at its authorization link first');
    const queued = await this.db.transaction(async (tx) => {
      if (await findSyncJob(tx, connection.id, ['running'])) throw conflict('sync-running', 'A sync is already running', `connection: ${connection.id}`);
      return enqueueSync(tx, connection, 'manual', { maxAttempts: this.jobs.maxJobAttempts });
    });
    if (queued) this.jobs.onJobQueued();
    return { id: connection.id };
  }

  /** Per connection: how many documents it imported, and when a sync of it last completed; two queries for all of them. */
  async syncSummaries(ids: string[]): Promise<Map<string, { documentCount: number; lastSyncedAt: Date | null }>> {
    const [counts, synced] = await Promise.all([connectionDocumentCounts(this.db, ids), lastCompletedSyncs(this.db, ids)]);
    return new Map(ids.map((id) => [id, { documentCount: counts.get(id) ?? 0, lastSyncedAt: synced.get(id) ?? null }]));
  }

  /** The documents a kind imported in the tags (those of deleted connections that kept them too). */
  async listDocuments(principal: Principal, provider: string, containerTags?: string[]): Promise<ListedDocument[]> {
    const kind = this.access.kindOf(provider);
    const tags = resolveReadTags(principal, containerTags ?? []);
    const { rows } = await listDocuments(this.db, principal.orgId, {
      containerTags: tags,
      source: kind,
      limit: LIST_LIMIT,
      offset: 0,
      sort: 'createdAt',
      order: 'desc',
      includeContent: false,
    });
    return rows;
  }

  /** A connection the caller may see; not found otherwise (whether it exists elsewhere is not told). */
  async find(principal: Principal, id: string): Promise<ConnectionRecord> {
    const connection = await getConnection(this.db, principal.orgId, id, { containerTags: principal.containerTags ?? undefined });
    if (!connection) throw notFound('Connection');
    return connection;
  }

  private async insert(
    tx: Tx,
    target: { id: string; orgId: string; kind: ConnectorKind; containerTag: string; webhook: boolean; fields: Partial<ConnectionRecord> },
  ): Promise<ConnectionRecord> {
    const id = target.id;
    try {
      return await insertConnection(tx, {
        ...target.fields,
        id,
        orgId: target.orgId,
        kind: target.kind,
        containerTag: target.containerTag,
        webhookSecret: target.webhook ? this.access.sealWebhookSecret(id, newSecret()) : null,
        createdAt: this.clock.now(),
        updatedAt: this.clock.now(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError)
        throw invalidInput('Connection exists', 'a connection of this kind was created for this container tag at the same time; try again');
      throw error;
    }
  }

  /**
   * The row, its documents (unless kept) and, queued in the same transaction, its cleanup at the
   * provider (`cleanup.ts`: channels and hooks stopped, the grant revoked), which a job runs outside
   * any transaction and retries until the provider answers.
   */
  private async remove(connection: ConnectionRecord, deleteDocuments: boolean): Promise<void> {
    const { cleanups, tags } = await this.db.transaction(async (tx) => {
      // First the row: a sync page in flight commits before this, and none commits after it.
      const current = await lockConnectionForUpdate(tx, connection.id);
      if (!current) return { cleanups: 0, tags: [] };
      // The memories drawn only from its documents go with them (lineage).
      const removal = deleteDocuments ? await removeDocuments(tx, connection.orgId, { connectionId: connection.id }, this.clock.now()) : undefined;
      const deleted = await deleteConnection(tx, connection.id);
      return { cleanups: deleted ? await queueCleanups(tx, [current], this.clock.now()) : 0, tags: removal?.tags ?? [] };
    });
    if (cleanups) {
      this.log.info({ connectionId: connection.id, provider: connection.kind }, 'connection deleted; its cleanup at the provider is queued');
      this.jobs.onJobQueued();
    }
    for (const tag of tags) await this.jobs.onMemoriesChanged?.(connection.orgId, tag);
  }

  private async withRuns(found: ConnectionRecord[]): Promise<ConnectionWithRun[]> {
    const runs = await latestSyncRuns(
      this.db,
      found.map((c) => c.id),
    );
    return found.map((connection) => ({
      connection,
      lastSyncRun: runs.get(connection.id) ?? null,
      push: pushStatus(this.access.adapterOrNull(connection.kind), connection),
    }));
  }
}

/** The adapter's config of the caller's metadata; a bad field is invalid input naming it. */
export function parseConfig(parse: () => Record<string, unknown>): Record<string, unknown> {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ConnectorConfigError) throw invalidInput('Invalid metadata', error.message);
    throw error;
  }
}
