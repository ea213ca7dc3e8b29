import { useState, type FormEvent } from 'react';
import { post } from '../api/client';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { useConsole } from '../context';
import { useAction } from '../hooks';

/** POST /v3/settings/reset, only after the organization's name is typed exactly. */
export function ResetOrganization() {
  const { session, reloadTags } = useConsole();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Record<string, unknown>>();
  const orgName = session.org.name;
  const reset = useAction(async () => {
    setOutcome(await post<Record<string, unknown>>('/v3/settings/reset', { confirmation: typed }));
    announce('Organization reset');
    setOpen(false);
    setTyped('');
    reloadTags();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === orgName) void reset.run();
  };
  return (
    <section className="card stack danger-zone" aria-labelledby="reset-title">
      <h2 id="reset-title">Reset the organization</h2>
      <p>Deletes every document, memory, profile, connection, container tag (but the default one) and setting. Keys stay.</p>
      <div className="actions">
        <button type="button" className="danger" onClick={() => setOpen(true)}>
          Reset…
        </button>
      </div>
      {outcome ? (
        <div className="notice">
          <p>Reset done:</p>
          <ul>
            {Object.entries(outcome)
              .filter(([key]) => key !== 'success')
              .map(([key, value]) => (
                <li key={key}>
                  {key}: {String(value)}
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {open ? (
        <Dialog title="Reset the organization?" onClose={() => setOpen(false)}>
          <form className="stack" onSubmit={submit}>
            <p>
              This cannot be undone. Type the organization's name, <strong className="mono">{orgName}</strong>, to confirm.
            </p>
            <label htmlFor="reset-confirm">Organization name</label>
            <input id="reset-confirm" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
            <ErrorMessage error={reset.error} />
            <div className="actions">
              <button type="submit" className="danger" disabled={typed !== orgName || reset.pending}>
                Reset everything
              </button>
              <button type="button" className="secondary" onClick={() => setOpen(false)}>
                Cancel
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </section>
  );
}
