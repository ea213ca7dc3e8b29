import { useState } from 'react';
import { enc, get, post } from '../api/client';
import type { Connection } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { useAction, useLoad } from '../hooks';

interface Repository {
  full_name: string;
  private?: boolean;
  description?: string | null;
}

/** The repositories named when the connection was created, if any. */
function initiallyChosen(connection: Connection): string[] {
  const named = connection.metadata?.repositories;
  return Array.isArray(named) ? named.filter((n): n is string => typeof n === 'string') : [];
}

/** A code host connection's repositories to choose from (its first 100); saving syncs the chosen ones. */
export function ChooseRepositoriesDialog({ connection, onClose, onDone }: { connection: Connection; onClose: () => void; onDone: () => void }) {
  const listed = useLoad(
    (signal) => get<{ resources: Repository[]; total_count: number }>(`/v3/connections/${enc(connection.id)}/resources?per_page=100`, { signal }),
    [connection.id],
  );
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initiallyChosen(connection)));
  const save = useAction(async () => {
    const answer = await post<{ message: string }>(`/v3/connections/${enc(connection.id)}/configure`, {
      resources: [...chosen].map((full_name) => ({ full_name })),
    });
    announce(answer.message);
    onDone();
  });
  const toggle = (name: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const repositories = listed.data?.resources ?? [];
  return (
    <Dialog title="Choose repositories to sync" onClose={onClose}>
      <div className="stack">
        <ErrorMessage error={listed.error} />
        {listed.loading && !listed.data ? <Loading what="repositories" /> : null}
        {listed.data && repositories.length === 0 ? <p className="muted">The account can read no repositories.</p> : null}
        {repositories.length ? (
          <fieldset className="choices">
            <legend>
              Repositories ({repositories.length}
              {listed.data && listed.data.total_count > repositories.length ? ` of ${listed.data.total_count}` : ''})
            </legend>
            {repositories.map((repo, i) => (
              <div className="check" key={repo.full_name}>
                <input id={`repo-${i}`} type="checkbox" checked={chosen.has(repo.full_name)} onChange={(e) => toggle(repo.full_name, e.target.checked)} />
                <label htmlFor={`repo-${i}`}>
                  {repo.full_name}
                  {repo.private ? ' (private)' : ''}
                </label>
              </div>
            ))}
          </fieldset>
        ) : null}
        <ErrorMessage error={save.error} />
        <div className="actions">
          <button type="button" disabled={save.pending || !listed.data} onClick={() => void save.run()}>
            Save and sync {chosen.size} {chosen.size === 1 ? 'repository' : 'repositories'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}
