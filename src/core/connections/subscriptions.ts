import { ConnectorError, SubscriptionRefusedError, type Connector, type PushSubscription } from '../../connectors/index.js';
import type { ConnectionRecord, PushStatus } from '../../model/connections.js';
import type { Tx } from '../../store/database.js';
import { updateConnection } from '../../store/connections.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectorAccess } from './connector-access.js';
import { refreshTokens, usableTokens } from './tokens.js';

/** The stored state of a subscription the provider refused: kept until the connection is authorized again. */
interface RefusedPush {
  refused: string;
}

/** Why the provider refused the connection's push subscription, or null. */
export function refusedPush(connection: Pick<ConnectionRecord, 'subscription'>): string | null {
  const refused = (connection.subscription as Partial<RefusedPush> | null)?.refused;
  return typeof refused === 'string' ? refused : null;
}

/** The connection's push notifications as answered; null for a kind without them. */
export function pushStatus(adapter: Connector | null, connection: ConnectionRecord): PushStatus | null {
  if (!adapter?.subscription) return null;
  if (adapter.subscription.enabled && !adapter.subscription.enabled(connection.config)) return { state: 'off', reason: null, renewBy: null };
  const refused = refusedPush(connection);
  if (refused) return { state: 'refused', reason: refused, renewBy: null };
  if (connection.subscription == null) return { state: 'waiting', reason: null, renewBy: null };
  return { state: 'active', reason: null, renewBy: connection.subscriptionRenewBy };
}

/**
 * Creates or renews a connection's push subscription and stores its state. Renewals come days
 * after the last sync, when the access token has long lapsed: it is refreshed first, and once more
 * when the provider refuses it anyway. A subscription the provider refuses for the grant
 * (`SubscriptionRefusedError`: a permission it lacks) is stored as refused, with no renewal time:
 * no sync and no renewal tries again until the connection is authorized again; the refusal is
 * returned. With push turned off in the config, a subscription held is stopped and none is made.
 */
export async function ensureSubscription(
  access: ConnectorAccess,
  adapter: Connector,
  initial: ConnectionRecord,
  db: Tx,
  clock: Clock,
): Promise<{ refused: string } | null> {
  const secret = access.openWebhookSecret(initial);
  if (!adapter.subscription || !secret) return null;
  if (adapter.subscription.enabled && !adapter.subscription.enabled(initial.config)) {
    if (initial.subscription != null) await turnOff(access, adapter, initial, db, clock);
    return null;
  }
  if (refusedPush(initial)) return null;
  const webhook = { url: access.webhookUrl(initial), secret };
  let { connection } = adapter.auth === 'oauth' ? await usableTokens(db, access, adapter, initial, clock) : { connection: initial };
  const ensure = (c: ConnectionRecord) => adapter.subscription!.ensure(access.syncRequest(c), webhook, c.subscription ?? null);
  let subscription: PushSubscription;
  try {
    try {
      subscription = await ensure(connection);
    } catch (error) {
      const tokens = access.openTokens(connection);
      if (!(error instanceof ConnectorError && error.code === 'auth_expired') || !tokens) throw error;
      const refreshed = await refreshTokens(db, access, adapter, connection, tokens, clock);
      if (!refreshed) throw error;
      connection = refreshed.connection;
      subscription = await ensure(connection);
    }
  } catch (error) {
    if (!(error instanceof SubscriptionRefusedError)) throw error;
    const refused: RefusedPush = { refused: error.reason.slice(0, 500) };
    await updateConnection(db, connection.id, { subscription: refused, subscriptionRenewBy: null }, clock.now());
    return refused;
  }
  const stored = await updateConnection(db, connection.id, { subscription: subscription.state, subscriptionRenewBy: subscription.renewBy }, clock.now());
  // Deleted while the provider answered (the cleanup may have run already): nothing else stops it.
  if (!stored) await adapter.subscription.stop?.(access.syncRequest(connection), subscription.state).catch(() => undefined);
  return null;
}

/** Push turned off: the subscription held is stopped (best effort) and forgotten. */
async function turnOff(access: ConnectorAccess, adapter: Connector, initial: ConnectionRecord, db: Tx, clock: Clock): Promise<void> {
  if (!refusedPush(initial)) {
    const { connection } = adapter.auth === 'oauth' ? await usableTokens(db, access, adapter, initial, clock) : { connection: initial };
    await adapter.subscription?.stop?.(access.syncRequest(connection), connection.subscription).catch(() => undefined);
  }
  await updateConnection(db, initial.id, { subscription: null, subscriptionRenewBy: null }, clock.now());
}
