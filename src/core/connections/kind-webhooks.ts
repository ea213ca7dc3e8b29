import type { Logger } from 'pino';
import type { Connector, ConnectorKind } from '../../connectors/index.js';
import type { Principal } from '../../model/access.js';
import { UnauthenticatedError, notFound } from '../../model/errors.js';
import { activeConnectionsByDeliveryKey } from '../../store/connections.js';
import type { Db } from '../../store/database.js';
import { getKindSecret, putKindSecret } from '../../store/kind-secrets.js';
import { DEFAULT_ORG } from '../access/keys.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectionJobs } from './connection-service.js';
import type { ConnectorAccess } from './connector-access.js';
import { acceptDelivery, parseBody, type WebhookDelivery } from './webhooks.js';

export type KindWebhookAnswer = { kind: 'verification' } | { kind: 'accepted'; duplicate: boolean };

/**
 * The one push URL of a kind whose provider notifies for every account through one channel (Gmail's
 * Pub/Sub topic, Notion's integration): a set-up delivery's verification token is kept sealed;
 * anything else must verify against the kind's secret before it is parsed, then queues an `event`
 * sync of each active connection whose account the delivery names, once per delivery id. A
 * delivery for no known account is acknowledged and does nothing: providers retry other answers.
 */
export class KindWebhookReceiver {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: ConnectorAccess,
    private readonly jobs: ConnectionJobs,
    private readonly log: Logger,
  ) {}

  async receive(provider: string, delivery: WebhookDelivery): Promise<KindWebhookAnswer> {
    const kind = this.access.kindOf(provider);
    const webhook = this.kindWideWebhook(kind);
    const token = webhook.verificationToken?.(delivery.headers, delivery.rawBody);
    if (token) {
      await putKindSecret(this.db, kind, this.access.sealKindSecret(kind, token), this.clock.now());
      this.log.info(
        { kind },
        `a ${kind} webhook verification token was received: an admin key reads it at GET /v3/connections/webhooks/${kind}/verification-token`,
      );
      return { kind: 'verification' };
    }
    const secret = await this.secretOf(kind);
    if (!secret || !webhook.verify(delivery.headers, delivery.rawBody, secret, delivery.query)) {
      throw new UnauthenticatedError('Invalid signature', `the delivery is not signed with the ${kind} webhook secret`);
    }
    const { deliveryId, event, account } = webhook.describe(delivery.headers, parseBody(delivery.rawBody));
    if (!account || !deliveryId) return { kind: 'accepted', duplicate: false };
    const targets = await activeConnectionsByDeliveryKey(this.db, kind, account);
    if (targets.length === 0) return { kind: 'accepted', duplicate: false };
    const fresh = await this.db.transaction(async (tx) => {
      let queued = 0;
      for (const connection of targets) if (await acceptDelivery(tx, connection, deliveryId, event, this.clock, this.jobs)) queued += 1;
      return queued;
    });
    if (fresh > 0) this.jobs.onJobQueued();
    return { kind: 'accepted', duplicate: fresh === 0 };
  }

  /**
   * The verification token a kind's provider sent last, for the operator to paste back into the
   * provider's settings. It belongs to the installation, not to a tenant: only admins of the
   * installation's own organization (where the first and the seeded admin keys live) read it;
   * to any other organization it does not exist.
   */
  async verificationToken(provider: string, reader: Principal): Promise<{ verificationToken: string; receivedAt: Date }> {
    const kind = this.access.kindOf(provider);
    if (!this.kindWideWebhook(kind).verificationToken) throw notFound('Verification token', `${kind} sends none`);
    const stored = reader.orgName === DEFAULT_ORG ? await getKindSecret(this.db, kind) : null;
    if (!stored) throw notFound('Verification token', `none was received yet: create the webhook subscription with the URL /v3/connections/webhooks/${kind}`);
    return { verificationToken: this.access.openKindSecret(kind, stored.sealed), receivedAt: stored.receivedAt };
  }

  private kindWideWebhook(kind: ConnectorKind): NonNullable<Connector['webhook']> {
    const webhook = this.access.adapter(kind).webhook;
    if (webhook?.scope !== 'kind') throw notFound('Webhook receiver', `${kind} deliveries arrive at /v3/connections/webhooks/${kind}/{connectionId}`);
    return webhook;
  }

  /** The configured secret, else the verification token received last. */
  private async secretOf(kind: ConnectorKind): Promise<string | null> {
    const configured = this.access.configuredKindSecret(kind);
    if (configured) return configured;
    const stored = await getKindSecret(this.db, kind);
    return stored ? this.access.openKindSecret(kind, stored.sealed) : null;
  }
}
