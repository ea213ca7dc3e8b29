import { useState, type FormEvent } from 'react';
import { post } from '../api/client';
import type { ForgetMatchingAnswer } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { useAction } from '../hooks';

/**
 * Forget by meaning: a dry run lists the matches; the confirmation forgets exactly the ones still
 * ticked, by id, so nothing is forgotten that the preview did not show.
 */
export function ForgetByMeaning({ containerTag, onDone }: { containerTag: string; onDone: () => void }) {
  const [query, setQuery] = useState('');
  const [preview, setPreview] = useState<ForgetMatchingAnswer>();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');

  const run = useAction(async () => {
    const answer = await post<ForgetMatchingAnswer>('/v4/memories/forget-matching', { containerTag, query, dryRun: true });
    setPreview(answer);
    setChosen(new Set((answer.candidates ?? []).map((c) => c.id)));
    announce(answer.summary);
  });
  const confirm = useAction(async () => {
    const answer = await post<ForgetMatchingAnswer>('/v4/memories/forget-matching', {
      containerTag,
      ids: [...chosen],
      dryRun: false,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    announce(answer.summary);
    setPreview(undefined);
    setQuery('');
    onDone();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run.run();
  };
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  return (
    <section className="card stack" aria-labelledby="forget-meaning-title">
      <h2 id="forget-meaning-title">Forget by meaning in {containerTag}</h2>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="forget-query">What to forget</label>
        <input id="forget-query" value={query} required onChange={(e) => setQuery(e.target.value)} placeholder="e.g. the old address" />
        <button type="submit" className="secondary" disabled={run.pending || !query.trim()}>
          Preview
        </button>
      </form>
      <ErrorMessage error={run.error} />
      {preview ? (
        <div className="preview stack">
          <p>{preview.summary}</p>
          {(preview.candidates ?? []).length ? (
            <fieldset>
              <legend>Memories to forget</legend>
              {(preview.candidates ?? []).map((c) => (
                <div key={c.id} className="check">
                  <input id={`forget-${c.id}`} type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                  <label htmlFor={`forget-${c.id}`}>
                    {c.memory} <span className="muted">(score {c.score.toFixed(2)})</span>
                  </label>
                </div>
              ))}
            </fieldset>
          ) : null}
          <label htmlFor="forget-matching-reason">Reason (optional)</label>
          <input id="forget-matching-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          <ErrorMessage error={confirm.error} />
          <div className="actions">
            <button type="button" className="danger" disabled={chosen.size === 0 || confirm.pending} onClick={() => void confirm.run()}>
              Forget {chosen.size} selected
            </button>
            <button type="button" className="secondary" onClick={() => setPreview(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
