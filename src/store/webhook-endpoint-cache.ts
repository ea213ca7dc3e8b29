import type { Db, Tx } from './database.js';

/** What decides which endpoints an event goes to: an enabled endpoint's types and tags. */
export interface RoutingEndpoint {
  id: string;
  orgId: string;
  eventTypes: string[];
  /** Only events of these tags; null: every tag. */
  containerTags: string[] | null;
}

/** Reads the enabled endpoints of these organizations from the database. */
export type RoutingEndpointsLoader = (db: Tx, orgIds: string[]) => Promise<RoutingEndpoint[]>;

/** Organizations kept at most; past that the ones read longest ago are dropped first. */
const MAX_ORGS = 10_000;

/**
 * Each organization's enabled webhook endpoints (what routing needs: types and tags) as this
 * process last read them, so that `emit()` asks the database nothing on most changes, and nothing
 * at all for an organization without endpoints: an empty list is kept like any other.
 *
 * An entry is dropped (`forget`) when an endpoint of its organization is created, changed or
 * deleted: at once in the process that made the change, once it committed, and in every other
 * process when the change's notification reaches it (`NOTIFY engram_webhooks` with payload
 * `endpoints:<orgId>`, delivered on commit, see `endpointsChangedPayload`). A notification can be
 * missed while a listening connection is lost: an entry is read again after `maxAgeMs` whatever
 * happens, and the listener drops every entry when it connects again.
 *
 * A read that started before a `forget` is used by the change that made it (it is that change's
 * own read) but not kept, so a read racing an endpoint's change never keeps the state before it.
 */
export class WebhookEndpointCache {
  private readonly entries = new Map<string, { endpoints: RoutingEndpoint[]; readAt: number }>();
  /** Bumped by every `forget`: a read that began under an older generation is not kept. */
  private generation = 0;
  /** Reads from the database, for tests and metrics. */
  reads = 0;

  constructor(
    private readonly maxAgeMs: number,
    private readonly load: RoutingEndpointsLoader,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The enabled endpoints of `orgIds`, read in `db` (the change's transaction) for those not known or too old. */
  async endpoints(db: Tx, orgIds: string[]): Promise<RoutingEndpoint[]> {
    const now = this.now();
    const known: RoutingEndpoint[] = [];
    const missing: string[] = [];
    for (const orgId of orgIds) {
      const entry = this.entries.get(orgId);
      if (entry && now - entry.readAt < this.maxAgeMs) known.push(...entry.endpoints);
      else missing.push(orgId);
    }
    if (!missing.length) return known;
    const generation = this.generation;
    this.reads++;
    const read = await this.load(db, missing);
    if (generation === this.generation) {
      for (const orgId of missing) {
        this.entries.delete(orgId);
        this.entries.set(orgId, { endpoints: read.filter((e) => e.orgId === orgId), readAt: now });
      }
      while (this.entries.size > MAX_ORGS) this.entries.delete(this.entries.keys().next().value as string);
    }
    return [...known, ...read];
  }

  /** Drops what is known of `orgId`'s endpoints, or of every organization's. */
  forget(orgId?: string): void {
    this.generation++;
    if (orgId === undefined) this.entries.clear();
    else this.entries.delete(orgId);
  }

  /**
   * A notification on the webhook channel: `endpoints:<orgId>` drops that organization's entry; no
   * payload (the listening connection was opened again, so notifications may have been missed)
   * drops every entry; anything else (deliveries written) is not about endpoints.
   */
  heard(payload: string | undefined): void {
    if (payload === undefined) this.forget();
    else if (payload.startsWith(ENDPOINTS_PAYLOAD)) this.forget(payload.slice(ENDPOINTS_PAYLOAD.length));
  }
}

const ENDPOINTS_PAYLOAD = 'endpoints:';

/** The notification's payload that tells every process `orgId`'s endpoints changed. */
export function endpointsChangedPayload(orgId: string): string {
  return `${ENDPOINTS_PAYLOAD}${orgId}`;
}

/** The cache of a database handle and of the transactions it opens. */
const caches = new WeakMap<object, WebhookEndpointCache>();
/** The transactions opened by a handle that has the cache. */
const transactions = new WeakSet<object>();
/** Of those, the ones that sent the dispatchers' notification already: one per transaction is enough. */
const notified = new WeakSet<object>();

/**
 * Gives `db` and every transaction it opens from now on the endpoint cache, which `emit()` finds
 * from the transaction it is given (`webhookEndpointCacheOf`). A handle without one (a store test's)
 * reads the endpoints on every emit.
 */
export function useWebhookEndpointCache(db: Db, cache: WebhookEndpointCache): void {
  caches.set(db, cache);
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) =>
    transaction((tx) => {
      caches.set(tx, cache);
      transactions.add(tx);
      return callback(tx);
    }, config)) as Db['transaction'];
}

export function webhookEndpointCacheOf(db: Tx): WebhookEndpointCache | undefined {
  return caches.get(db);
}

/**
 * True the first time it is asked for a transaction opened by a handle that has the cache (its
 * notification is sent then), false after: `NOTIFY` is delivered once per commit however many
 * times it was sent. Always true for a handle outside a transaction (each statement commits).
 */
export function firstNotifyOf(db: Tx): boolean {
  if (!transactions.has(db)) return true;
  if (notified.has(db)) return false;
  notified.add(db);
  return true;
}
