import { Hold } from '../hold.js';
import { randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeHttpReply, FakeHttpRequest } from '../fake-server.js';
import type { DriveType } from './drive.js';
import { normalizeScope } from './identity.js';
import { graphError } from './representations.js';

export interface FakeSubscription {
  id: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  clientState: string | null;
  /** Where Graph tells of a removed subscription, one to reauthorize, or missed notifications. */
  lifecycleNotificationUrl: string | null;
  expirationMs: number;
  createdMs: number;
}

export type LifecycleEvent = 'subscriptionRemoved' | 'reauthorizationRequired' | 'missed';

/** What a notification delivery got back. */
export interface GraphDelivery {
  url: string;
  status: number;
  body: unknown;
  rawBody: string;
}

export type ClientStateMode = 'valid' | 'wrong' | 'missing';

/** Which permissions let a delegated token subscribe to a drive: the one in Graph's table, or a higher one. */
const SUBSCRIPTION_PERMISSIONS: Record<DriveType, string[]> = {
  personal: ['files.readwrite', 'files.readwrite.all'],
  business: ['files.readwrite.all'],
};

/** Graph's longest lifetime of a subscription to a driveItem: 42,300 minutes (about 29.4 days). */
export const MAX_DRIVE_SUBSCRIPTION_MINUTES = 42_300;
export const TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';
const VALIDATION_TIMEOUT_MS = 10_000;

/** Change-notification subscriptions: the validation handshake on create, renewals, deliveries. */
export class FakeSubscriptions {
  readonly all = new Map<string, FakeSubscription>();
  readonly deliveries: GraphDelivery[] = [];
  /** Every validation request sent, with what the endpoint answered. */
  readonly validations: { url: string; token: string; status: number; body: string }[] = [];
  /** Subscriptions refused for a missing permission. */
  refusals = 0;
  private readonly renewals = new Hold();

  /** Renewals (`PATCH`) that have arrived and wait for `holdRenewals`' release. */
  get heldRenewals(): number {
    return this.renewals.waiting;
  }

  constructor(private readonly clock: FakeClock) {}

  /** Live (unexpired) subscriptions. */
  live(): FakeSubscription[] {
    return [...this.all.values()].filter((s) => s.expirationMs > this.clock.nowMs());
  }

  /**
   * `POST /subscriptions`. A driveItem subscription needs `Files.ReadWrite` on a personal OneDrive
   * and `Files.ReadWrite.All` on OneDrive for Business (Graph's permission table for creating a
   * subscription; reading is not enough): without it Graph answers 403 `ExtensionError`.
   */
  async create(req: FakeHttpRequest, caller: { scopes: string[]; driveType: DriveType }): Promise<FakeHttpReply> {
    const body = req.body ?? {};
    for (const field of ['changeType', 'notificationUrl', 'resource', 'expirationDateTime']) {
      if (typeof body[field] !== 'string') return graphError(400, 'InvalidRequest', `Missing or invalid '${field}'.`, this.clock);
    }
    if (!/^\/?me\/drive\/root$/.test(body.resource))
      return graphError(400, 'InvalidRequest', 'Only the drive root may be subscribed to in this fake.', this.clock);
    if (body.changeType !== 'updated') return graphError(400, 'InvalidRequest', "driveItem subscriptions support only changeType 'updated'.", this.clock);
    if (typeof body.clientState === 'string' && body.clientState.length > 128)
      return graphError(400, 'InvalidRequest', 'clientState must be at most 128 characters.', this.clock);
    const expiry = this.checkExpiration(body.expirationDateTime);
    if (typeof expiry !== 'number') return expiry;
    const needed = SUBSCRIPTION_PERMISSIONS[caller.driveType];
    if (!caller.scopes.map(normalizeScope).some((s) => needed.includes(s))) {
      this.refusals += 1;
      return graphError(403, 'ExtensionError', 'Operation: Create; Exception: [Status Code: Forbidden; Reason: Access denied]', this.clock);
    }
    const lifecycleUrl: string | null = typeof body.lifecycleNotificationUrl === 'string' ? body.lifecycleNotificationUrl : null;
    const endpoints = [...new Set([body.notificationUrl as string, ...(lifecycleUrl ? [lifecycleUrl] : [])])];
    // Graph requires HTTPS; the fake also takes plain HTTP on loopback for tests.
    if (endpoints.some((e) => !URL.canParse(e) || (new URL(e).protocol !== 'https:' && new URL(e).hostname !== '127.0.0.1')))
      return graphError(400, 'InvalidRequest', 'The notification URL must use HTTPS.', this.clock);
    // Each endpoint must pass the validation handshake.
    const validated = await Promise.all(endpoints.map((e) => this.validate(e)));
    if (!validated.every(Boolean)) {
      return graphError(
        400,
        'InvalidRequest',
        'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.',
        this.clock,
      );
    }
    const subscription: FakeSubscription = {
      id: randomUUID(),
      resource: body.resource,
      changeType: body.changeType,
      notificationUrl: body.notificationUrl,
      clientState: body.clientState ?? null,
      lifecycleNotificationUrl: lifecycleUrl,
      expirationMs: expiry,
      createdMs: this.clock.nowMs(),
    };
    this.all.set(subscription.id, subscription);
    return { status: 201, json: this.representation(subscription) };
  }

