import { useState } from 'react';
import { ApiError, call, enc, get, post } from '../api/client';
import type { Connection, SyncRun } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { useConsole } from '../context';
import { formatDate } from '../format';
import { useAction, useLoad } from '../hooks';
import { ConnectForm } from './ConnectForm';

const tagsOf = (c: Connection) => c.containerTags ?? ((c as { containerTag?: string }).containerTag ? [(c as { containerTag?: string }).containerTag!] : []);

/** Connections of the picked tag (or all): connect, sync now, their runs, delete. */
export function ConnectionsPage() {
  const { tag } = useConsole();
  const list = useLoad((signal) => post<Connection[]>('/v3/connections/list', tag ? { containerTags: [tag] } : {}, { signal }), [tag]);
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
  return (
    <>
      <h1>Connections{tag ? ` in ${tag}` : ''}</h1>
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
        <ul className="cards">
          {connections.map((c) => (
            <ConnectionCard key={c.id} connection={c} onChanged={list.reload} />
          ))}
        </ul>
      </section>
    </>
  );
}

function ConnectionCard({ connection: c, onChanged }: { connection: Connection; onChanged: () => void }) {
  const [showRuns, setShowRuns] = useState(false);
  const [syncs, setSyncs] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const sync = useAction(async () => {
    const tags = tagsOf(c);
    await post(`/v3/connections/${enc(c.provider)}/import`, tags.length ? { containerTags: tags } : {});
    announce(`Sync of ${c.provider} started`);
    setShowRuns(true);
    setSyncs((n) => n + 1);
  });
  return (
    <li className="card">
      <h3>
        {c.provider} <span className="mono muted">{c.id}</span>
      </h3>
      <dl className="facts">
        <dt>Container tags</dt>
        <dd>{tagsOf(c).join(', ') || '—'}</dd>
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
        {c.lastSyncRun ? (
          <>
            <dt>Last sync</dt>
            <dd>
              {c.lastSyncRun.status}
              {c.lastSyncRun.errorCode ? ` (${c.lastSyncRun.errorCode})` : ''} {c.lastSyncRun.error ?? ''}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="actions">
        <button type="button" onClick={() => void sync.run()} disabled={sync.pending}>
          Sync now
        </button>
        <button type="button" className="secondary" aria-expanded={showRuns} onClick={() => setShowRuns(!showRuns)}>
          {showRuns ? 'Hide runs' : 'Show runs'}
        </button>
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete…
        </button>
      </div>
      <ErrorMessage error={sync.error} />
      {showRuns ? <SyncRuns key={syncs} id={c.id} /> : null}
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

function SyncRuns({ id }: { id: string }) {
  const runs = useLoad((signal) => get<SyncRun[]>(`/v3/connections/${enc(id)}/sync-runs`, { signal }), [id]);
  return (
    <div className="stack">
      <ErrorMessage error={runs.error} />
      {runs.loading && !runs.data ? <Loading what="sync runs" /> : null}
      {runs.data && runs.data.length === 0 ? <p className="muted">No sync has run yet.</p> : null}
      {runs.data?.length ? (
        <div className="table-wrap">
          <table>
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
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id}>
                  <td>{formatDate(run.startedAt)}</td>
                  <td>{run.triggerType}</td>
                  <td>{run.status}</td>
                  <td className="num">{run.itemsProcessed}</td>
                  <td className="num">{run.itemsFailed}</td>
                  <td>{run.error ?? ''}</td>
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

function DeleteConnectionDialog({ connection, onClose, onDone }: { connection: Connection; onClose: () => void; onDone: () => void }) {
  const [deleteDocuments, setDeleteDocuments] = useState(true);
  const remove = useAction(async () => {
    await call('DELETE', `/v3/connections/${enc(connection.id)}?deleteDocuments=${deleteDocuments}`);
    announce('Connection deleted');
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
