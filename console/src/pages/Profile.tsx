import { post } from '../api/client';
import type { Answer } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Status';
import { useConsole } from '../context';
import { useLoad } from '../hooks';

function Facts({ items, empty }: { items: string[]; empty: string }) {
  return items.length ? (
    <ul className="facts-list">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  ) : (
    <p className="muted">{empty}</p>
  );
}

/** POST /v4/profile of the picked tag: lasting facts, recent context and the bucketed view. */
export function ProfilePage() {
  const { tag } = useConsole();
  const profile = useLoad(
    (signal) => (tag ? post<Answer<'/v4/profile', 'post'>>('/v4/profile', { containerTag: tag }, { signal }) : Promise.resolve(undefined)),
    [tag],
  );
  if (!tag) {
    return (
      <>
        <h1>Profile</h1>
        <p>A profile belongs to one container tag: pick one in the header.</p>
      </>
    );
  }
  const p = profile.data?.profile;
  return (
    <>
      <h1>Profile of {tag}</h1>
      <div className="actions">
        <button type="button" className="secondary" onClick={profile.reload}>
          Refresh
        </button>
      </div>
      <ErrorMessage error={profile.error} />
      {!p && profile.loading ? <Loading what="the profile" /> : null}
      {p ? (
        <div className="grid-2">
          <section className="card" aria-labelledby="static-title">
            <h2 id="static-title">Static</h2>
            <p className="muted">Lasting facts: identity, role, long-held preferences.</p>
            <Facts items={p.static} empty="No lasting facts yet." />
          </section>
          <section className="card" aria-labelledby="dynamic-title">
            <h2 id="dynamic-title">Dynamic</h2>
            <p className="muted">Recent and time-bound context.</p>
            <Facts items={p.dynamic} empty="No recent context yet." />
          </section>
          <section className="card wide" aria-labelledby="buckets-title">
            <h2 id="buckets-title">Buckets</h2>
            {Object.keys(p.buckets).length === 0 ? <p className="muted">No buckets configured or filled.</p> : null}
            {Object.entries(p.buckets).map(([key, items]) => (
              <section key={key} aria-label={`Bucket ${key}`}>
                <h3>{key}</h3>
                <Facts items={items} empty="Empty." />
              </section>
            ))}
          </section>
        </div>
      ) : null}
    </>
  );
}
