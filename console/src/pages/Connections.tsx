import { useCallback, useRef, useState } from 'react';
import { ApiError, call, enc, post } from '../api/client';
import type { Connection } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { useConsole } from '../context';
import { formatDate } from '../format';
import { useAction, useInterval, useLoad } from '../hooks';
import { ChooseRepositoriesDialog } from './ChooseRepositories';
import { ConnectForm } from './ConnectForm';
import { CleanupsSection } from './ConnectionCleanups';
import { ConnectionDocuments } from './ConnectionDocuments';
import { ConnectionRuns } from './ConnectionRuns';

const STATUS_BADGE: Record<Connection['status'], string> = { active: 'ok', pending: 'busy', error: 'bad' };

/** The provider's refusal, when it sent the browser back here with `?error=` after authorization. */
function refusedAuthorization(): string | null {
  return new URLSearchParams(window.location.search).get('error');
}

/** Connections of the picked tag (or all): connect, sync now, their runs and documents, delete. */
export function ConnectionsPage() {
  const { tag } = useConsole();
  const list = useLoad((signal) => post<Connection[]>('/v3/connections/list', tag ? { containerTags: [tag] } : {}, { signal }), [tag]);
  // Watched while a sync runs, and while a new connection's first sync is queued but not started.
  const syncing = list.data?.some((c) => c.lastSyncRun?.status === 'running' || firstSyncAwaited(c)) ?? false;
  useInterval(syncing && !list.loading, 1500, list.reload);
  const unavailable = list.error instanceof ApiError && list.error.status === 404;
  if (unavailable) {
    return (
      <>
        <h1>Connections</h1>
        <p className="notice" role="status">
          Connections are not available on this server: it answers 404 to <span className="mono">POST /v3/connections/list</span>.
        </p>
      </>
    );
  }
  const connections = list.data ?? [];
  const refused = refusedAuthorization();
  return (
    <>
      <h1>Connections{tag ? ` in ${tag}` : ''}</h1>
      {refused ? (
        <p className="error" role="alert">
          The provider did not authorize the connection ({refused}). Connect again to retry.
        </p>
      ) : null}
      <ConnectForm onCreated={list.reload} />
      <section aria-labelledby="connections-title">
        <div className="section-head">
          <h2 id="connections-title">{list.data ? `${connections.length} connection${connections.length === 1 ? '' : 's'}` : 'Connections'}</h2>
          <button type="button" className="secondary" onClick={list.reload}>
            Refresh
          </button>
        </div>
        <ErrorMessage error={list.error} />
        {!list.data && list.loading ? <Loading what="connections" /> : null}
        <ul className="cards" aria-label="Connections">
          {connections.map((c) => (
            <ConnectionCard key={c.id} connection={c} onChanged={list.reload} />
          ))}
        </ul>
      </section>
      <CleanupsSection connections={connections.length} />
    </>
  );
}

