import { setTimeout as delay } from 'node:timers/promises';
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

/** How long one caller may take to exchange a refresh token before another may try (a crash mid-call). */
export const REFRESH_LEASE_MS = 5 * 60 * 1000;
/** How often a caller waiting for another's refresh looks again. */
const REFRESH_WAIT_POLL_MS = 200;

/**
 * Exchanges the refresh token for a new token set and stores it sealed (refresh tokens rotate: the
 * old one stops working, so the new one must be kept). `tokens` are the ones the caller holds (seen
 * refused, or expiring). One refresh of a connection runs at a time — the sync job, a push
 * subscription's renewal and the resources API may all want one at once, in different processes —
 * and each re-reads the stored tokens first: when another refreshed meanwhile, its tokens are used
 * and no spent refresh token is sent again (Google and Notion refuse a reused one with
 * `invalid_grant`, and may revoke the grant). Where the connections of one account share its grant
 * (`oauth.oneGrantPerAccount`), the refresh stores the new tokens in each that held the refreshed ones.
 *
 * The provider is called outside any transaction (a slow token endpoint must not hold a database
 * connection: the embedded database has one for everyone): a short transaction claims the refresh
 * with a lease on the rows, the call is made, a second short transaction stores the tokens and ends
 * the lease. Others meanwhile wait for the lease to end and take the stored tokens. Returns the
 * connection as updated.
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
  // Read before any transaction: the custom key lookup runs on its own connection.
  const client = await access.oauthClient(connection);
  let claim = await claimRefresh(db, access, adapter, connection, tokens, clock);
  while (claim.outcome === 'busy') {
    await delay(REFRESH_WAIT_POLL_MS);
    claim = await claimRefresh(db, access, adapter, connection, tokens, clock);
  }
  if (claim.outcome === 'gone') return null;
  if (claim.outcome === 'refreshed') return claim.result;

  let fresh: TokenSet;
  try {
    fresh = await adapter.oauth.refresh(client, claim.refreshToken, { config: claim.connection.config, scope: claim.held.scope });
  } catch (error) {
    await endLease(db, claim.holders, clock);
    throw error;
  }
  return db.transaction(async (tx) => {
    let result: { connection: ConnectionRecord; tokens: TokenSet } | null = null;
    for (const holder of await lockGrantHolders(tx, adapter, connection)) {
      if (!claim.holders.includes(holder.id)) continue;
      // A holder whose tokens changed meanwhile (authorized again) keeps its own.
      const own = access.openTokens(holder);
      const keeps = own ? !sameGrant(own, claim.held) : holder.id !== connection.id;
      const patch = keeps
        ? { tokenRefreshUntil: null }
        : { tokens: access.sealTokens(holder.id, fresh), tokenExpiresAt: fresh.expiresAt, tokenRefreshUntil: null };
      const row = await updateConnection(tx, holder.id, patch, clock.now());
      if (row && holder.id === connection.id) result = { connection: row, tokens: keeps && own ? own : fresh };
    }
    return result;
  });
}

type Claim =
  | { outcome: 'gone' }
  | { outcome: 'busy' }
  | { outcome: 'refreshed'; result: { connection: ConnectionRecord; tokens: TokenSet } }
  | { outcome: 'claimed'; connection: ConnectionRecord; held: TokenSet; refreshToken: string; holders: string[] };

/**
 * In one short transaction holding the grant's rows: the stored tokens when someone refreshed since
 * the caller read them, `busy` while another's lease runs, or else the lease, taken on every row
 * that holds the grant.
 */
async function claimRefresh(db: Db, access: ConnectorAccess, adapter: Connector, connection: ConnectionRecord, tokens: TokenSet, clock: Clock): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    const locked = await lockGrantHolders(tx, adapter, connection);
    const current = locked.find((c) => c.id === connection.id);
    if (!current) return { outcome: 'gone' };
    const stored = access.openTokens(current);
    if (stored && !sameTokens(stored, tokens)) return { outcome: 'refreshed', result: { connection: current, tokens: stored } };
    const held = stored ?? tokens;
    if (!held.refreshToken) return { outcome: 'gone' };
    // The others holding the grant: its refresh token is spent for them too.
    const holders = locked.filter((holder) => holder.id === current.id || sameGrant(access.openTokens(holder), held));
    const now = clock.now();
    if (holders.some((holder) => holder.tokenRefreshUntil && holder.tokenRefreshUntil > now)) return { outcome: 'busy' };
    const until = new Date(now.getTime() + REFRESH_LEASE_MS);
    for (const holder of holders) await updateConnection(tx, holder.id, { tokenRefreshUntil: until }, now);
    return { outcome: 'claimed', connection: current, held, refreshToken: held.refreshToken, holders: holders.map((h) => h.id) };
  });
}

/** A refresh that failed: the lease ends at once, so the next caller tries (or learns the grant is gone). */
async function endLease(db: Db, ids: string[], clock: Clock): Promise<void> {
  await db.transaction(async (tx) => {
    for (const id of ids) await updateConnection(tx, id, { tokenRefreshUntil: null }, clock.now());
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
