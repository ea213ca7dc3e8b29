import type { Logger } from 'pino';
import { ConnectorError, type OAuthClient, type TokenSet } from '../connectors/index.js';
import type { ConnectorAccess } from '../core/connections/connector-access.js';
import { expiresSoon } from '../core/connections/tokens.js';
import type { Clock } from '../core/shared/clock.js';
import type { ConnectionRecord } from '../model/connections.js';
import { DomainError } from '../model/errors.js';
import type { JobOf } from '../model/jobs.js';
import { connectionsOfAccount } from '../store/connections.js';
import type { Db } from '../store/database.js';
import { isAvailabilityError } from '../store/errors.js';
import { updateJobPayload } from '../store/jobs.js';
import { DeferredError, INTERNAL_FAILURE, type JobHandler } from './worker.js';

export interface CleanupContext {
  db: Db;
  log: Logger;
  clock: Clock;
  access: ConnectorAccess;
}

type CleanupJob = JobOf<'cleanup'>;

/**
 * The `cleanup` job of a deleted connection (queued by `core/connections/cleanup.ts`): the adapter's
 * `cleanup` undoes what the connection set up at the provider. A failure is retried with the
 * worker's backoff, each one logged (`connection cleanup at the provider failed; it is tried again`);
 * one that uses up its attempts is logged as an error naming the connection and the provider, for an
 * admin to finish by hand (`connection cleanup at the provider failed for good`).
 */
export function cleanupHandler(ctx: CleanupContext): JobHandler<'cleanup'> {
  const fields = (job: CleanupJob) => ({ jobId: job.id, orgId: job.orgId, connectionId: job.payload.connectionId, provider: job.payload.kind });
  return {
    run: (job) => runCleanup(ctx, job),
    // A missing OAuth client (the server's or the org's removed since) is not the provider's failure: no retry brings it back.
    isTransient: (error) => !(error instanceof DomainError) && !(error instanceof ConnectorError && error.code === 'not_allowed'),
    isExpected: () => true,
    reason: (error) =>
      error instanceof ConnectorError || error instanceof DomainError
        ? error.message
        : isAvailabilityError(error)
          ? 'a service the cleanup depends on is unavailable'
          : INTERNAL_FAILURE,
    onRetry: async (job, reason, err) => {
      ctx.log.warn(
        { ...fields(job), attempt: job.attempts, maxAttempts: job.maxAttempts, reason, err },
        'connection cleanup at the provider failed; it is tried again',
      );
    },
    onFail: async (job, reason, err) => {
      ctx.log.error(
        { ...fields(job), attempts: job.attempts, reason, err },
        'connection cleanup at the provider failed for good: its grant, channels or hooks may still be live at the provider; remove them there',
      );
    },
  };
}

