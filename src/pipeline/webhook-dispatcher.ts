import type { Logger } from 'pino';
import type { SecretBox } from '../core/access/secret-box.js';
import type { Clock } from '../core/shared/clock.js';
import { signatureHeader } from '../core/webhooks/signing.js';
import { WebhookEndpoints } from '../core/webhooks/endpoints.js';
import { FetchError } from '../convert/fetch-url.js';
import { storableText } from '../convert/storable-text.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookEventRecord } from '../model/webhooks.js';
import type { Db } from '../store/database.js';
import { inBackground } from '../store/turns.js';
import {
  claimWebhookEndpoint,
  headWebhookDelivery,
  pruneWebhookEventDeliveries,
  recordWebhookAttempt,
  releaseWebhookEndpoint,
  type WebhookAttemptOutcome,
} from '../store/webhooks.js';

/** A `fetch` that vets every destination with the URL policy (`guardedFetch` in convert/fetch-url.ts). */
export type WebhookFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface WebhookDispatcherOptions {
  /** Between looks for due deliveries. */
  pollMs: number;
  /** Endpoints delivered to at once (one delivery each, in order). */
  concurrency: number;
  /** A receiver that has not answered by then is cut off; the attempt failed. */
  timeoutMs: number;
  /** The first retry's wait; each next one doubles, up to an hour. */
  retryBaseMs: number;
  /** A delivery still failing this long after its event is failed for good. */
  retryForMs: number;
  /** Deliveries failed for good in a row before the endpoint is disabled. */
  disableAfter: number;
  /** Ended deliveries are kept this long for the deliveries list, then pruned with their events. */
  retentionMs: number;
}

export interface WebhookDispatcherContext {
  db: Db;
  log: Logger;
  clock: Clock;
  box: SecretBox;
  fetch: WebhookFetch;
}

const MAX_RETRY_WAIT_MS = 60 * 60 * 1000;
/** How much of a receiver's answer is kept with the delivery. */
const RESPONSE_EXCERPT = 500;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Deliveries one lease sends at most in a row before the endpoint is released (and claimed again, perhaps by another dispatcher). */
const IN_A_ROW = 100;

