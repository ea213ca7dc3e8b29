import type { Connector, TokenSet } from '../../connectors/index.js';
import type { ConnectionRecord } from '../../model/connections.js';
import type { Db, Tx } from '../../store/database.js';
import { lockAccountConnections, lockConnectionForUpdate, updateConnection } from '../../store/connections.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectorAccess } from './connector-access.js';

/** Tokens expiring sooner than this are refreshed before they are used. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** Same tokens: nobody refreshed since the caller read them. */
const sameTokens = (a: TokenSet, b: TokenSet) => a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;

/**
 * Exchanges the refresh token for a new token set and stores it sealed (refresh tokens rotate: the
 * old one stops working, so the new one must be kept). `tokens` are the ones the caller holds (seen
 * refused, or expiring). One refresh of a connection runs at a time — the sync job, a push
 * subscription's renewal and the resources API may all want one at once, in different processes —
 * and each re-reads the stored tokens first, holding the connection's row: when another refreshed meanwhile, its
 * tokens are used and no spent refresh token is sent again (Google and Notion refuse a reused one
 * with `invalid_grant`, and may revoke the grant). Where the connections of one account share its
 * grant (`oauth.oneGrantPerAccount`), the refresh locks them all and stores the new tokens in each
 * that held the refreshed ones. Returns the connection as updated.
 */
export async function refreshTokens(
  db: Db,
  access: ConnectorAccess,
  adapter: Connector,
  connection: ConnectionRecord,
  tokens: TokenSet,
  clock: Clock,
): Promise<{ connection: ConnectionRecord; tokens: TokenSet } | null> {
  if (!adapter.oauth || !tokens.refreshToken) return null;
  // Read before the transaction: the custom key lookup runs on its own connection.
  const client = await access.oauthClient(connection);
  return db.transaction(async (tx) => {
    // The row, not an advisory lock: whoever holds it already (the scheduler renewing a push
    // subscription) refreshes at once, and nobody waits for a lock while holding the row. A grant
    // shared by an account's connections locks them all, in id order.
    const locked = await lockGrantHolders(tx, adapter, connection);
    const current = locked.find((c) => c.id === connection.id);
    if (!current) return null;
    const stored = access.openTokens(current);
    if (stored && !sameTokens(stored, tokens)) return { connection: current, tokens: stored };
    const refreshToken = stored?.refreshToken ?? tokens.refreshToken;
    if (!refreshToken) return null;
    const fresh = await adapter.oauth!.refresh(client, refreshToken, { config: current.config, scope: (stored ?? tokens).scope });
    let updated: ConnectionRecord | undefined;
    for (const holder of locked) {
      // The others holding the grant just refreshed: its refresh token is spent for them too.
      if (holder.id !== current.id && !sameGrant(access.openTokens(holder), stored ?? tokens)) continue;
      const row = await updateConnection(tx, holder.id, { tokens: access.sealTokens(holder.id, fresh), tokenExpiresAt: fresh.expiresAt }, clock.now());
      if (holder.id === current.id) updated = row;
    }
    return updated ? { connection: updated, tokens: fresh } : null;
  });
}

/** The connection's row, or with a grant shared per account, the rows of every connection of the account. */
async function lockGrantHolders(tx: Tx, adapter: Connector, connection: ConnectionRecord): Promise<ConnectionRecord[]> {
  if (adapter.oauth?.oneGrantPerAccount && connection.accountId) {
    return lockAccountConnections(tx, {
      orgId: connection.orgId,
      kind: connection.kind,
      accountId: connection.accountId,
      usesCustomKey: connection.usesCustomKey,
    });
  }
  const row = await lockConnectionForUpdate(tx, connection.id);
  return row ? [row] : [];
}

const sameGrant = (a: TokenSet | null, b: TokenSet) => a !== null && a.refreshToken !== null && a.refreshToken === b.refreshToken;

/** Whether the access token expires within the refresh margin. */
export function expiresSoon(tokens: TokenSet, clock: Clock): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt.getTime() - clock.now().getTime() <= REFRESH_MARGIN_MS;
}

/** The connection's tokens, refreshed first when they expire within the margin. */
export async function usableTokens(
  db: Db,
  access: ConnectorAccess,
  adapter: Connector,
  connection: ConnectionRecord,
  clock: Clock,
): Promise<{ connection: ConnectionRecord; tokens: TokenSet | null }> {
  const tokens = access.openTokens(connection);
  if (!tokens || !expiresSoon(tokens, clock)) return { connection, tokens };
  return (await refreshTokens(db, access, adapter, connection, tokens, clock)) ?? { connection, tokens };
}
