import type { Connector, TokenSet } from '../../connectors/index.js';
import type { ConnectionRecord } from '../../model/connections.js';
import type { Tx } from '../../store/database.js';
import { updateConnection } from '../../store/connections.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectorAccess } from './connector-access.js';

/** Tokens expiring sooner than this are refreshed before they are used. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/**
 * Exchanges the refresh token for a new token set and stores it sealed (refresh tokens rotate: the
 * old one stops working, so the new one must be kept). Returns the connection as updated.
 */
export async function refreshTokens(
  db: Tx,
  access: ConnectorAccess,
  adapter: Connector,
  connection: ConnectionRecord,
  tokens: TokenSet,
  clock: Clock,
): Promise<{ connection: ConnectionRecord; tokens: TokenSet } | null> {
  if (!adapter.oauth || !tokens.refreshToken) return null;
  const client = await access.oauthClient(connection);
  const fresh = await adapter.oauth.refresh(client, tokens.refreshToken);
  const updated = await updateConnection(db, connection.id, { tokens: access.sealTokens(connection.id, fresh), tokenExpiresAt: fresh.expiresAt }, clock.now());
  return updated ? { connection: updated, tokens: fresh } : null;
}

/** Whether the access token expires within the refresh margin. */
export function expiresSoon(tokens: TokenSet, clock: Clock): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt.getTime() - clock.now().getTime() <= REFRESH_MARGIN_MS;
}

/** The connection's tokens, refreshed first when they expire within the margin. */
export async function usableTokens(
  db: Tx,
  access: ConnectorAccess,
  adapter: Connector,
  connection: ConnectionRecord,
  clock: Clock,
): Promise<{ connection: ConnectionRecord; tokens: TokenSet | null }> {
  const tokens = access.openTokens(connection);
  if (!tokens || !expiresSoon(tokens, clock)) return { connection, tokens };
  return (await refreshTokens(db, access, adapter, connection, tokens, clock)) ?? { connection, tokens };
}
