import { useEffect } from 'react';
import { useConsole } from '../context';
import { formatDate } from '../format';
import { navigate } from '../router';

/** Every container tag the key sees, with its counts; picking one scopes the other pages. */
export function TagsPage() {
  const state = useConsole();
  const { reloadTags } = state;
  // Counts change with every ingest and edit: fresh ones each time the page is opened.
  useEffect(reloadTags, [reloadTags]);
  const open = (tag: string, page: string) => {
    state.setTag(tag);
    navigate(page);
  };
  return (
    <>
      <h1>Container tags</h1>
      <p className="muted">Each tag is a separate space of documents and memories. Pick one here or in the header; the other pages then work in it.</p>
      <div className="actions">
        <button type="button" className="secondary" onClick={state.reloadTags}>
          Refresh counts
        </button>
      </div>
      {state.tags.length === 0 ? (
        <p>No container tags yet: a tag comes into being with its first document or memory.</p>
      ) : (
        <div className="table-wrap">
          <table className="stacking">
            <caption className="visually-hidden">Container tags with their counts</caption>
            <thead>
              <tr>
                <th scope="col">Tag</th>
                <th scope="col" className="num">
                  Documents
                </th>
                <th scope="col" className="num">
                  Memories
                </th>
                <th scope="col">Last activity</th>
                <th scope="col">Open</th>
              </tr>
            </thead>
            <tbody>
              {state.tags.map((t) => (
                <tr key={t.containerTag} aria-current={state.tag === t.containerTag ? 'true' : undefined}>
                  <th scope="row">{t.containerTag}</th>
                  <td className="num" data-label="Documents">
                    {Number.isNaN(t.documentCount) ? '—' : t.documentCount}
                  </td>
                  <td className="num" data-label="Memories">
                    {Number.isNaN(t.memoryCount) ? '—' : t.memoryCount}
                  </td>
                  <td data-label="Last activity">{formatDate(t.lastActivityAt)}</td>
                  <td className="row-actions">
                    <button type="button" className="link" onClick={() => open(t.containerTag, '/documents')} aria-label={`Documents of ${t.containerTag}`}>
                      Documents
                    </button>
                    <button type="button" className="link" onClick={() => open(t.containerTag, '/memories')} aria-label={`Memories of ${t.containerTag}`}>
                      Memories
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
