import { useEffect, useState, type FormEvent } from 'react';
import { del, patch, post } from '../api/client';
import type { Answer, ForgetMatchingAnswer, MemoryEntry } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { useAction } from '../hooks';

interface Props {
  memory: MemoryEntry;
  onClose: () => void;
  onDone: () => void;
}

/** PATCH /v4/memories: the edit is stored as a new version that updates this one. */
export function EditMemoryDialog({ memory, onClose, onDone }: Props) {
  const [text, setText] = useState(memory.memory);
  const save = useAction(async () => {
    const written = await patch<Answer<'/v4/memories', 'patch'>>('/v4/memories', {
      containerTag: memory.containerTag,
      id: memory.id,
      newContent: text,
    });
    announce(`Memory saved as version ${written.version}`);
    onDone();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  return (
    <Dialog title={`Edit memory (version ${memory.version})`} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label htmlFor="edit-memory">New text</label>
        <textarea id="edit-memory" rows={4} required value={text} onChange={(e) => setText(e.target.value)} />
        <p className="muted">Saving keeps this version in the history and makes the new text version {memory.version + 1}.</p>
        <ErrorMessage error={save.error} />
        <div className="actions">
          <button type="submit" disabled={save.pending || !text.trim() || text === memory.memory}>
            Save new version
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Forgetting one memory: a dry run of forget-matching by its id shows what would go first; only the
 * confirmation sends DELETE /v4/memories.
 */
export function ForgetMemoryDialog({ memory, onClose, onDone }: Props) {
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<ForgetMatchingAnswer>();
  const load = useAction(async () => {
    setPreview(await post<ForgetMatchingAnswer>('/v4/memories/forget-matching', { containerTag: memory.containerTag, ids: [memory.id], dryRun: true }));
  });
  useEffect(() => {
    void load.run();
  }, [memory.id]);
  const forget = useAction(async () => {
    await del('/v4/memories', { containerTag: memory.containerTag, id: memory.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    announce('Memory forgotten');
    onDone();
  });
  const candidates = preview?.candidates ?? [];
  return (
    <Dialog title="Forget this memory?" onClose={onClose}>
      <div className="stack">
        {load.pending ? <Loading what="the preview" /> : null}
        <ErrorMessage error={load.error} />
        {preview ? (
          <section aria-label="Preview" className="preview">
            <p>{preview.summary}</p>
            <ul>
              {candidates.map((c) => (
                <li key={c.id}>{c.memory}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="muted">Forgetting is soft: the memory stays in its history, marked forgotten, and leaves search and profiles.</p>
        <label htmlFor="forget-reason">Reason (optional)</label>
        <input id="forget-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        <ErrorMessage error={forget.error} />
        <div className="actions">
          <button type="button" className="danger" disabled={!preview || candidates.length === 0 || forget.pending} onClick={() => void forget.run()}>
            Confirm: forget
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Dialog>
  );
}
