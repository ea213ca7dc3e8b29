import type { Logger } from 'pino';
import { resolveKind, type TokenSet } from '../../connectors/index.js';
import type { ConnectionRecord } from '../../model/connections.js';
import { invalidInput } from '../../model/errors.js';
import { consumeAuthNonce, getConnectionById, lockAccountConnections, updateConnection } from '../../store/connections.js';
import type { Db, Tx } from '../../store/database.js';
import type { ConnectionJobs } from './connection-service.js';
import type { ConnectorAccess } from './connector-access.js';
import type { OAuthStateSigner } from './oauth-state.js';
import { refusedPush } from './subscriptions.js';
import { enqueueSync } from './sync-queue.js';
import type { Clock } from '../shared/clock.js';

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** Where the end user goes after the callback: the connection's redirectUrl, or nowhere (a plain answer). */
export type CallbackOutcome = { connectionId: string; redirect: string | null };

/**
 * The provider's redirect after the end user authorized (or refused): the state is checked (MAC,
 * expiry, provider, and its nonce consumed so it works once), the code exchanged with the client
 * the connection was created with, the tokens stored sealed and the first sync queued.
 */
export class OAuthCallback {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: ConnectorAccess,
    private readonly signer: OAuthStateSigner,
    private readonly jobs: ConnectionJobs,
    private readonly log: Logger,
  ) {}

  async complete(provider: string, query: CallbackQuery, requestOrigin: string): Promise<CallbackOutcome> {
    const { kind, adapter } = this.access.provider(provider);
    const payload = query.state ? this.signer.verify(query.state) : null;
    if (!payload) throw invalidInput('Invalid state', 'state: missing, altered or older than an hour; create the connection again');
    const pending = await getConnectionById(this.db, payload.connectionId);
    if (!pending || resolveKind(pending.kind) !== kind) throw invalidInput('Invalid state', 'state: it belongs to no connection of this provider');
    const connection = await consumeAuthNonce(this.db, pending.id, payload.nonce, this.clock.now());
    if (!connection) throw invalidInput('Invalid state', 'state: it was used already; create the connection again');
    if (query.error || !query.code) {
      return this.refused(connection, query.error ? 'access_denied' : 'missing_code');
    }
    let authorized: ConnectionRecord | undefined;
    try {
      const client = await this.access.oauthClient(connection, requestOrigin);
      const codeVerifier = this.signer.codeVerifier(connection.id, payload.nonce);
      const tokens = await adapter.oauth!.exchangeCode(client, query.code, { config: connection.config, codeVerifier });
      const account = await adapter.oauth!.account(tokens);
      authorized = await this.db.transaction(async (tx) => {
        const row = await updateConnection(
          tx,
          connection.id,
          {
            tokens: this.access.sealTokens(connection.id, tokens),
            tokenExpiresAt: tokens.expiresAt,
            email: account.email,
            accountId: account.id,
            deliveryKey: account.deliveryKey ?? null,
            // A push subscription refused for the old grant is tried again with the new one.
            ...(refusedPush(connection) ? { subscription: null, subscriptionRenewBy: null } : {}),
            status: 'active',
            nextSyncAt: null,
            expiresAt: null,
          },
          this.clock.now(),
        );
        if (row) await enqueueSync(tx, row, 'manual', { maxAttempts: this.jobs.maxJobAttempts });
        if (row && adapter.oauth!.oneGrantPerAccount) await this.shareGrant(tx, row, tokens);
        return row;
      });
    } catch (error) {
      this.log.warn({ err: error, connectionId: connection.id }, 'completing an authorization failed');
      return this.refused(connection, 'authorization_failed');
    }
    if (!authorized) throw invalidInput('Invalid state', 'state: the connection was deleted');
    this.jobs.onJobQueued();
    return { connectionId: connection.id, redirect: connection.redirectUrl };
  }

  /**
   * The other connections of the account in the organization (same kind, same kind of client) take
   * the grant just given: the provider may have revoked the oldest token of the account to issue it.
   * One in `error` (its token revoked) syncs again.
   */
  private async shareGrant(tx: Tx, authorized: ConnectionRecord, tokens: TokenSet): Promise<void> {
    const sharing = await lockAccountConnections(tx, {
      orgId: authorized.orgId,
      kind: authorized.kind,
      accountId: authorized.accountId!,
      usesCustomKey: authorized.usesCustomKey,
    });
    for (const other of sharing) {
      if (other.id === authorized.id || other.status === 'pending') continue;
      const row = await updateConnection(
        tx,
        other.id,
        { tokens: this.access.sealTokens(other.id, tokens), tokenExpiresAt: tokens.expiresAt, status: 'active' },
        this.clock.now(),
      );
      if (row && other.status === 'error') await enqueueSync(tx, row, 'manual', { maxAttempts: this.jobs.maxJobAttempts });
    }
  }

  /** Told to the redirectUrl when there is one, else refused as invalid input. */
  private refused(connection: ConnectionRecord, code: string): CallbackOutcome {
    if (!connection.redirectUrl) throw invalidInput('Authorization failed', `${code}: the provider did not authorize the connection`);
    const url = new URL(connection.redirectUrl);
    url.searchParams.set('error', code);
    return { connectionId: connection.id, redirect: url.toString() };
  }
}
