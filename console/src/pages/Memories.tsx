import { useEffect, useState } from 'react';
import { enc, post } from '../api/client';
import type { Answer, MemoryEntry } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { MemoryFlags } from '../components/MemoryFlags';
import { MemoryGraph } from '../components/MemoryGraph';
import { Loading } from '../components/Status';
import { scopeTags, useConsole } from '../context';
import { formatDate, plural } from '../format';
import { announce } from '../components/LiveRegion';
import { Pager } from '../components/Pager';
import { useAction, useLoad } from '../hooks';
import { Link } from '../router';
import { documentLabel } from './Documents';
import { ForgetByMeaning } from './ForgetByMeaning';
import { EditMemoryDialog, ForgetMemoryDialog } from './MemoryDialogs';

const PAGE_SIZE = 20;

/** `counts`: live memories (a tag's memory count) and forgotten ones; both are listed. */
type ListAnswer = Answer<'/v4/memories/list', 'post'>;

type Action = { kind: 'edit' | 'forget'; memory: MemoryEntry } | null;

/** Latest memories (forgotten ones included and marked) with their version chains and relations. */
export function MemoriesPage() {
  const state = useConsole();
  const tags = scopeTags(state);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const list = useLoad(
    (signal) =>
      tags.length
        ? post<ListAnswer>('/v4/memories/list', { containerTags: tags, page, limit: PAGE_SIZE, sort: 'updatedAt', order: 'desc' }, { signal })
        : Promise.resolve(undefined),
    [tags.join(','), page],
  );
  useEffect(() => setPage(1), [state.tag]);
  const entries = list.data?.memoryEntries ?? [];
  const pages = list.data?.pagination.totalPages ?? 1;
  const texts = new Map(entries.flatMap((m) => [m, ...m.history]).map((m) => [m.id, m.memory]));
  // The documents the page's memories were drawn from, named by their titles rather than their ids.
  const documentIds = [...new Set(entries.flatMap((m) => m.documentIds))].sort();
  const sources = useLoad(
    (signal) =>
      documentIds.length
        ? post<Answer<'/v3/documents/documents/by-ids', 'post'>>('/v3/documents/documents/by-ids', { ids: documentIds, containerTags: tags }, { signal })
        : Promise.resolve(undefined),
    [documentIds.join(','), tags.join(',')],
  );
  const titles = new Map((sources.data?.documents ?? []).map((d) => [d.id, documentLabel(d)]));
  const done = () => {
    setAction(null);
    list.reload();
    state.reloadTags();
  };

  return (
    <>
      <h1>Memories{state.tag ? ` in ${state.tag}` : ''}</h1>
      {tags.length === 0 ? <p>No container tags yet, so no memories.</p> : null}
      <ErrorMessage error={list.error} />
      {!list.data && list.loading && tags.length ? <Loading what="memories" /> : null}
      {list.data ? (
        <section aria-labelledby="graph-heading">
          <div className="section-head">
            <h2 id="graph-heading">
              {plural(list.data.counts.memories, 'memory', 'memories')}
              {list.data.counts.forgotten ? `, ${list.data.counts.forgotten} forgotten` : ''}
            </h2>
            <button type="button" className="secondary" onClick={list.reload}>
              Refresh
            </button>
          </div>
          {entries.length ? <MemoryGraph entries={entries} /> : <p>No memories yet.</p>}
        </section>
      ) : null}
      <ul className="cards" aria-label="Memories">
        {entries.map((m) => (
          <MemoryCard
            key={m.id}
            memory={m}
            texts={texts}
            titles={titles}
            onEdit={() => setAction({ kind: 'edit', memory: m })}
            onForget={() => setAction({ kind: 'forget', memory: m })}
            onReviewed={done}
          />
        ))}
      </ul>
      <Pager label="Memory pages" page={page} pages={pages} setPage={setPage} />
      {state.tag ? <ForgetByMeaning containerTag={state.tag} onDone={done} /> : <p className="muted">Pick a container tag to forget memories by meaning.</p>}
      {action?.kind === 'edit' ? <EditMemoryDialog memory={action.memory} onClose={() => setAction(null)} onDone={done} /> : null}
      {action?.kind === 'forget' ? <ForgetMemoryDialog memory={action.memory} onClose={() => setAction(null)} onDone={done} /> : null}
    </>
  );
}