function ConnectionCard({ connection: c, onChanged }: { connection: Connection; onChanged: () => void }) {
  const [showRuns, setShowRuns] = useState(false);
  const [showDocuments, setShowDocuments] = useState(false);
  const [syncs, setSyncs] = useState(0);
  const [finishedRuns, setFinishedRuns] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const sync = useAction(async () => {
    const answer = await post<string>(`/v3/connections/${enc(c.provider)}/import`, { containerTags: [c.containerTag] });
    announce(typeof answer === 'string' ? answer : `Sync of ${c.provider} queued`);
    setShowRuns(true);
    setSyncs((n) => n + 1);
  });
  const finishedBefore = useRef(0);
  const onFinished = useCallback(
    (finished: number) => {
      // A run that finished while watched changes the connection's last sync: reload the list.
      if (finishedBefore.current && finished > finishedBefore.current) onChanged();
      finishedBefore.current = finished;
      setFinishedRuns(finished);
    },
    [onChanged],
  );
  const last = c.lastSyncRun;
  return (
    <li className="card" aria-labelledby={`connection-${c.id}`}>
      <h3 id={`connection-${c.id}`}>
        {c.provider} <span className={`badge badge-${STATUS_BADGE[c.status] ?? 'busy'}`}>{c.status}</span> <span className="mono muted">{c.id}</span>
      </h3>
      {c.status === 'pending' ? <p className="muted">Waiting for authorization at the provider: connect again for a new link.</p> : null}
      <dl className="facts">
        <dt>Container tag</dt>
        <dd>{c.containerTag}</dd>
        {c.email ? (
          <>
            <dt>Account</dt>
            <dd>{c.email}</dd>
          </>
        ) : null}
        <dt>Document limit</dt>
        <dd>{c.documentLimit ?? 'none'}</dd>
        <dt>Created</dt>
        <dd>{formatDate(c.createdAt)}</dd>
        {c.expiresAt ? (
          <>
            <dt>Expires</dt>
            <dd>{formatDate(c.expiresAt)}</dd>
          </>
        ) : null}
        {c.push ? (
          <>
            <dt>Push</dt>
            <dd>
              {c.push.state}
              {c.push.reason ? ` (${c.push.reason})` : ''}
              {c.push.state === 'active' && c.push.renewBy ? `, renewed by ${formatDate(c.push.renewBy)}` : ''}
            </dd>
          </>
        ) : null}
        <dt>Last sync</dt>
        <dd>{last ? `${last.status}${last.errorCode ? ` (${last.errorCode})` : ''} ${last.error ?? ''}` : 'none yet'}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => void sync.run()} disabled={sync.pending || c.status === 'pending'}>
          Sync now
        </button>
        <button type="button" className="secondary" aria-expanded={showRuns} onClick={() => setShowRuns(!showRuns)}>
          {showRuns ? 'Hide runs' : 'Show runs'}
        </button>
        <button type="button" className="secondary" aria-expanded={showDocuments} onClick={() => setShowDocuments(!showDocuments)}>
          {showDocuments ? 'Hide documents' : 'Show documents'}
        </button>
        {c.provider === 'code-host' && c.status === 'active' ? (
          <button type="button" className="secondary" onClick={() => setChoosing(true)}>
            Choose repositories…
          </button>
        ) : null}
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete…
        </button>
      </div>
      <ErrorMessage error={sync.error} />
      {/* Kept loaded while hidden: "sync now" then knows which runs came before it. */}
      <ConnectionRuns id={c.id} lastRun={runKey(last)} syncs={syncs} onFinished={onFinished} hidden={!showRuns} />
      {showDocuments ? <ConnectionDocuments key={`${last?.completedAt}:${finishedRuns}`} provider={c.provider} tag={c.containerTag} /> : null}
      {choosing ? (
        <ChooseRepositoriesDialog
          connection={c}
          onClose={() => setChoosing(false)}
          onDone={() => {
            // Saving queues a sync of the chosen repositories: follow its run.
            setChoosing(false);
            setShowRuns(true);
            setSyncs((n) => n + 1);
            onChanged();
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteConnectionDialog
          connection={c}
          onClose={() => setDeleting(false)}
          onDone={() => {
            setDeleting(false);
            onChanged();
          }}
        />
      ) : null}
    </li>
  );
}

function DeleteConnectionDialog({ connection, onClose, onDone }: { connection: Connection; onClose: () => void; onDone: () => void }) {
  const [deleteDocuments, setDeleteDocuments] = useState(true);
  const remove = useAction(async () => {
    await call('DELETE', `/v3/connections/${enc(connection.id)}?deleteDocuments=${deleteDocuments}`);
    announce(deleteDocuments ? 'Connection, its documents and the memories drawn only from them deleted' : 'Connection deleted; its documents are kept');
    onDone();
  });
  return (
    <Dialog title={`Delete the ${connection.provider} connection?`} onClose={onClose}>
      <div className="stack">
        <p>Future syncs stop and the authorization is removed.</p>
        <div className="check">
          <input id="delete-docs" type="checkbox" checked={deleteDocuments} onChange={(e) => setDeleteDocuments(e.target.checked)} />
          <label htmlFor="delete-docs">Also delete the documents it imported</label>
        </div>
        {deleteDocuments ? (
          <p className="muted">The memories drawn only from those documents are deleted with them; memories another document also supports stay.</p>
        ) : null}
        <ErrorMessage error={remove.error} />
        <div className="actions">
          <button type="button" className="danger" disabled={remove.pending} onClick={() => void remove.run()}>
            Delete connection
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** How long after its creation an active connection with no sync run yet is watched for its first one. */
const FIRST_SYNC_WATCH_MS = 60_000;

function firstSyncAwaited(c: Connection): boolean {
  return c.status === 'active' && !c.lastSyncRun && Date.now() - Date.parse(c.createdAt) < FIRST_SYNC_WATCH_MS;
}

/** Which run a connection's last one is, and how far it got: it changes when a run starts or ends. */
function runKey(run: Connection['lastSyncRun']): string {
  return run ? `${run.startedAt} ${run.status} ${run.completedAt ?? ''}` : '';
}
