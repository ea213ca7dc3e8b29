import { useEffect, useState } from 'react';
import { enc, get } from '../api/client';
import type { SyncRun } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Status';
import { formatDate } from '../format';
import { useInterval, useLoad } from '../hooks';

/** How long the runs are polled for after "sync now" when no new run shows up. */
const WAIT_FOR_RUN_MS = 60_000;

/**
 * A connection's sync runs, newest first; polled while one is running, and after each "sync now"
 * (`syncs` counts them) until its run appears. `lastRun` names the connection's last run as the
 * list of connections last saw it: when it changes (a run started or ended that these runs loaded
 * too early to show, such as a new connection's first sync), they load again. `onFinished` hears
 * the number of finished runs.
 */
export function ConnectionRuns({
  id,
  lastRun,
  syncs,
  onFinished,
  hidden,
}: {
  id: string;
  lastRun: string;
  syncs: number;
  onFinished: (finished: number) => void;
  hidden: boolean;
}) {
  const runs = useLoad((signal) => get<SyncRun[]>(`/v3/connections/${enc(id)}/sync-runs`, { signal }), [id, lastRun]);
  const [waiting, setWaiting] = useState<{ count: number; since: number }>();
  const count = runs.data?.length ?? 0;
  const running = runs.data?.some((run) => run.status === 'running') ?? false;
  const finished = runs.data?.filter((run) => run.status !== 'running').length ?? 0;

  useEffect(() => {
    if (syncs > 0) setWaiting({ count, since: Date.now() });
    // Only a new "sync now" starts a wait, from the runs known at that moment.
  }, [syncs]);
  const awaitingNew = !!waiting && count <= waiting.count && Date.now() - waiting.since < WAIT_FOR_RUN_MS;
  useInterval(running || awaitingNew, 1000, runs.reload);
  useEffect(() => onFinished(finished), [finished, onFinished]);

  return (
    <div className="stack" hidden={hidden}>
      <ErrorMessage error={runs.error} />
      {runs.loading && !runs.data ? <Loading what="sync runs" /> : null}
      {runs.data && runs.data.length === 0 ? <p className="muted">No sync has run yet.</p> : null}
      {runs.data?.length ? (
        <div className="table-wrap">
          <table className="stacking">
            <caption>Sync runs</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Trigger</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Processed
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
                <th scope="col" className="num">
                  Deleted
                </th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id}>
                  <td data-label="Started">{formatDate(run.startedAt)}</td>
                  <td data-label="Trigger">{run.triggerType}</td>
                  <td data-label="Status">{run.status}</td>
                  <td data-label="Processed" className="num">
                    {run.itemsProcessed}
                  </td>
                  <td data-label="Failed" className="num">
                    {run.itemsFailed}
                  </td>
                  <td data-label="Deleted" className="num">
                    {run.itemsDeleted}
                  </td>
                  <td data-label="Error">{[run.errorCode, run.error].filter(Boolean).join(': ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <button type="button" className="secondary" onClick={runs.reload}>
        Refresh runs
      </button>
    </div>
  );
}
