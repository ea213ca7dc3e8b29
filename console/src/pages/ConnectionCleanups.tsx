import { ApiError, del, enc, get, post } from '../api/client';
import type { ConnectionCleanup } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { formatDate } from '../format';
import { useAction, useLoad } from '../hooks';

const STATUS_BADGE: Record<ConnectionCleanup['status'], string> = { pending: 'busy', retrying: 'busy', failed: 'bad' };

/**
 * Deleted connections whose cleanup at the provider (channels, hooks, grants) is not done: for an
 * admin to retry once what stopped it is fixed, or dismiss once the access was removed by hand.
 * Shown only to keys that may read it (others are answered 403), and reloaded when the list of
 * connections changes (a deletion queues one).
 */
export function CleanupsSection({ connections }: { connections: number }) {
  const cleanups = useLoad((signal) => get<ConnectionCleanup[]>('/v3/connections/cleanups', { signal }), [connections]);
  const act = useAction(async (what: () => Promise<unknown>, said: string) => {
    await what();
    announce(said);
    cleanups.reload();
  });
  if (cleanups.error instanceof ApiError && cleanups.error.status === 403) return null;
  const list = cleanups.data ?? [];
  return (
    <section aria-labelledby="cleanups-title">
      <div className="section-head">
        <h2 id="cleanups-title">Cleanups at providers</h2>
        <button type="button" className="secondary" onClick={cleanups.reload}>
          Refresh
        </button>
      </div>
      <ErrorMessage error={cleanups.error ?? act.error} />
      {cleanups.data && !list.length ? <p className="muted">No cleanup is pending: every deleted connection was undone at its provider.</p> : null}
      <ul className="cards" aria-label="Cleanups at providers">
        {list.map((c) => (
          <li key={c.connectionId} className="card" aria-label={`Cleanup of ${c.provider} connection ${c.connectionId}`}>
            <h3>
              {c.provider} <span className={`badge badge-${STATUS_BADGE[c.status]}`}>{c.status}</span> <span className="mono muted">{c.connectionId}</span>
            </h3>
            <dl className="facts">
              <dt>Attempts</dt>
              <dd>
                {c.attempts} of {c.maxAttempts}
                {c.nextAttemptAt ? `, next ${formatDate(c.nextAttemptAt)}` : ''}
              </dd>
              <dt>Deleted</dt>
              <dd>{formatDate(c.queuedAt)}</dd>
              {c.lastError ? (
                <>
                  <dt>Last error</dt>
                  <dd>{c.lastError}</dd>
                </>
              ) : null}
            </dl>
            {c.status === 'failed' ? (
              <div className="actions">
                <button
                  type="button"
                  disabled={act.pending}
                  onClick={() => void act.run(() => post(`/v3/connections/cleanups/${enc(c.connectionId)}/retry`, {}), `Cleanup of ${c.provider} queued again`)}
                >
                  Retry
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={act.pending}
                  onClick={() => void act.run(() => del(`/v3/connections/cleanups/${enc(c.connectionId)}`), `Cleanup of ${c.provider} dismissed`)}
                >
                  Dismiss (removed by hand)
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
