import { useEffect, useState, type FormEvent } from 'react';
import { patch } from '../api/client';
import type { Settings } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { useAction } from '../hooks';

const KINDS = [
  { id: 'cloudDrive', label: 'Cloud drive (Google Drive)' },
  { id: 'notesWorkspace', label: 'Notes workspace (Notion)' },
  { id: 'officeDrive', label: 'Office drive (OneDrive)' },
  { id: 'codeHost', label: 'Code host (GitHub)' },
] as const;

interface Draft {
  enabled: boolean;
  clientId: string;
  /** A new secret typed here; empty = keep the stored one. Never filled from the API. */
  secret: string;
  clearSecret: boolean;
}

const draftsOf = (s: Settings) =>
  Object.fromEntries(
    KINDS.map(({ id }) => [
      id,
      { enabled: s[`${id}CustomKeyEnabled` as const] === true, clientId: s[`${id}ClientId` as const] ?? '', secret: '', clearSecret: false },
    ]),
  ) as Record<string, Draft>;

/**
 * The organization's own OAuth applications. A stored secret is only ever shown as the API masks
 * it; the field starts empty and is sent only when something new is typed (or cleared).
 */
export function ConnectorKeys({ settings, onSaved }: { settings: Settings; onSaved: () => void }) {
  const [drafts, setDrafts] = useState(() => draftsOf(settings));
  useEffect(() => setDrafts(draftsOf(settings)), [settings]);
  const save = useAction(async (kind: string) => {
    const d = drafts[kind];
    const body: Record<string, unknown> = {
      [`${kind}ClientId`]: d.clientId.trim() || null,
      [`${kind}CustomKeyEnabled`]: d.enabled,
    };
    if (d.clearSecret) body[`${kind}ClientSecret`] = null;
    else if (d.secret) body[`${kind}ClientSecret`] = d.secret;
    await patch('/v3/settings', body);
    announce('Connector credentials saved');
    onSaved();
  });
  const set = (kind: string, change: Partial<Draft>) => setDrafts({ ...drafts, [kind]: { ...drafts[kind], ...change } });

  return (
    <section className="card stack" aria-labelledby="connector-keys-title">
      <h2 id="connector-keys-title">Connector credentials</h2>
      <p className="muted">Your own OAuth applications, used for new connections when enabled. Stored secrets are never shown, only their last characters.</p>
      <ErrorMessage error={save.error} />
      <div className="grid-2">
        {KINDS.map(({ id, label }) => {
          const d = drafts[id];
          const masked = settings[`${id}ClientSecret` as const];
          const submit = (event: FormEvent) => {
            event.preventDefault();
            void save.run(id);
          };
          return (
            <form key={id} onSubmit={submit} aria-label={label}>
              <fieldset>
                <legend>{label}</legend>
                <div className="check">
                  <input id={`${id}-enabled`} type="checkbox" checked={d.enabled} onChange={(e) => set(id, { enabled: e.target.checked })} />
                  <label htmlFor={`${id}-enabled`}>Use this application</label>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-client-id`}>Client id</label>
                  <input id={`${id}-client-id`} value={d.clientId} autoComplete="off" onChange={(e) => set(id, { clientId: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-secret`}>Client secret {masked ? `(stored: ${masked})` : '(none stored)'}</label>
                  <input
                    id={`${id}-secret`}
                    type="password"
                    autoComplete="new-password"
                    value={d.secret}
                    placeholder={masked ? 'leave empty to keep' : ''}
                    onChange={(e) => set(id, { secret: e.target.value, clearSecret: false })}
                  />
                </div>
                {masked ? (
                  <div className="check">
                    <input
                      id={`${id}-clear`}
                      type="checkbox"
                      checked={d.clearSecret}
                      onChange={(e) => set(id, { clearSecret: e.target.checked, secret: '' })}
                    />
                    <label htmlFor={`${id}-clear`}>Remove the stored secret</label>
                  </div>
                ) : null}
                <button type="submit" className="secondary" disabled={save.pending}>
                  Save {label}
                </button>
              </fieldset>
            </form>
          );
        })}
      </div>
    </section>
  );
}
