import { useState, type FormEvent } from 'react';
import { get, type ApiError } from '../api/client';
import type { Session } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { useAction } from '../hooks';

/** Checks the key against GET /v3/session before keeping it; a refused key shows the API's answer. */
export function SignIn({ onSignedIn, refused }: { onSignedIn: (key: string) => void; refused?: ApiError }) {
  const [key, setKey] = useState('');
  const check = useAction(async (candidate: string) => {
    await get<Session>('/v3/session', { key: candidate });
    onSignedIn(candidate);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check.run(key.trim());
  };
  return (
    <main id="main" className="signin">
      <h1>engram console</h1>
      <p>Sign in with an API key of your organization. It is kept in this browser tab only, until you sign out or close the tab.</p>
      {refused && !check.error ? (
        <>
          <p>You were signed out: the server no longer accepts that key.</p>
          <ErrorMessage error={refused} />
        </>
      ) : null}
      <form onSubmit={submit} className="card stack">
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" disabled={check.pending || !key.trim()}>
          {check.pending ? 'Checking…' : 'Sign in'}
        </button>
        <ErrorMessage error={check.error} />
      </form>
    </main>
  );
}
