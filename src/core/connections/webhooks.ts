import type { ConnectorKind } from '../../connectors/index.js';
import { UnauthenticatedError, notFound } from '../../model/errors.js';
import type { ConnectionRecord } from '../../model/connections.js';
import { getConnectionById, recordWebhookDelivery, updateConnection } from '../../store/connections.js';
import type { Db, Tx } from '../../store/database.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectionJobs } from './connection-service.js';
import type { ConnectorAccess } from './connector-access.js';
import { enqueueSync } from './sync-queue.js';

/** Deliveries that announce a hook rather than a change (the code host pings a new hook): nothing to sync. */
const ANNOUNCEMENTS = new Set(['ping']);

export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
}

export type WebhookAnswer = { kind: 'handshake'; status: number; contentType: string; body: string } | { kind: 'accepted'; duplicate: boolean };

/**
 * A provider's notification for one connection: a handshake is answered first; anything else must
 * verify against the connection's webhook secret before it is even parsed. A delivery seen before
 * (same delivery id) does nothing; a new one queues a sync with trigger `event`.
 */
export class WebhookReceiver {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: ConnectorAccess,
    private readonly jobs: ConnectionJobs,
  ) {}

  async receive(provider: string, connectionId: string, delivery: WebhookDelivery): Promise<WebhookAnswer> {
    const { kind, adapter } = this.access.provider(provider);
    if (!adapter.webhook) throw notFound('Webhook receiver', `${kind} sends no webhooks`);
    if (adapter.webhook.scope === 'kind') throw notFound('Webhook receiver', `${kind} deliveries arrive at /v3/connections/webhooks/${kind}`);
    const connection = await getConnectionById(this.db, connectionId);
    if (!connection || connection.kind !== (kind satisfies ConnectorKind)) throw notFound('Connection');
    const handshake = adapter.webhook.handshake?.(delivery.query, delivery.headers);
    if (handshake) return { kind: 'handshake', ...handshake };
    const secret = this.access.openWebhookSecret(connection);
    if (!secret || !adapter.webhook.verify(delivery.headers, delivery.rawBody, secret, delivery.query)) {
      throw new UnauthenticatedError('Invalid signature', "the delivery is not signed with this connection's webhook secret");
    }
    const { deliveryId, event, renewSubscription } = adapter.webhook.describe(delivery.headers, parseBody(delivery.rawBody));
    const fresh = await this.db.transaction(async (tx) => {
      const accepted = await acceptDelivery(tx, connection, deliveryId, event, this.clock, this.jobs);
      if (accepted && renewSubscription && connection.subscriptionRenewBy) {
        await updateConnection(tx, connection.id, { subscriptionRenewBy: this.clock.now() }, this.clock.now());
      }
      return accepted;
    });
    if (fresh) this.jobs.onJobQueued();
    return { kind: 'accepted', duplicate: !fresh };
  }
}

/** A verified delivery's JSON body; null when it is not JSON. */
export function parseBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Records a verified delivery for a connection and queues an `event` sync, unless it was recorded
 * before (a redelivery: false) or only announces a hook.
 */
export async function acceptDelivery(
  tx: Tx,
  connection: ConnectionRecord,
  deliveryId: string,
  event: string,
  clock: Clock,
  jobs: ConnectionJobs,
): Promise<boolean> {
  if (!(await recordWebhookDelivery(tx, connection.id, deliveryId.slice(0, 200), clock.now()))) return false;
  if (connection.status === 'active' && !ANNOUNCEMENTS.has(event)) await enqueueSync(tx, connection, 'event', { maxAttempts: jobs.maxJobAttempts });
  return true;
}
