import { useState, type FormEvent } from 'react';
import { call, del, enc, get, post } from '../api/client';
import type { Answer, NewKey, NewScopedKey } from '../api/types';
import { Dialog } from '../components/Dialog';
import { ErrorMessage } from '../components/ErrorMessage';
import { announce } from '../components/LiveRegion';
import { Loading } from '../components/Status';
import { useConsole } from '../context';
import { formatDate, splitList } from '../format';
import { useAction, useLoad } from '../hooks';

/** The organization's keys (never their secrets): create keys of any role and scoped keys, disable/enable, revoke. */
export function KeysPage() {
  const keys = useLoad((signal) => get<Answer<'/v3/auth/keys', 'get'>>('/v3/auth/keys', { signal }), []);
  const { session } = useConsole();
  const act = useAction(async (what: () => Promise<unknown>, said: string) => {
    await what();
    announce(said);
    keys.reload();
  });
  return (
    <>
      <h1>API keys</h1>
      <CreateKey onCreated={keys.reload} />
      <CreateScopedKey onCreated={keys.reload} />
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Keys</h2>
        <ErrorMessage error={keys.error} />
        <ErrorMessage error={act.error} />
        {!keys.data && keys.loading ? <Loading what="keys" /> : null}
        <ul className="cards">
          {keys.data?.keys.map((k) => (
            <li key={k.id} className={`card${k.disabled ? ' disabled' : ''}`}>
              <h3>
                {k.name} <span className="mono muted">{k.prefix}…</span>
                {k.id === session.user.id ? <span className="badge">this key</span> : null}
                {k.disabled ? <span className="badge badge-bad">disabled</span> : null}
              </h3>
              <p className="meta">
                <span>{k.role}</span> <span>{k.permission}</span> <span>{k.containerTags ? `tags: ${k.containerTags.join(', ')}` : 'all tags'}</span>{' '}
                <span>{k.expiresAt ? `expires ${formatDate(k.expiresAt)}` : 'no expiry'}</span> <span>created {formatDate(k.createdAt)}</span>
              </p>
              <div className="actions">
                {/* The signed-in key cannot disable itself (the API answers 409): another admin key can. */}
                {k.id === session.user.id ? null : (
                  <button
                    type="button"
                    className="secondary"
                    disabled={act.pending}
                    aria-label={`${k.disabled ? 'Enable' : 'Disable'} key ${k.name}`}
                    onClick={() =>
                      void act.run(() => call('POST', `/v3/auth/keys/${enc(k.id)}/toggle`), `Key ${k.name} ${k.disabled ? 'enabled' : 'disabled'}`)
                    }
                  >
                    {k.disabled ? 'Enable' : 'Disable'}
                  </button>
                )}
                {k.scoped ? (
                  <button
                    type="button"
                    className="danger"
                    disabled={act.pending}
                    aria-label={`Revoke key ${k.name}`}
                    onClick={() => void act.run(() => del(`/v3/auth/scoped-key/${enc(k.id)}`), `Key ${k.name} revoked`)}
                  >
                    Revoke
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** A key reaching every tag, with the role and permission chosen (a second admin, an application's member key). */
function CreateKey({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [permission, setPermission] = useState<'read' | 'write'>('write');
  const [created, setCreated] = useState<NewKey>();
  const create = useAction(async () => {
    setCreated(await post<NewKey>('/v3/auth/keys', { name: name.trim(), role, permission }));
    setName('');
    onCreated();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run();
  };
  return (
    <form className="card stack narrow" onSubmit={submit} aria-labelledby="create-full-key-title">
      <h2 id="create-full-key-title">Create a key</h2>
      <p className="muted">An admin key may do everything in the organization; a member key reads and, with write, writes every tag.</p>
      <label htmlFor="full-key-name">Name</label>
      <input id="full-key-name" value={name} required onChange={(e) => setName(e.target.value)} />
      <label htmlFor="full-key-role">Role</label>
      <select id="full-key-role" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'member')}>
        <option value="member">member</option>
        <option value="admin">admin</option>
      </select>
      <label htmlFor="full-key-permission">Permission</label>
      <select id="full-key-permission" value={permission} onChange={(e) => setPermission(e.target.value as 'read' | 'write')}>
        <option value="write">write</option>
        <option value="read">read</option>
      </select>
      <button type="submit" disabled={create.pending}>
        Create key
      </button>
      <ErrorMessage error={create.error} />
      {created ? (
        <NewKeyDialog
          secret={created.key}
          reach={`It is ${created.role === 'admin' ? 'an admin' : 'a member'} key that reads${created.permission === 'write' ? ' and writes' : ''} every tag.`}
          onClose={() => setCreated(undefined)}
        />
      ) : null}
    </form>
  );
}

function CreateScopedKey({ onCreated }: { onCreated: () => void }) {
  const { tag } = useConsole();
  const [name, setName] = useState('');
  const [tags, setTags] = useState(tag ?? '');
  const [permission, setPermission] = useState<'read' | 'write'>('read');
  const [expiresInDays, setExpiresInDays] = useState('');
  const [created, setCreated] = useState<NewScopedKey>();
  const create = useAction(async () => {
    const answer = await post<NewScopedKey>('/v3/auth/scoped-key', {
      containerTags: splitList(tags),
      permission,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(expiresInDays ? { expiresInDays: Number(expiresInDays) } : {}),
    });
    setCreated(answer);
    setName('');
    onCreated();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run();
  };
  return (
    <form className="card stack narrow" onSubmit={submit} aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a scoped key</h2>
      <p className="muted">A scoped key reaches only its container tags and only the document, memory, conversation, search and profile endpoints.</p>
      <label htmlFor="key-name">Name</label>
      <input id="key-name" value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="key-tags">Container tags (comma-separated)</label>
      <input id="key-tags" value={tags} required onChange={(e) => setTags(e.target.value)} />
      <label htmlFor="key-permission">Permission</label>
      <select id="key-permission" value={permission} onChange={(e) => setPermission(e.target.value as 'read' | 'write')}>
        <option value="read">read</option>
        <option value="write">write</option>
      </select>
      <label htmlFor="key-expires">Expires in days (1–365, empty for never)</label>
      <input id="key-expires" type="number" min={1} max={365} value={expiresInDays} onChange={(e) => setExpiresInDays(e.target.value)} />
      <button type="submit" disabled={create.pending}>
        Create key
      </button>
      <ErrorMessage error={create.error} />
      {created ? (
        <NewKeyDialog
          secret={created.key}
          reach={`It reads${created.permission === 'write' ? ' and writes' : ''} ${created.containerTags.join(', ')}.`}
          onClose={() => setCreated(undefined)}
        />
      ) : null}
    </form>
  );
}

/** The new key is in this dialog only: it is not stored by the console and cannot be shown again. */
function NewKeyDialog({ secret, reach, onClose }: { secret: string; reach: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog title="Your new key" onClose={onClose}>
      <div className="stack">
        <p>Copy it now: it is shown only this once. {reach}</p>
        <label htmlFor="new-key">Key</label>
        <input id="new-key" className="mono" readOnly value={secret} onFocus={(e) => e.target.select()} />
        <div className="actions">
          <button type="button" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            I have saved it
          </button>
        </div>
      </div>
    </Dialog>
  );
}
