import { useState } from 'react';
import { del, enc, get } from '../api/client';
import type { Answer, DocumentDetail, ProcessingStep } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { MemoryFlags } from '../components/MemoryFlags';
import { FINISHED, Loading, StatusBadge } from '../components/Status';
import { useConsole } from '../context';
import { formatDate, plural } from '../format';
import { useAction, useInterval, useLoad } from '../hooks';
import { Link, navigate } from '../router';
import { documentLabel } from './Documents';

const POLL_MS = 1500;

function duration(step: ProcessingStep): string {
  if (!step.finishedAt) return 'running';
  const ms = new Date(step.finishedAt).getTime() - new Date(step.startedAt).getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** One document: status and processing steps (live), content, chunks and the memories drawn from it. */
export function DocumentPage({ id }: { id: string }) {
  const { reloadTags } = useConsole();
  const doc = useLoad((signal) => get<DocumentDetail>(`/v3/documents/${enc(id)}`, { signal }), [id]);
  const finished = doc.data ? FINISHED.has(doc.data.status) : false;
  const chunks = useLoad(
    (signal) => (finished ? get<Answer<'/v3/documents/{id}/chunks', 'get'>>(`/v3/documents/${enc(id)}/chunks`, { signal }) : Promise.resolve(undefined)),
    [id, finished],
  );
  useInterval(!!doc.data && !finished && !doc.loading, POLL_MS, doc.reload);
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(async () => {
    await del(`/v3/documents/${enc(id)}`);
    reloadTags();
    navigate('/documents');
    announce('Document deleted');
  });

  if (!doc.data) {
    return (
      <>
        <h1>Document</h1>
        <ErrorMessage error={doc.error} />
        {doc.loading ? <Loading what="the document" /> : null}
        <p>
          <Link to="/documents">Back to documents</Link>
        </p>
      </>
    );
  }
  const d = doc.data;
  const memories = d.memories ?? [];
  // What a delete takes along: the live memories this document alone supports (lineage).
  const onlyHere = memories.filter((m) => m.isLatest && !m.isForgotten && !m.isInference && m.sourceCount <= 1).length;
  return (
    <>
      <p>
        <Link to="/documents">← Documents</Link>
      </p>
      <h1 className="break">{documentLabel(d)}</h1>
      <ErrorMessage error={doc.error} />
      <dl className="facts">
        <dt>Status</dt>
        <dd aria-live="polite">
          <StatusBadge status={d.status} />
          {d.status === 'done' && d.dreamingStatus === 'dreaming' ? ' (memories still being extracted)' : ''}
        </dd>
        <dt>Id</dt>
        <dd className="mono">{d.id}</dd>
        {d.customId ? (
          <>
            <dt>Custom id</dt>
            <dd className="mono">{d.customId}</dd>
          </>
        ) : null}
        <dt>Container tag</dt>
        <dd>{d.containerTag}</dd>
        <dt>Type</dt>
        <dd>{d.type}</dd>
        {d.url ? (
          <>
            <dt>URL</dt>
            <dd className="break">{d.url}</dd>
          </>
        ) : null}
        <dt>Added</dt>
        <dd>{formatDate(d.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{formatDate(d.updatedAt)}</dd>
        {d.error ? (
          <>
            <dt>Error</dt>
            <dd className="bad-text">{d.error}</dd>
          </>
        ) : null}
      </dl>
      <div className="actions">
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Delete document…
        </button>
      </div>

      <section aria-labelledby="steps-title">
        <h2 id="steps-title">Processing steps</h2>
        {d.processingMetadata.steps.length === 0 ? <p className="muted">No step has started yet.</p> : null}
        <ol className="steps">
          {d.processingMetadata.steps.map((step, i) => (
            <li key={`${step.name}-${i}`} className={`step step-${step.status}`}>
              <span className="step-name">{step.name}</span> <StatusBadge status={step.status} /> <span className="muted">{duration(step)}</span>
              {step.detail ? (
                <span className="muted">
                  {' '}
                  ·{' '}
                  {Object.entries(step.detail)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(', ')}
                </span>
              ) : null}
              {step.error ? <div className="bad-text">{step.error}</div> : null}
            </li>
          ))}
        </ol>
        {d.processingMetadata.attempts ? <p className="muted">Attempts: {d.processingMetadata.attempts}</p> : null}
      </section>

      <section aria-labelledby="memories-title">
        <h2 id="memories-title">Memories from this document</h2>
        {memories.length === 0 ? <p className="muted">{finished ? 'No memories were extracted.' : 'Not extracted yet.'}</p> : null}
        <ul className="cards">
          {memories.map((m) => (
            <li key={m.id} className={`card memory${m.isForgotten ? ' forgotten' : ''}`}>
              <p className="memory-text">{m.memory}</p>
              <MemoryFlags memory={m} />
            </li>
          ))}
        </ul>
        {memories.length ? (
          <p>
            <Link to="/memories">Open the memories of this tag</Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="content-title">
        <h2 id="content-title">Content</h2>
        {d.content ? (
          <pre className="content" tabIndex={0} aria-label="Document content">
            {d.content}
          </pre>
        ) : (
          <p className="muted">No content yet.</p>
        )}
      </section>

      <section aria-labelledby="chunks-title">
        <h2 id="chunks-title">Chunks{chunks.data ? ` (${chunks.data.total})` : ''}</h2>
        <ErrorMessage error={chunks.error} />
        {!finished ? <p className="muted">Chunks appear once the document is processed.</p> : null}
        <ol className="cards chunks">
          {chunks.data?.chunks.map((chunk) => (
            <li key={chunk.id} className="card">
              <div className="meta">
                #{chunk.position} · {chunk.type}
                {chunk.headingPath.length ? ` · ${chunk.headingPath.join(' › ')}` : ''}
              </div>
              <pre className="chunk">{chunk.content}</pre>
            </li>
          ))}
        </ol>
      </section>

      {confirming ? (
        <Dialog title="Delete this document?" onClose={() => setConfirming(false)}>
          <p>
            “{documentLabel(d)}” and its {plural(chunks.data?.total ?? 0, 'chunk')} are deleted for good, and so are the{' '}
            {plural(onlyHere, 'memory', 'memories')} drawn only from it.
          </p>
          <p className="muted">Memories another document or a direct write also supports stay, without this document as a source.</p>
          <ErrorMessage error={remove.error} />
          <div className="actions">
            <button type="button" className="danger" disabled={remove.pending} onClick={() => void remove.run()}>
              Delete
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