/** One attempt: tokens refreshed when they lapse (rotated ones kept in the job), then the adapter's cleanup. */
export async function runCleanup(ctx: CleanupContext, job: CleanupJob): Promise<void> {
  const { payload } = job;
  const adapter = ctx.access.adapterOrNull(payload.kind);
  if (!adapter?.cleanup) return;
  // The row is gone: what the engine's helpers read of it, rebuilt from what the job kept.
  const connection = {
    id: payload.connectionId,
    orgId: job.orgId,
    kind: payload.kind,
    usesCustomKey: payload.usesCustomKey,
    tokens: payload.tokens,
    config: payload.config,
    cursor: null,
  } as ConnectionRecord;
  // Without the OAuth client (the org's own application removed since), what the token alone can stop is still stopped: the adapter refuses only the revocation (`not_allowed`).
  const client = adapter.auth === 'oauth' ? await ctx.access.oauthClient(connection).catch(withoutClient) : null;
  let tokens = adapter.auth === 'oauth' ? ctx.access.openTokens(connection) : null;
  // A token another connection holds (one grant per account) is theirs to refresh: refreshing it here would spend their refresh token.
  const tokenShared = adapter.oauth?.oneGrantPerAccount === true && tokens !== null && (await holdsToken(ctx, payload.accountId, connection.id, tokens));
  let refreshed = false;
  const refresh = async (): Promise<boolean> => {
    if (!adapter.oauth || !client || !tokens?.refreshToken || refreshed || tokenShared) return false;
    refreshed = true;
    tokens = await adapter.oauth.refresh(client, tokens.refreshToken, { config: payload.config, scope: tokens.scope });
    // Refresh tokens rotate: the spent one must never be sent again, by this attempt or a retry.
    await updateJobPayload(ctx.db, job.id, { ...payload, tokens: ctx.access.sealTokens(connection.id, tokens) }, ctx.clock.now());
    return true;
  };
  const sharedGrant = adapter.auth === 'oauth' ? await sharesGrant(ctx, payload.accountId, connection.id, client) : false;
  const attempt = () =>
    adapter.cleanup!({
      request: ctx.access.syncRequest(connection, adapter.auth === 'oauth' ? { tokens } : {}),
      client,
      subscription: payload.subscription ?? null,
      webhookUrl: ctx.access.webhookUrl(connection),
      sharedGrant,
      tokenShared,
    });
  try {
    if (tokens && expiresSoon(tokens, ctx.clock)) await refresh();
    await attempt();
  } catch (error) {
    if (!isRefusedGrant(error)) throw deferred(ctx, error);
    try {
      if (!(await refresh())) return await grantGone(ctx, job);
      await attempt();
    } catch (again) {
      if (!isRefusedGrant(again)) throw deferred(ctx, again);
      return await grantGone(ctx, job);
    }
  }
  await forgetTokens(ctx, job);
  ctx.log.info({ connectionId: connection.id, provider: payload.kind, sharedGrant }, 'connection cleaned up at the provider');
}

function withoutClient(error: unknown): null {
  if (error instanceof DomainError) return null;
  throw error;
}

/**
 * Whether another connection (any org, any kind) holds the same account through the same OAuth
 * client: the grant is theirs too. Without the client to compare, any other connection of the
 * account counts (a grant kept is better than another connection broken).
 */
async function sharesGrant(ctx: CleanupContext, accountId: string | null, connectionId: string, client: OAuthClient | null): Promise<boolean> {
  if (!accountId) return false;
  for (const other of await connectionsOfAccount(ctx.db, accountId, connectionId)) {
    if (!other.tokens || ctx.access.adapterOrNull(other.kind)?.auth !== 'oauth') continue;
    if (!client) return true;
    const theirs = await ctx.access.oauthClient(other).catch(() => null);
    if (theirs?.clientId === client.clientId) return true;
  }
  return false;
}

/** Whether another connection of the account holds the same access or refresh token. */
async function holdsToken(ctx: CleanupContext, accountId: string | null, connectionId: string, tokens: TokenSet): Promise<boolean> {
  if (!accountId) return false;
  for (const other of await connectionsOfAccount(ctx.db, accountId, connectionId)) {
    if (!other.tokens) continue;
    const theirs = ctx.access.openTokens(other);
    if (theirs && (theirs.accessToken === tokens.accessToken || (tokens.refreshToken && theirs.refreshToken === tokens.refreshToken))) return true;
  }
  return false;
}

/** The provider refuses the grant itself (a refresh answered `invalid_grant`, a call 401): revoked or lapsed already. */
function isRefusedGrant(error: unknown): boolean {
  return error instanceof ConnectorError && error.code === 'auth_expired';
}

/** A finished cleanup keeps no tokens in the job (a grant kept for another connection is still live). */
async function forgetTokens(ctx: CleanupContext, job: CleanupJob): Promise<void> {
  await updateJobPayload(ctx.db, job.id, { ...job.payload, tokens: null }, ctx.clock.now());
}

async function grantGone(ctx: CleanupContext, job: CleanupJob): Promise<void> {
  await forgetTokens(ctx, job);
  ctx.log.warn(
    { connectionId: job.payload.connectionId, provider: job.payload.kind },
    'connection cleanup at the provider: the grant was revoked or lapsed already; what it set up there ends with it or at its expiry',
  );
}

/** A provider's rate limit waits for its reset without spending an attempt. */
function deferred(ctx: CleanupContext, error: unknown): unknown {
  if (error instanceof ConnectorError && error.code === 'rate_limited') {
    return new DeferredError(new Date(ctx.clock.now().getTime() + (error.retryAfterMs ?? 60_000)), error.message);
  }
  return error;
}
