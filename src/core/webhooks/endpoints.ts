import type { Principal } from '../../model/access.js';
import { invalidInput, notFound } from '../../model/errors.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookEventRecord } from '../../model/webhooks.js';
import type { Db, Tx } from '../../store/database.js';
import {
  deleteWebhookEndpoint,
  forgetWebhookEndpoints,
  getWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  updateWebhookEndpoint,
  type WebhookEndpointPatch,
} from '../../store/webhooks.js';
import { SecretBox } from '../access/secret-box.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { newSigningSecret } from './signing.js';

/**
 * Why a URL may not receive webhooks (a private or metadata address, a host that does not
 * resolve), or null when it may: the URL policy that guards URL fetching, injected by the
 * composition root.
 */
export type WebhookUrlCheck = (url: string) => Promise<string | null>;

export interface WebhookEndpointInput {
  url: string;
  description?: string | null;
  eventTypes: string[];
  containerTags?: string[] | null;
  enabled?: boolean;
}

export interface WebhookEndpointsOptions {
  checkUrl: WebhookUrlCheck;
  /** How long a rotated-out secret still signs, by default. */
  rotationGraceMs: number;
}

/** An organization's webhook endpoints (admin keys only, checked by the transport): registered, changed, rotated, and their deliveries. */
export class WebhookEndpoints {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly options: WebhookEndpointsOptions,
  ) {}

  static secretBox(serverSecret: Buffer): SecretBox {
    return new SecretBox(serverSecret, 'webhook-secrets/v1');
  }

  /** The context a signing secret is sealed to: its endpoint (current and previous secret alike, so a rotation moves it as is). */
  static secretContext(endpointId: string): string {
    return `webhook:${endpointId}:signing`;
  }

  /** The new endpoint and its signing secret, which no later answer shows again. */
  async create(principal: Principal, input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    await this.assertUrlAllowed(input.url);
    const id = `wh_${newId()}`;
    const secret = newSigningSecret();
    const now = this.clock.now();
    const endpoint = await this.changing(principal.orgId, (tx) =>
      insertWebhookEndpoint(tx, {
        id,
        orgId: principal.orgId,
        url: input.url,
        description: input.description ?? null,
        eventTypes: [...new Set(input.eventTypes)],
        containerTags: input.containerTags?.length ? [...new Set(input.containerTags)] : null,
        enabled: input.enabled ?? true,
        disabledReason: null,
        secret: this.box.seal(secret, WebhookEndpoints.secretContext(id)),
        previousSecret: null,
        previousSecretExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return { endpoint, secret };
  }

  list(principal: Principal): Promise<WebhookEndpointRecord[]> {
    return listWebhookEndpoints(this.db, principal.orgId);
  }

  async get(principal: Principal, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await getWebhookEndpoint(this.db, principal.orgId, id);
    if (!endpoint) throw notFound('Webhook endpoint');
    return endpoint;
  }

  /** Changes what is given; enabling an endpoint clears the reason it was disabled and its count of failures. */
  async update(principal: Principal, id: string, input: Partial<WebhookEndpointInput>): Promise<WebhookEndpointRecord> {
    await this.get(principal, id);
    if (input.url !== undefined) await this.assertUrlAllowed(input.url);
    const patch: WebhookEndpointPatch = {};
    if (input.url !== undefined) patch.url = input.url;
    if (input.description !== undefined) patch.description = input.description;
    if (input.eventTypes !== undefined) patch.eventTypes = [...new Set(input.eventTypes)];
    if (input.containerTags !== undefined) patch.containerTags = input.containerTags?.length ? [...new Set(input.containerTags)] : null;
    if (input.enabled !== undefined) {
      patch.enabled = input.enabled;
      patch.disabledReason = input.enabled ? null : 'disabled by an admin';
      if (input.enabled) patch.consecutiveFailures = 0;
    }
    const updated = await this.changing(principal.orgId, (tx) => updateWebhookEndpoint(tx, principal.orgId, id, patch, this.clock.now()));
    if (!updated) throw notFound('Webhook endpoint');
    return updated;
  }

  async delete(principal: Principal, id: string): Promise<void> {
    if (!(await this.changing(principal.orgId, (tx) => deleteWebhookEndpoint(tx, principal.orgId, id)))) throw notFound('Webhook endpoint');
  }

  /**
   * A new signing secret, shown once; the one it replaces still signs (a second signature in
   * `webhook-signature`) for `graceMs`, so receivers can switch without refusing a delivery.
   */
  async rotateSecret(principal: Principal, id: string, graceMs?: number): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    const endpoint = await this.get(principal, id);
    const secret = newSigningSecret();
    const now = this.clock.now();
    const grace = graceMs ?? this.options.rotationGraceMs;
    const updated = await updateWebhookEndpoint(
      this.db,
      principal.orgId,
      id,
      {
        secret: this.box.seal(secret, WebhookEndpoints.secretContext(id)),
        previousSecret: grace > 0 ? endpoint.secret : null,
        previousSecretExpiresAt: grace > 0 ? new Date(now.getTime() + grace) : null,
      },
      now,
    );
    if (!updated) throw notFound('Webhook endpoint');
    return { endpoint: updated, secret };
  }

  async deliveries(principal: Principal, id: string, limit: number): Promise<{ delivery: WebhookDeliveryRecord; event: WebhookEventRecord }[]> {
    await this.get(principal, id);
    return listWebhookDeliveries(this.db, principal.orgId, id, limit);
  }

  /** Sends a delivery's event again (the same `webhook-id`), after the endpoint's other deliveries. */
  async resend(principal: Principal, id: string, deliveryId: string): Promise<{ delivery: WebhookDeliveryRecord; event: WebhookEventRecord }> {
    await this.get(principal, id);
    const queued = await resendWebhookDelivery(this.db, principal.orgId, id, deliveryId, newId(), this.clock.now());
    if (!queued) throw notFound('Webhook delivery');
    return queued;
  }

  /**
   * Changes the organization's endpoints in one transaction, which tells every process (its
   * notification), then forgets this process's copy of them before the caller answers: a change
   * committed after that answer, in this process, is routed by the endpoints as they are now.
   */
  private async changing<T>(orgId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(change);
    } finally {
      forgetWebhookEndpoints(this.db, orgId);
    }
  }

  private async assertUrlAllowed(url: string): Promise<void> {
    const reason = await this.options.checkUrl(url);
    if (reason) throw invalidInput('Invalid webhook URL', reason);
  }
}
