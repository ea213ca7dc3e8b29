import { useRef, useState, type FormEvent } from 'react';
import { call, post } from '../api/client';
import type { Answer } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { useConsole } from '../context';
import { useAction } from '../hooks';

type Written = Answer<'/v3/documents', 'post'>;

/** Add text or a URL (POST /v3/documents) or upload a file (POST /v3/documents/file). */
export function AddDocument({ onAdded }: { onAdded: (id: string) => void }) {
  const { tag, reloadTags } = useConsole();
  const [content, setContent] = useState('');
  const [addTag, setAddTag] = useState(tag ?? '');
  const [uploadTag, setUploadTag] = useState(tag ?? '');
  const fileInput = useRef<HTMLInputElement>(null);

  const added = (written: Written, what: string) => {
    announce(`${what} added as ${written.id}, status ${written.status}`);
    reloadTags();
    onAdded(written.id);
  };

  const add = useAction(async () => {
    const written = await post<Written>('/v3/documents', { content, ...(addTag.trim() ? { containerTag: addTag.trim() } : {}) });
    setContent('');
    added(written, 'Document');
  });

  const upload = useAction(async () => {
    const file = fileInput.current?.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    if (uploadTag.trim()) form.append('containerTag', uploadTag.trim());
    const written = await call<Written>('POST', '/v3/documents/file', { form });
    fileInput.current!.value = '';
    added(written, file.name);
  });

  const submitText = (event: FormEvent) => {
    event.preventDefault();
    void add.run();
  };
  const submitFile = (event: FormEvent) => {
    event.preventDefault();
    void upload.run();
  };

  return (
    <div className="grid-2">
      <form className="card stack" onSubmit={submitText} aria-labelledby="add-text-title">
        <h2 id="add-text-title">Add text or a URL</h2>
        <label htmlFor="add-content">Text, markdown or an http(s) URL</label>
        <textarea id="add-content" rows={5} required value={content} onChange={(e) => setContent(e.target.value)} />
        <label htmlFor="add-tag">Container tag</label>
        <input id="add-tag" value={addTag} onChange={(e) => setAddTag(e.target.value)} placeholder="default tag when empty" />
        <button type="submit" disabled={add.pending || !content.trim()}>
          {add.pending ? 'Adding…' : 'Add document'}
        </button>
        <ErrorMessage error={add.error} />
      </form>
      <form className="card stack" onSubmit={submitFile} aria-labelledby="upload-title">
        <h2 id="upload-title">Upload a file</h2>
        <label htmlFor="upload-file">File (PDF, Office, EPUB, image, text…)</label>
        <input id="upload-file" type="file" ref={fileInput} required />
        <label htmlFor="upload-tag">Container tag</label>
        <input id="upload-tag" value={uploadTag} onChange={(e) => setUploadTag(e.target.value)} placeholder="default tag when empty" />
        <button type="submit" disabled={upload.pending}>
          {upload.pending ? 'Uploading…' : 'Upload'}
        </button>
        <ErrorMessage error={upload.error} />
      </form>
    </div>
  );
}
