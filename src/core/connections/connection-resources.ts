import type { Connector, ConnectorKind } from '../../connectors/index.js';
import type { Principal } from '../../model/access.js';
import type { ConnectionRecord, SyncRunRecord } from '../../model/connections.js';
import { NotSupportedError, invalidInput } from '../../model/errors.js';
import { listImportedExternalIds } from '../../store/connection-documents.js';
import { listSyncRuns, updateConnection } from '../../store/connections.js';
import type { Db } from '../../store/database.js';
import { callProvider } from './connector-failures.js';
import type { ConnectionJobs, ConnectionService } from './connection-service.js';
import type { ConnectorAccess } from './connector-access.js';
import { enqueueSync } from './sync-queue.js';
import type { Clock } from '../shared/clock.js';
import { usableTokens } from './tokens.js';
import { removeDocuments } from '../memories/lineage.js';

const SYNC_RUNS_SHOWN = 100;

/** What a connection syncs (code host: which repositories) and how its syncs went. */
export class ConnectionResources {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: ConnectorAccess,
    private readonly connections: ConnectionService,
    private readonly jobs: ConnectionJobs,
  ) {}

  async list(principal: Principal, id: string, page: { page: number; perPage: number }): Promise<{ resources: object[]; totalCount: number }> {
    const { connection, adapter } = await this.authorized(principal, id, 'resources');
    const tokens = await this.tokens(connection, adapter);
    return callProvider(() => adapter.resources!(this.access.syncRequest(connection, { tokens }), page));
  }

  /**
   * Applies a selection: the adapter stores it in the config (and registers webhooks), the
   * documents of resources no longer chosen are deleted, and a sync is queued.
   */
  async configure(
    principal: Principal,
    id: string,
    resources: object[],
    requestOrigin: string,
  ): Promise<{ success: true; message: string; webhooksRegistered: number }> {
    const { connection, adapter } = await this.authorized(principal, id, 'configure');
    const tokens = await this.tokens(connection, adapter);
    const secret = this.access.openWebhookSecret(connection);
    const result = await callProvider(() =>
      adapter.configure!(this.access.syncRequest(connection, { tokens }), resources, {
        url: this.access.webhookUrl(connection, requestOrigin),
        secret: secret ?? '',
      }),
    );
    const changedTags = await this.db.transaction(async (tx) => {
      const updated = await updateConnection(tx, connection.id, { config: result.config }, this.clock.now());
      if (!updated) throw invalidInput('Connection deleted', 'the connection was deleted meanwhile');
      let tags: string[] = [];
      if (adapter.covers) {
        const gone = (await listImportedExternalIds(tx, connection.id)).filter((externalId) => !adapter.covers!(externalId, result.config));
        tags = (await removeDocuments(tx, connection.orgId, { connectionId: connection.id, externalIds: gone }, this.clock.now())).tags;
      }
      await enqueueSync(tx, updated, 'manual', { maxAttempts: this.jobs.maxJobAttempts });
      return tags;
    });
    this.jobs.onJobQueued();
    for (const tag of changedTags) await this.jobs.onMemoriesChanged?.(connection.orgId, tag);
    const count = resources.length;
    return { success: true, message: `${count} resource${count === 1 ? '' : 's'} selected; syncing`, webhooksRegistered: result.webhooksRegistered };
  }

  async syncRuns(principal: Principal, id: string): Promise<SyncRunRecord[]> {
    const connection = await this.connections.find(principal, id);
    return listSyncRuns(this.db, connection.id, SYNC_RUNS_SHOWN);
  }

  private async authorized(principal: Principal, id: string, what: 'resources' | 'configure'): Promise<{ connection: ConnectionRecord; adapter: Connector }> {
    const connection = await this.connections.find(principal, id);
    const adapter = this.access.adapter(connection.kind as ConnectorKind);
    if (!adapter[what]) throw new NotSupportedError('Not supported', `${connection.kind} connections have no selectable resources`);
    if (!connection.tokens) throw invalidInput('Connection not authorized', 'the end user has not completed the authorization link yet');
    return { connection, adapter };
  }

  private async tokens(connection: ConnectionRecord, adapter: Connector) {
    return callProvider(async () => (await usableTokens(this.db, this.access, adapter, connection, this.clock)).tokens);
  }
}
