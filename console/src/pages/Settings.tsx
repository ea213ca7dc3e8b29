import { useEffect, useState, type FormEvent } from 'react';
import { get, patch } from '../api/client';
import type { ProfileBucket, Settings } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { useAction, useLoad } from '../hooks';
import { ConnectorKeys } from './ConnectorKeys';
import { ResetOrganization } from './ResetOrganization';
import { changes, draftOf, RULES, type Draft } from './settings-draft';

export function SettingsPage() {
  const settings = useLoad((signal) => get<Settings>('/v3/settings', { signal }), []);
  return (
    <>
      <h1>Settings</h1>
      <ErrorMessage error={settings.error} />
      {!settings.data && settings.loading ? <Loading what="settings" /> : null}
      {settings.data ? <GeneralSettings settings={settings.data} onSaved={settings.reload} /> : null}
      {settings.data ? <ConnectorKeys settings={settings.data} onSaved={settings.reload} /> : null}
      <ResetOrganization />
    </>
  );
}

function GeneralSettings({ settings, onSaved }: { settings: Settings; onSaved: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saved, setSaved] = useState(() => draftOf(settings));
  useEffect(() => {
    setDraft(draftOf(settings));
    setSaved(draftOf(settings));
  }, [settings]);
  const changed = changes(saved, draft);
  const save = useAction(async () => {
    await patch('/v3/settings', changed);
    announce('Settings saved');
    onSaved();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const setBucket = (i: number, bucket: ProfileBucket) =>
    set(
      'profileBuckets',
      draft.profileBuckets.map((b, j) => (j === i ? bucket : b)),
    );

  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="general-title">
      <h2 id="general-title">Organization</h2>
      <label htmlFor="workspace-prompt">Workspace prompt (steers memory extraction, at most 1500 characters)</label>
      <textarea id="workspace-prompt" rows={3} maxLength={1500} value={draft.workspacePrompt} onChange={(e) => set('workspacePrompt', e.target.value)} />
      <div className="check">
        <input id="llm-filter" type="checkbox" checked={draft.shouldLLMFilter} onChange={(e) => set('shouldLLMFilter', e.target.checked)} />
        <label htmlFor="llm-filter">Filter connector items with the model</label>
      </div>
      <label htmlFor="filter-prompt">Filter prompt (1–750 characters; needs the model filter)</label>
      <textarea id="filter-prompt" rows={2} value={draft.filterPrompt} onChange={(e) => set('filterPrompt', e.target.value)} />
      <label htmlFor="categories">Categories (comma-separated)</label>
      <input id="categories" value={draft.categories} onChange={(e) => set('categories', e.target.value)} />
      <label htmlFor="chunk-size">Chunk size (empty for the default)</label>
      <input id="chunk-size" type="number" value={draft.chunkSize} onChange={(e) => set('chunkSize', e.target.value)} />
      {(['includeItems', 'excludeItems'] as const).map((which) => (
        <fieldset key={which}>
          <legend>{which === 'includeItems' ? 'Include only connector items matching' : 'Exclude connector items matching'}</legend>
          {RULES.map((rule) => (
            <div key={rule} className="field">
              <label htmlFor={`${which}-${rule}`}>{rule} (comma-separated)</label>
              <input id={`${which}-${rule}`} value={draft[which][rule]} onChange={(e) => set(which, { ...draft[which], [rule]: e.target.value })} />
            </div>
          ))}
        </fieldset>
      ))}
      <fieldset>
        <legend>Profile buckets</legend>
        {draft.profileBuckets.map((bucket, i) => (
          <div key={i} className="bucket-row">
            <div className="field">
              <label htmlFor={`bucket-key-${i}`}>Key</label>
              <input id={`bucket-key-${i}`} value={bucket.key} onChange={(e) => setBucket(i, { ...bucket, key: e.target.value })} />
            </div>
            <div className="field grow">
              <label htmlFor={`bucket-desc-${i}`}>Description</label>
              <input id={`bucket-desc-${i}`} value={bucket.description} onChange={(e) => setBucket(i, { ...bucket, description: e.target.value })} />
            </div>
            <button
              type="button"
              className="secondary"
              aria-label={`Remove bucket ${bucket.key || i + 1}`}
              onClick={() =>
                set(
                  'profileBuckets',
                  draft.profileBuckets.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="secondary" onClick={() => set('profileBuckets', [...draft.profileBuckets, { key: '', description: '' }])}>
          Add bucket
        </button>
      </fieldset>
      <ErrorMessage error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.pending || Object.keys(changed).length === 0}>
          Save settings
        </button>
        <button type="button" className="secondary" disabled={Object.keys(changed).length === 0} onClick={() => setDraft(saved)}>
          Undo changes
        </button>
      </div>
    </form>
  );
}
