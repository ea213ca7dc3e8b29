import { useEffect, useRef, useState } from 'react';
import { post } from '../api/client';
import type { Answer, DocumentListItem } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { FINISHED, Loading, StatusBadge } from '../components/Status';
import { Pager } from '../components/Pager';
import { useConsole } from '../context';
import { formatDate } from '../format';
import { useInterval, useLoad } from '../hooks';
import { Link } from '../router';
import { AddDocument } from './AddDocument';

const PAGE_SIZE = 20;
const POLL_MS = 1500;

type ListAnswer = Answer<'/v3/documents/list', 'post'>;

const LABEL_MAX = 80;

/**
 * What a document is called: its title, else its file's name, else the first line of its content
 * or summary (when the answer carries one), its URL or customId; its id only when there is nothing else.
 */
export function documentLabel(doc: {
  title: string | null;
  url: string | null;
  customId: string | null;
  id: string;
  filepath?: string | null;
  content?: string | null;
  summary?: string | null;
}): string {
  const fileName = doc.filepath?.split('/').filter(Boolean).at(-1);
  return doc.title?.trim() || fileName || firstLine(doc.content) || firstLine(doc.summary) || doc.url || doc.customId || doc.id;
}

function firstLine(text: string | null | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .map((l) => l.replace(/^#+\s*/, '').trim())
    .find(Boolean);
  if (!line) return undefined;
  return line.length > LABEL_MAX ? `${line.slice(0, LABEL_MAX - 1).trimEnd()}…` : line;
}

/** Documents of the picked tag, newest first, refreshed while any is still being processed. */
export function DocumentsPage() {
  const state = useConsole();
  const tag = state.tag;
  const [page, setPage] = useState(1);
  const list = useLoad(
    (signal) => post<ListAnswer>('/v3/documents/list', { ...(tag ? { containerTags: [tag] } : {}), limit: PAGE_SIZE, page }, { signal }),
    [tag, page],
  );
  const docs = list.data?.results ?? [];
  const unfinished = docs.some((d) => !FINISHED.has(d.status));
  useInterval(unfinished && !list.loading, POLL_MS, list.reload);
  useAnnounceFinished(docs, state.reloadTags);
  useEffect(() => setPage(1), [tag]);

  const pages = list.data?.pagination.totalPages ?? 1;
  return (
    <>
      <h1>Documents{tag ? ` in ${tag}` : ''}</h1>
      <AddDocument onAdded={() => (page === 1 ? list.reload() : setPage(1))} />
      <section aria-labelledby="doc-list-title">
        <div className="section-head">
          <h2 id="doc-list-title">
            {list.data ? `${list.data.pagination.totalItems} document${list.data.pagination.totalItems === 1 ? '' : 's'}` : 'Documents'}
          </h2>
          <button type="button" className="secondary" onClick={list.reload}>
            Refresh
          </button>
        </div>
        {unfinished ? <p className="muted">Some documents are still being processed; this list refreshes by itself.</p> : null}
        <ErrorMessage error={list.error} />
        {!list.data && list.loading ? <Loading what="documents" /> : null}
        {list.data && docs.length === 0 ? <p>No documents yet.</p> : null}
        <ul className="cards" aria-label="Documents">
          {docs.map((doc) => (
            <li key={doc.id} className="card doc-item">
              <div className="doc-title">
                <Link to={`/documents/${encodeURIComponent(doc.id)}`}>{documentLabel(doc)}</Link>
              </div>
              <div className="meta">
                <StatusBadge status={doc.status} /> <span>{doc.type}</span> <span>{doc.containerTag}</span> <span>{formatDate(doc.createdAt)}</span>
              </div>
            </li>
          ))}
        </ul>
        <Pager label="Document pages" page={page} pages={pages} setPage={setPage} />
      </section>
    </>
  );
}

/** Says when a listed document finishes, so the change is heard and not only seen. */
function useAnnounceFinished(docs: DocumentListItem[], onFinished: () => void): void {
  const previous = useRef(new Map<string, string>());
  useEffect(() => {
    let finished = false;
    for (const doc of docs) {
      const before = previous.current.get(doc.id);
      if (before && before !== doc.status && FINISHED.has(doc.status)) {
        announce(`${documentLabel(doc)}: ${doc.status}`);
        finished = true;
      }
      previous.current.set(doc.id, doc.status);
    }
    // The tag counts changed too (memories are counted once a document is done).
    if (finished) onFinished();
  }, [docs, onFinished]);
}