/**
 * Sends the outbox's deliveries to their endpoints, beside the job worker and never in its slots:
 * a slow or dead receiver holds one of the dispatcher's own slots for at most `timeoutMs`, never an
 * ingest. Each endpoint is leased by one dispatcher at a time and gets its deliveries in `seq`
 * order, the next only once the one before is delivered or failed for good. A dispatcher that dies
 * mid-delivery leaves the endpoint to its lease: the delivery in flight is sent again (receivers
 * deduplicate by `webhook-id`).
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  /** A wake-up came while a tick ran: the next tick follows at once rather than after the poll. */
  private woken = false;
  private readonly running = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private stopped = true;
  private lastPrune = 0;

  constructor(
    private readonly ctx: WebhookDispatcherContext,
    private readonly options: WebhookDispatcherOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming, cuts off the deliveries in flight (they stay pending, sent again later) and waits for them to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const controller of this.aborts) controller.abort();
    await Promise.allSettled([...this.running]);
  }

  /**
   * Looks for due deliveries now rather than at the next poll: called when a transaction that wrote
   * deliveries commits (the database's notification, store/webhooks.ts WEBHOOK_CHANNEL) and when a
   * delivery is re-sent. Polling stays, for a notification missed (a listening connection lost).
   */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.woken = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    // Background work, whoever woke it (a request's commit): on the embedded database its statements wait for the requests' ones.
    this.timer = setTimeout(() => void inBackground(() => this.tick()), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.ticking = true;
    this.woken = false;
    try {
      await this.prune();
      while (!this.stopped && this.running.size < this.options.concurrency) {
        const endpoint = await claimWebhookEndpoint(this.ctx.db, this.ctx.clock.now(), this.leaseMs());
        if (!endpoint) break;
        const run = this.deliverNext(endpoint)
          .catch((err: unknown) => this.ctx.log.error({ err, endpointId: endpoint.id }, 'a webhook delivery failed'))
          .finally(() => {
            this.running.delete(run);
            // A slot freed and the endpoint released: the next due delivery need not wait for the
            // poll, even one that a tick run meanwhile found leased (it set the poll's timer).
            this.wake();
          });
        this.running.add(run);
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'the webhook dispatcher failed');
    }
    this.ticking = false;
    if (!this.timer) this.schedule(this.woken ? 0 : this.options.pollMs);
  }

  /** Long enough for one delivery and its bookkeeping: a lease that runs out means its dispatcher is gone. */
  private leaseMs(): number {
    return this.options.timeoutMs + 15_000;
  }

  private async prune(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await pruneWebhookEventDeliveries(this.ctx.db, new Date(now - this.options.retentionMs));
  }

  /**
   * Sends the leased endpoint's deliveries in order while they are due and delivered, up to
   * IN_A_ROW, keeping the lease (extended with each), then releases it: a busy endpoint costs a
   * read and a write per delivery, not a claim and a release as well. A delivery that fails (to be
   * retried, or for good) ends the run. The endpoint is read with each delivery, so a rotated secret
   * signs the next one and an endpoint disabled meanwhile is sent nothing more.
   */
  private async deliverNext(claimed: WebhookEndpointRecord): Promise<void> {
    try {
      for (let sent = 0; sent < IN_A_ROW && !this.stopped; sent++) {
        const head = await headWebhookDelivery(this.ctx.db, claimed.id);
        if (!head?.endpoint.enabled) return;
        // The first was due (the claim saw it); a later one may wait for its retry.
        if (sent > 0 && head.delivery.nextAttemptAt > this.ctx.clock.now()) return;
        const outcome = await this.send(head.endpoint, head.delivery, head.event);
        if (!outcome) return;
        const goOn = outcome.kind === 'delivered' && sent + 1 < IN_A_ROW && !this.stopped;
        const now = this.ctx.clock.now();
        await recordWebhookAttempt(this.ctx.db, head.delivery, outcome, now, goOn ? new Date(now.getTime() + this.leaseMs()) : undefined);
        if (outcome.kind === 'failed') {
          this.ctx.log.warn(
            { endpointId: claimed.id, deliveryId: head.delivery.id, eventType: head.event.type, status: outcome.status },
            `webhook delivery ${head.delivery.id} failed after ${head.delivery.attempts + 1} attempts`,
          );
        }
        if (!goOn) return;
      }
    } finally {
      await releaseWebhookEndpoint(this.ctx.db, claimed.id);
    }
  }

  /** One attempt; undefined when the dispatcher was stopped meanwhile (nothing recorded). */
  private async send(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord, event: WebhookEventRecord): Promise<WebhookAttemptOutcome | undefined> {
    const now = this.ctx.clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    const body = JSON.stringify(eventBody(event));
    const controller = new AbortController();
    this.aborts.add(controller);
    const timer = setTimeout(() => controller.abort(new Error('timeout')), this.options.timeoutMs);
    let status: number | null = null;
    let response: string;
    try {
      const res = await this.ctx.fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'engram-webhooks',
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(event.id, timestamp, body, this.secrets(endpoint, now)),
        },
        body,
        signal: controller.signal,
      });
      status = res.status;
      response = await excerpt(res);
    } catch (error) {
      if (this.stopped) return undefined;
      response = controller.signal.aborted
        ? `no answer within ${this.options.timeoutMs} ms`
        : error instanceof FetchError
          ? error.message
          : 'the request failed';
    } finally {
      clearTimeout(timer);
      this.aborts.delete(controller);
    }
    if (status !== null && status >= 200 && status < 300) return { kind: 'delivered', status, response };
    const attempts = delivery.attempts + 1;
    const wait = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), MAX_RETRY_WAIT_MS);
    const ended = this.ctx.clock.now();
    const nextAttemptAt = new Date(ended.getTime() + wait);
    if (nextAttemptAt.getTime() - delivery.createdAt.getTime() <= this.options.retryForMs) {
      return { kind: 'retry', status, response, nextAttemptAt };
    }
    return {
      kind: 'failed',
      status,
      response,
      disableAfter: this.options.disableAfter,
      disabledReason: `${this.options.disableAfter} deliveries in a row failed; the last: ${status === null ? response : `HTTP ${status}`}`,
    };
  }

  /** The current secret, and the one a rotation replaced while its grace lasts. */
  private secrets(endpoint: WebhookEndpointRecord, now: Date): string[] {
    const context = WebhookEndpoints.secretContext(endpoint.id);
    const secrets = [this.ctx.box.open(endpoint.secret, context)];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(this.ctx.box.open(endpoint.previousSecret, context));
    }
    return secrets;
  }
}

/** What a receiver is sent: the Standard Webhooks shape (`type`, `timestamp`, `data`) with the event's id, organization and tag. */
export function eventBody(event: WebhookEventRecord): Record<string, unknown> {
  return {
    id: event.id,
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    organization: event.orgId,
    containerTag: event.containerTag,
    data: event.data,
  };
}

async function excerpt(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_EXCERPT * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = storableText(Buffer.concat(chunks).toString('utf8'));
  return text.length > RESPONSE_EXCERPT ? text.slice(0, RESPONSE_EXCERPT) : text;
}