  get(id: string): FakeHttpReply {
    const subscription = this.find(id);
    return subscription ? { status: 200, json: this.representation(subscription) } : this.notFound();
  }

  /** Keeps every renewal from being answered until the function returned is called: a slow provider. */
  holdRenewals(): () => void {
    return this.renewals.start();
  }

  async update(id: string, req: FakeHttpRequest): Promise<FakeHttpReply> {
    await this.renewals.pass();
    const subscription = this.find(id);
    if (!subscription) return this.notFound();
    const expiry = this.checkExpiration(req.body?.expirationDateTime);
    if (typeof expiry !== 'number') return expiry;
    subscription.expirationMs = expiry;
    return { status: 200, json: this.representation(subscription) };
  }

  delete(id: string): FakeHttpReply {
    if (!this.find(id)) return this.notFound();
    this.all.delete(id);
    return { status: 204 };
  }

  /** Sends one change notification to every live subscription, with its clientState, a wrong one or none. */
  async notify(mode: ClientStateMode = 'valid'): Promise<GraphDelivery[]> {
    const sent: GraphDelivery[] = [];
    for (const s of this.live()) {
      const notification: Record<string, unknown> = {
        subscriptionId: s.id,
        subscriptionExpirationDateTime: new Date(s.expirationMs).toISOString(),
        changeType: 'updated',
        resource: s.resource,
        tenantId: TENANT_ID,
      };
      if (mode === 'valid' && s.clientState !== null) notification.clientState = s.clientState;
      if (mode === 'wrong') notification.clientState = 'not-the-client-state';
      const rawBody = JSON.stringify({ value: [notification] });
      const response = await fetch(s.notificationUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rawBody });
      await response.arrayBuffer();
      const delivery = { url: s.notificationUrl, status: response.status, body: JSON.parse(rawBody), rawBody };
      this.deliveries.push(delivery);
      sent.push(delivery);
    }
    return sent;
  }

  /**
   * Sends a lifecycle notification to every live subscription that named a lifecycle URL, as Graph
   * does: `subscriptionRemoved` after it removed the subscription, `reauthorizationRequired` before
   * it would, `missed` when notifications were dropped.
   */
  async lifecycle(event: LifecycleEvent): Promise<GraphDelivery[]> {
    const sent: GraphDelivery[] = [];
    for (const s of this.live().filter((x) => x.lifecycleNotificationUrl)) {
      if (event === 'subscriptionRemoved') this.all.delete(s.id);
      const notification = {
        subscriptionId: s.id,
        subscriptionExpirationDateTime: new Date(s.expirationMs).toISOString(),
        tenantId: TENANT_ID,
        ...(s.clientState !== null && { clientState: s.clientState }),
        lifecycleEvent: event,
      };
      const rawBody = JSON.stringify({ value: [notification] });
      const response = await fetch(s.lifecycleNotificationUrl!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rawBody });
      await response.arrayBuffer();
      const delivery = { url: s.lifecycleNotificationUrl!, status: response.status, body: JSON.parse(rawBody), rawBody };
      this.deliveries.push(delivery);
      sent.push(delivery);
    }
    return sent;
  }

  private async validate(notificationUrl: string): Promise<boolean> {
    const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
    const url = new URL(notificationUrl);
    url.searchParams.set('validationToken', token);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        signal: AbortSignal.timeout(VALIDATION_TIMEOUT_MS),
      });
      const body = await response.text();
      this.validations.push({ url: notificationUrl, token, status: response.status, body });
      return response.status === 200 && body === token && /^text\/plain/.test(response.headers.get('content-type') ?? '');
    } catch {
      this.validations.push({ url: notificationUrl, token, status: 0, body: '' });
      return false;
    }
  }

  private checkExpiration(raw: unknown): number | FakeHttpReply {
    const at = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(at)) return graphError(400, 'InvalidRequest', "Missing or invalid 'expirationDateTime'.", this.clock);
    const now = this.clock.nowMs();
    if (at <= now) return graphError(400, 'InvalidRequest', 'Subscription expiration must be in the future.', this.clock);
    if (at > now + MAX_DRIVE_SUBSCRIPTION_MINUTES * 60_000) {
      return graphError(400, 'InvalidRequest', `Subscription expiration can only be ${MAX_DRIVE_SUBSCRIPTION_MINUTES} minutes in the future.`, this.clock);
    }
    return at;
  }

  private find(id: string): FakeSubscription | undefined {
    const s = this.all.get(id);
    return s && s.expirationMs > this.clock.nowMs() ? s : undefined;
  }

  private notFound(): FakeHttpReply {
    return graphError(404, 'ResourceNotFound', 'The object was not found.', this.clock);
  }

  private representation(s: FakeSubscription) {
    return {
      '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
      id: s.id,
      resource: s.resource,
      applicationId: '24d3b144-21ae-4080-943f-7067b395b913',
      changeType: s.changeType,
      clientState: s.clientState,
      notificationUrl: s.notificationUrl,
      lifecycleNotificationUrl: s.lifecycleNotificationUrl,
      expirationDateTime: new Date(s.expirationMs).toISOString(),
      creatorId: 'e2e0a2a0-2f4c-4b4e-8f6a-000000000001',
      latestSupportedTlsVersion: 'v1_2',
      notificationContentType: null,
    };
  }
}
