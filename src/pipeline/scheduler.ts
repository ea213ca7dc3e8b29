import type { Logger } from 'pino';
import type { ConnectorAccess } from '../core/connections/connector-access.js';
import { ensureSubscription } from '../core/connections/subscriptions.js';
import { enqueueSync } from '../core/connections/sync-queue.js';
import type { Clock } from '../core/shared/clock.js';
import {
  claimDueConnections,
  claimSubscriptionsToRenew,
  deleteLapsedPendingConnections,
  pruneWebhookDeliveries,
  updateConnection,
} from '../store/connections.js';
import type { Db } from '../store/database.js';
import { pruneMemoryTagChanges, TAG_CHANGES_KEPT_MS } from '../store/memories/tag-changes.js';

export interface SchedulerContext {
  db: Db;
  log: Logger;
  clock: Clock;
  access: ConnectorAccess;
  maxJobAttempts: number;
  /** Between scheduled syncs; a claimed connection is not due again before the run sets its next time. */
  intervalMs: number;
  onJobQueued: () => void;
}

const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A renewal that failed, or whose worker stopped, is tried again after this long. */
const RENEWAL_RETRY_MS = 10 * 60 * 1000;
/** Webhook deliveries are remembered this long for redelivery checks. */
export const DELIVERY_MEMORY_MS = 7 * DAY_MS;

/**
 * Every worker process runs one: each tick it queues the scheduled syncs that are due, renews push
 * subscriptions within a day of their renewal time (the provider called outside any transaction), deletes connections whose authorization link
 * lapsed before anyone authorized them, and forgets old webhook deliveries and the record of
 * memory changes older than an hour. Rows are
 * claimed with SKIP LOCKED, so several processes never queue the same sync twice.
 */
export class SyncScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: SchedulerContext,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick()).catch((err: unknown) => this.ctx.log.error({ err }, 'the sync scheduler failed'));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  async tick(): Promise<void> {
    const queued = await this.queueDueSyncs();
    if (queued) this.ctx.onJobQueued();
    await this.renewSubscriptions();
    await deleteLapsedPendingConnections(this.ctx.db, this.ctx.clock.now());
    await pruneWebhookDeliveries(this.ctx.db, new Date(this.ctx.clock.now().getTime() - DELIVERY_MEMORY_MS));
    await pruneMemoryTagChanges(this.ctx.db, new Date(this.ctx.clock.now().getTime() - TAG_CHANGES_KEPT_MS));
  }

  private async queueDueSyncs(): Promise<number> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      let queued = 0;
      for (const connection of await claimDueConnections(tx, now, BATCH)) {
        if (await enqueueSync(tx, connection, 'cron', { maxAttempts: this.ctx.maxJobAttempts })) queued += 1;
        await updateConnection(tx, connection.id, { nextSyncAt: new Date(now.getTime() + this.ctx.intervalMs) }, now);
      }
      return queued;
    });
  }

  private async renewSubscriptions(): Promise<void> {
    const horizon = new Date(this.ctx.clock.now().getTime() + DAY_MS);
    // Claimed in a short transaction; the provider is called outside any, so a slow one holds no
    // database connection or row lock while everyone else waits.
    const claimed = await this.ctx.db.transaction((tx) => claimSubscriptionsToRenew(tx, horizon, BATCH, new Date(horizon.getTime() + RENEWAL_RETRY_MS)));
    for (const connection of claimed) {
      const adapter = this.ctx.access.adapterOrNull(connection.kind);
      if (!adapter?.subscription) continue;
      await ensureSubscription(this.ctx.access, adapter, connection, this.ctx.db, this.ctx.clock).catch((err: unknown) =>
        this.ctx.log.warn({ err, connectionId: connection.id }, 'renewing a push subscription failed; it is tried again in ten minutes'),
      );
    }
  }
}
