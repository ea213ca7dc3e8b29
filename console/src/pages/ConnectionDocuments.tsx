import { enc, post } from '../api/client';
import type { ConnectionDocument } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { FINISHED, Loading, StatusBadge } from '../components/Status';
import { useInterval, useLoad } from '../hooks';
import { Link } from '../router';

/** The documents a provider imported into the tag, refreshed while any is still being processed. */
export function ConnectionDocuments({ provider, tag }: { provider: string; tag: string }) {
  const docs = useLoad(
    (signal) => post<ConnectionDocument[]>(`/v3/connections/${enc(provider)}/documents`, { containerTags: [tag] }, { signal }),
    [provider, tag],
  );
  const unfinished = docs.data?.some((d) => !FINISHED.has(d.status)) ?? false;
  useInterval(unfinished && !docs.loading, 1500, docs.reload);
  return (
    <section className="stack" aria-label={`Documents imported by ${provider} into ${tag}`}>
      <h4>Imported documents</h4>
      <ErrorMessage error={docs.error} />
      {docs.loading && !docs.data ? <Loading what="imported documents" /> : null}
      {docs.data && docs.data.length === 0 ? <p className="muted">No documents imported yet.</p> : null}
      {docs.data?.length ? (
        <ul className="plain-list">
          {docs.data.map((d) => (
            <li key={d.id}>
              <StatusBadge status={d.status} /> <Link to={`/documents/${enc(d.id)}`}>{d.title || d.url || d.id}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
