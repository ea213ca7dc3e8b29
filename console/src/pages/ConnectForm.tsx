import { useState, type FormEvent } from 'react';
import { ApiError, enc, get, post } from '../api/client';
import type { Answer } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { useConsole } from '../context';
import { useAction, useLoad } from '../hooks';
import { BASE } from '../router';

type Kinds = Answer<'/v3/connections/kinds', 'get'>;
type Kind = Kinds['kinds'][number];

/** "code-host", known to the SDK as "github" → "Code host (github)"; a name the same as the kind is not repeated. */
export function kindLabel(kind: Kind): string {
  const name = `${kind.kind.charAt(0).toUpperCase()}${kind.kind.slice(1).replace(/-/g, ' ')}`;
  const alias = kind.aliases.find((a) => a !== kind.kind);
  return alias ? `${name} (${alias})` : name;
}

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
  // The server's connector kinds (GET /v3/connections/kinds): a kind added there is offered here.
  const kinds = useLoad((signal) => get<Kinds>('/v3/connections/kinds', { signal }), []);
  const offered = kinds.data?.kinds ?? [];
  const [chosen, setProvider] = useState('');
  const provider = chosen || offered[0]?.kind || '';
  const [containerTag, setContainerTag] = useState(tag ?? '');
  const [startUrl, setStartUrl] = useState('');
  const [documentLimit, setDocumentLimit] = useState('');
  const [extra, setExtra] = useState('');
  const [created, setCreated] = useState<Created>();

  const create = useAction(async () => {
    const metadata = metadataOf(provider, startUrl, extra);
    const oauth = offered.find((k) => k.kind === provider)?.auth === 'oauth';
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
        {offered.map((k) => (
          <option key={k.kind} value={k.kind}>
            {kindLabel(k)}
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
      <ErrorMessage error={kinds.error} />
      <button type="submit" disabled={create.pending || !provider}>
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