interface CardProps {
  memory: MemoryEntry;
  /** Text of every memory and version on the page, to name a relation's other end. */
  texts: Map<string, string>;
  /** Titles of the documents the memories were drawn from, by id. */
  titles: Map<string, string>;
  onEdit: () => void;
  onForget: () => void;
  onReviewed: () => void;
}

function MemoryCard({ memory, texts, titles, onEdit, onForget, onReviewed }: CardProps) {
  const relations = Object.entries(memory.memoryRelations ?? {});
  // An inferred memory ranks lower until approved; declining forgets it.
  const review = useAction(async (action: 'approve' | 'decline') => {
    await post(`/v3/container-tags/${enc(memory.containerTag)}/inferred/${enc(memory.id)}/review`, { action });
    announce(action === 'approve' ? 'Inference approved' : 'Inference declined');
    onReviewed();
  });
  return (
    <li className={`card memory${memory.isForgotten ? ' forgotten' : ''}${memory.isInference ? ' inferred' : ''}`} data-memory-id={memory.id}>
      <p className="memory-text">{memory.memory}</p>
      <div className="meta">
        <MemoryFlags memory={memory} /> <span>{memory.containerTag}</span>
        {memory.temporalContext?.documentDate ? <span title="date of the source it was drawn from">dated {memory.temporalContext.documentDate}</span> : null}
        <span>updated {formatDate(memory.updatedAt)}</span>
        {memory.sourceCount > 1 ? <span>{plural(memory.sourceCount, 'source')}</span> : null}
      </div>
      {memory.forgetReason ? <p className="muted">Forgotten: {memory.forgetReason}</p> : null}
      {memory.forgetAfter ? <p className="muted">Forget after {formatDate(memory.forgetAfter)}</p> : null}
      {memory.history.length ? (
        <details>
          <summary>{plural(memory.history.length, 'earlier version')}</summary>
          <ol className="history">
            {[...memory.history].reverse().map((v) => (
              <li key={v.id}>
                <span className="badge">v{v.version}</span> {v.memory}
                {v.isForgotten ? <span className="badge badge-bad">forgotten</span> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {relations.length ? (
        <ul className="relations muted" aria-label="Relations">
          {relations.map(([id, relation]) => (
            <li key={id}>
              {relation} {texts.has(id) ? `“${texts.get(id)}”` : <span className="mono">{id}</span>}
            </li>
          ))}
        </ul>
      ) : null}
      {memory.documentIds.length ? (
        <p className="sources">
          From:{' '}
          {memory.documentIds.map((id, i) => (
            <span key={id}>
              {i ? ', ' : ''}
              <Link to={`/documents/${encodeURIComponent(id)}`}>{titles.get(id) ?? id}</Link>
            </span>
          ))}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="secondary" onClick={onEdit} disabled={memory.isForgotten} aria-label={`Edit memory: ${memory.memory}`}>
          Edit
        </button>
        <button type="button" className="secondary" onClick={onForget} disabled={memory.isForgotten} aria-label={`Forget memory: ${memory.memory}`}>
          Forget…
        </button>
        {memory.isInference && !memory.isForgotten ? (
          <>
            <button
              type="button"
              className="secondary"
              disabled={review.pending}
              onClick={() => void review.run('approve')}
              aria-label={`Approve inference: ${memory.memory}`}
            >
              Approve
            </button>
            <button
              type="button"
              className="secondary"
              disabled={review.pending}
              onClick={() => void review.run('decline')}
              aria-label={`Decline inference: ${memory.memory}`}
            >
              Decline
            </button>
          </>
        ) : null}
      </div>
      <ErrorMessage error={review.error} />
    </li>
  );
}
