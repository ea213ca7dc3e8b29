import type { Logger } from 'pino';
import type { Connector, ConnectorKind } from '../../connectors/index.js';
import type { Principal } from '../../model/access.js';
import { UnauthenticatedError, notFound } from '../../model/errors.js';
import { activeConnectionsByDeliveryKey } from '../../store/connections.js';
import type { Db } from '../../store/database.js';
import {
  deleteKindSecret,
  getKindSecret,
  getUnsolicitedKindSecret,
  kindSecretVerifiedAt,
  markKindSecretVerified,
  putKindSecret,
  putKindSecretIfAbsent,
  putUnsolicitedKindSecret,
} from '../../store/kind-secrets.js';
import { DEFAULT_ORG } from '../access/keys.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectionJobs } from './connection-service.js';
import type { ConnectorAccess } from './connector-access.js';
import { acceptDelivery, parseBody, type WebhookDelivery } from './webhooks.js';

type KindWebhook = NonNullable<Connector['webhook']>;

export type KindWebhookAnswer = { kind: 'verification' } | { kind: 'accepted'; duplicate: boolean };

/** What an admin sees of a kind's verification token. */
export interface VerificationTokenState {
  verificationToken: string;
  receivedAt: Date;
  /** When an event first verified with it; null: none yet. */
  verifiedAt: Date | null;
  /** The latest token sent after it, which verifies nothing until an admin puts it in place. */
  unsolicited: { verificationToken: string; receivedAt: Date } | null;
}

/**
 * The one push URL of a kind whose provider notifies for every account through one channel (Gmail's
 * Pub/Sub topic, Notion's integration): a set-up delivery's verification token is kept sealed, the
 * first one only: the set-up delivery is unsigned, so anyone can post one, and a later token is only
 * recorded for an admin to see until an admin replaces or clears the kept one. Anything else must
 * verify before it is parsed, against the kind's secret and the sender's ID token, whichever are
 * configured (at least one must be), then queues an `event` sync of each active connection whose
 * account the delivery names, once per delivery id. A delivery for no known account is
 * acknowledged and does nothing: providers retry other answers.
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
      await this.keepVerificationToken(kind, token);
      return { kind: 'verification' };
    }
    const configured = this.access.configuredKindSecret(kind);
    const stored = configured ? null : await getKindSecret(this.db, kind);
    const secret = configured ?? (stored ? this.access.openKindSecret(kind, stored.sealed) : null);
    const unsigned = () => new UnauthenticatedError('Invalid signature', `the delivery is not signed with the ${kind} webhook secret`);
    if (!secret && !webhook.verifySender) throw unsigned();
    if (secret && !webhook.verify(delivery.headers, delivery.rawBody, secret, delivery.query)) throw unsigned();
    await this.checkSender(kind, webhook, delivery);
    if (stored) await markKindSecretVerified(this.db, kind, this.clock.now());
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

  /** The sender's own proof (an ID token), when the kind is configured to require one. */
  private async checkSender(kind: ConnectorKind, webhook: KindWebhook, delivery: WebhookDelivery): Promise<void> {
    if (!webhook.verifySender) return;
    const check = await webhook.verifySender(delivery.headers);
    if (check.verified) return;
    this.log.info({ kind, reason: check.reason }, `a ${kind} push was refused: its sender's token did not verify`);
    throw new UnauthenticatedError('Invalid signature', `the delivery does not carry a valid ID token of the ${kind} push sender`);
  }

  /**
   * The verification token kept for a kind, for the operator to paste back into the provider's
   * settings, whether an event verified with it, and a later token sent (unused). It belongs to the
   * installation, not to a tenant: only admins of the installation's own organization (where the
   * first and the seeded admin keys live) read or change it; to any other organization it does not exist.
   */
  async verificationToken(provider: string, reader: Principal): Promise<VerificationTokenState> {
    const kind = this.installationKind(provider, reader);
    const stored = await getKindSecret(this.db, kind);
    if (!stored) throw notFound('Verification token', `none was received yet: create the webhook subscription with the URL /v3/connections/webhooks/${kind}`);
    const unsolicited = await getUnsolicitedKindSecret(this.db, kind);
    return {
      verificationToken: this.access.openKindSecret(kind, stored.sealed),
      receivedAt: stored.receivedAt,
      verifiedAt: await kindSecretVerifiedAt(this.db, kind),
      unsolicited: unsolicited ? { verificationToken: this.access.openKindSecret(kind, unsolicited.sealed), receivedAt: unsolicited.receivedAt } : null,
    };
  }

  /** An admin puts a token in place (e.g. the unsolicited one, once checked in the provider's settings); not verified yet. */
  async replaceVerificationToken(provider: string, admin: Principal, token: string): Promise<VerificationTokenState> {
    const kind = this.installationKind(provider, admin);
    await this.db.transaction((tx) => putKindSecret(tx, kind, this.access.sealKindSecret(kind, token), this.clock.now()));
    this.log.warn({ kind, keyId: admin.keyId }, `the ${kind} webhook verification token was replaced by an admin`);
    return this.verificationToken(provider, admin);
  }

  /** An admin clears the kept token: the next one the provider sends is kept. */
  async clearVerificationToken(provider: string, admin: Principal): Promise<void> {
    const kind = this.installationKind(provider, admin);
    if (!(await this.db.transaction((tx) => deleteKindSecret(tx, kind)))) throw notFound('Verification token', 'none is kept');
    this.log.warn({ kind, keyId: admin.keyId }, `the ${kind} webhook verification token was cleared by an admin: the next one received is kept`);
  }

  /** The first token is kept; a later, different one is recorded for an admin and changes nothing. */
  private async keepVerificationToken(kind: ConnectorKind, token: string): Promise<void> {
    const sealed = this.access.sealKindSecret(kind, token);
    if (await putKindSecretIfAbsent(this.db, kind, sealed, this.clock.now())) {
      this.log.info(
        { kind },
        `a ${kind} webhook verification token was received: an admin key reads it at GET /v3/connections/webhooks/${kind}/verification-token`,
      );
      return;
    }
    const kept = await getKindSecret(this.db, kind);
    if (kept && this.access.openKindSecret(kind, kept.sealed) === token) return;
    await putUnsolicitedKindSecret(this.db, kind, sealed, this.clock.now());
    this.log.warn(
      { kind },
      `another ${kind} webhook verification token was received and NOT used: events verify with the one kept until an admin replaces or clears it (GET /v3/connections/webhooks/${kind}/verification-token)`,
    );
  }

  private installationKind(provider: string, reader: Principal): ConnectorKind {
    const kind = this.access.kindOf(provider);
    if (!this.kindWideWebhook(kind).verificationToken) throw notFound('Verification token', `${kind} sends none`);
    if (reader.orgName !== DEFAULT_ORG)
      throw notFound('Verification token', `none was received yet: create the webhook subscription with the URL /v3/connections/webhooks/${kind}`);
    return kind;
  }

  private kindWideWebhook(kind: ConnectorKind): KindWebhook {
    const webhook = this.access.adapter(kind).webhook;
    if (webhook?.scope !== 'kind') throw notFound('Webhook receiver', `${kind} deliveries arrive at /v3/connections/webhooks/${kind}/{connectionId}`);
    return webhook;
  }
}
