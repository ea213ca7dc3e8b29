import { ConnectorError, type Connector, type PushSubscription } from '../../connectors/index.js';
import type { ConnectionRecord } from '../../model/connections.js';
import type { Tx } from '../../store/database.js';
import { updateConnection } from '../../store/connections.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectorAccess } from './connector-access.js';
import { refreshTokens, usableTokens } from './tokens.js';

/**
 * Creates or renews a connection's push subscription and stores its state. Renewals come days
 * after the last sync, when the access token has long lapsed: it is refreshed first, and once more
 * when the provider refuses it anyway.
 */
export async function ensureSubscription(access: ConnectorAccess, adapter: Connector, initial: ConnectionRecord, db: Tx, clock: Clock): Promise<void> {
  const secret = access.openWebhookSecret(initial);
  if (!adapter.subscription || !secret) return;
  const webhook = { url: access.webhookUrl(initial), secret };
  let { connection } = adapter.auth === 'oauth' ? await usableTokens(db, access, adapter, initial, clock) : { connection: initial };
  const ensure = (c: ConnectionRecord) => adapter.subscription!.ensure(access.syncRequest(c), webhook, c.subscription ?? null);
  let subscription: PushSubscription;
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
  await updateConnection(db, connection.id, { subscription: subscription.state, subscriptionRenewBy: subscription.renewBy }, clock.now());
}
