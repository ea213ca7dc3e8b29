import { useState, type FormEvent } from 'react';
import { ApiError, enc, post } from '../api/client';
import type { Answer } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { useConsole } from '../context';
import { useAction } from '../hooks';
import { BASE } from '../router';

/** Connector kinds of the spec, with the SDK's name for each; OAuth kinds are authorized at the provider. */
export const PROVIDERS = [
  { id: 'web-crawler', label: 'Web crawler', oauth: false },
  { id: 'code-host', label: 'Code host (github)', oauth: true },
  { id: 'notes-workspace', label: 'Notes workspace (notion)', oauth: true },
  { id: 'cloud-drive', label: 'Cloud drive (google-drive)', oauth: true },
  { id: 'office-drive', label: 'Office drive (onedrive)', oauth: true },
  { id: 'mail', label: 'Mail (gmail)', oauth: true },
  { id: 'meetings', label: 'Meetings (granola)', oauth: false },
  { id: 's3', label: 'S3 bucket (s3)', oauth: false },
];

/** Where the provider sends the browser back after authorization: this page, in this tab (the key stays in its session). */
export const RETURN_PATH = '/connections';

type Created = Answer<'/v3/connections/{provider}', 'post'>;

function metadataOf(provider: string, startUrl: string, extra: string): Record<string, unknown> | undefined {
  let metadata: Record<string, unknown> = {};
  if (extra.trim()) {
    try {
      metadata = JSON.parse(extra) as Record<string, unknown>;
    } catch {
      throw new ApiError(0, 'Metadata is not valid JSON', 'write an object, e.g. {"maxPages": 50}');
    }
  }
  if (provider === 'web-crawler' && startUrl.trim()) metadata.startUrl = startUrl.trim();
  return Object.keys(metadata).length ? metadata : undefined;
}

/** POST /v3/connections/{provider}: an authorization link for OAuth kinds, a running sync for the crawler. */
export function ConnectForm({ onCreated }: { onCreated: () => void }) {
  const { tag } = useConsole();
  const [provider, setProvider] = useState(PROVIDERS[0].id);
  const [containerTag, setContainerTag] = useState(tag ?? '');
  const [startUrl, setStartUrl] = useState('');
  const [documentLimit, setDocumentLimit] = useState('');
  const [extra, setExtra] = useState('');
  const [created, setCreated] = useState<Created>();

  const create = useAction(async () => {
    const metadata = metadataOf(provider, startUrl, extra);
    const oauth = PROVIDERS.find((p) => p.id === provider)?.oauth;
    const answer = await post<Created>(`/v3/connections/${enc(provider)}`, {
      ...(containerTag.trim() ? { containerTag: containerTag.trim() } : {}),
      ...(documentLimit ? { documentLimit: Number(documentLimit) } : {}),
      ...(metadata ? { metadata } : {}),
      ...(oauth ? { redirectUrl: `${window.location.origin}${BASE}${RETURN_PATH}` } : {}),
    });
    setCreated(answer);
    announce(answer.authLink ? 'Connection created: authorize it with the link shown' : 'Connection created');
    onCreated();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run();
  };

  return (
    <form className="card stack narrow" onSubmit={submit} aria-labelledby="connect-title">
      <h2 id="connect-title">Connect</h2>
      <label htmlFor="connect-provider">Kind</label>
      <select id="connect-provider" value={provider} onChange={(e) => setProvider(e.target.value)}>
        {PROVIDERS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      <label htmlFor="connect-tag">Container tag</label>
      <input id="connect-tag" value={containerTag} onChange={(e) => setContainerTag(e.target.value)} placeholder="default tag when empty" />
      {provider === 'web-crawler' ? (
        <>
          <label htmlFor="connect-start">Start URL</label>
          <input id="connect-start" type="url" value={startUrl} onChange={(e) => setStartUrl(e.target.value)} placeholder="https://example.com/docs" />
        </>
      ) : null}
      <label htmlFor="connect-limit">Document limit (optional)</label>
      <input id="connect-limit" type="number" min={1} max={10000} value={documentLimit} onChange={(e) => setDocumentLimit(e.target.value)} />
      <label htmlFor="connect-metadata">More settings as JSON (optional)</label>
      <textarea
        id="connect-metadata"
        rows={2}
        value={extra}
        onChange={(e) => setExtra(e.target.value)}
        placeholder={provider === 'code-host' ? '{"repositories": ["owner/name"]}' : '{"maxPages": 50}'}
      />
      <button type="submit" disabled={create.pending}>
        Connect
      </button>
      <ErrorMessage error={create.error} />
      {created ? (
        <div className="notice" role="status">
          <p>
            Connection <span className="mono">{created.id}</span> created.
          </p>
          {created.authLink ? (
            <p>
              <a href={created.authLink} rel="noreferrer">
                Authorize it at the provider
              </a>{' '}
              (valid {created.expiresIn ?? 'for a limited time'}); the provider sends you back to this page.
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
