import { useEffect, useMemo, useRef, useState } from 'react';
import { get, KEY_REFUSED, type ApiError } from './api/client';
import type { ContainerTagItem, Session } from './api/types';
import { ErrorMessage } from './components/ErrorMessage';
import { LiveRegion } from './components/LiveRegion';
import { Loading } from './components/Status';
import { TagSelect } from './components/TagSelect';
import { ConsoleContext, type ConsoleState } from './context';
import { useLoad } from './hooks';
import { ConnectionsPage } from './pages/Connections';
import { DocumentPage } from './pages/DocumentDetail';
import { DocumentsPage } from './pages/Documents';
import { KeysPage } from './pages/Keys';
import { WebhooksPage } from './pages/Webhooks';
import { MemoriesPage } from './pages/Memories';
import { ProfilePage } from './pages/Profile';
import { SearchPage } from './pages/Search';
import { SettingsPage } from './pages/Settings';
import { SignIn } from './pages/SignIn';
import { TagsPage } from './pages/Tags';
import { Link, navigate, usePath } from './router';
import { forgetSession, storedKey, storedTag, storeKey, storeTag } from './session';

const PAGES = [
  { path: '/', label: 'Tags' },
  { path: '/documents', label: 'Documents' },
  { path: '/memories', label: 'Memories' },
  { path: '/search', label: 'Search' },
  { path: '/profile', label: 'Profile' },
  { path: '/connections', label: 'Connections' },
  { path: '/settings', label: 'Settings' },
  { path: '/keys', label: 'Keys' },
  { path: '/webhooks', label: 'Webhooks' },
];

export function App() {
  const [key, setKey] = useState(storedKey);
  const [refused, setRefused] = useState<ApiError>();
  useEffect(() => {
    // A key revoked or disabled while signed in: back to sign-in, saying why.
    const onRefused = (event: Event) => {
      forgetSession();
      setRefused((event as CustomEvent<ApiError>).detail);
      setKey(null);
    };
    window.addEventListener(KEY_REFUSED, onRefused);
    return () => window.removeEventListener(KEY_REFUSED, onRefused);
  }, []);
  if (!key) {
    return (
      <SignIn
        refused={refused}
        onSignedIn={(newKey) => {
          storeKey(newKey);
          setRefused(undefined);
          setKey(newKey);
        }}
      />
    );
  }
  const signOut = () => {
    forgetSession();
    setKey(null);
    navigate('/');
  };
  return <Console signOut={signOut} />;
}

async function loadTags(session: Session, signal: AbortSignal): Promise<ContainerTagItem[]> {
  // Scoped keys may not list tags; their own tags are in the session.
  if (session.scope.type === 'scoped') {
    return (session.scope.tags ?? []).map((t) => ({ containerTag: t, name: t, documentCount: NaN, memoryCount: NaN, lastActivityAt: null }));
  }
  return get<ContainerTagItem[]>('/v3/container-tags/list', { signal });
}

function Console({ signOut }: { signOut: () => void }) {
  const session = useLoad((signal) => get<Session>('/v3/session', { signal }), []);
  const tags = useLoad((signal) => (session.data ? loadTags(session.data, signal) : Promise.resolve([])), [session.data]);
  const [tag, setTagState] = useState(storedTag);
  const path = usePath();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(path);

  useEffect(() => {
    // After navigating, put focus (and the screen reader) at the new page's start.
    if (path !== firstPath.current) main.current?.focus();
    firstPath.current = '';
  }, [path]);

  const state = useMemo<ConsoleState | null>(
    () =>
      session.data
        ? {
            session: session.data,
            tags: tags.data ?? [],
            tag,
            setTag: (next) => {
              storeTag(next);
              setTagState(next);
            },
            reloadTags: tags.reload,
          }
        : null,
    [session.data, tags.data, tags.reload, tag],
  );

  if (!state) {
    return (
      <main id="main" className="signin">
        <h1>engram console</h1>
        {session.error ? (
          <>
            <ErrorMessage error={session.error} />
            <button type="button" onClick={signOut}>
              Sign out
            </button>
          </>
        ) : (
          <Loading what="your session" />
        )}
      </main>
    );
  }

  const section = '/' + (path.split('/')[1] ?? '');
  return (
    <ConsoleContext.Provider value={state}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">engram</span>
        <TagSelect />
        <span className="who" title={`key ${state.session.user.name}`}>
          {state.session.org.name} · {state.session.role}
          {state.session.scope.type === 'scoped' ? ' · scoped' : ''}
        </span>
        <button type="button" className="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Console pages" className="nav">
        <ul>
          {PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path} aria-current={section === page.path ? 'page' : undefined}>
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1}>
        <ErrorMessage error={tags.error} />
        <Page path={path} />
      </main>
      <LiveRegion />
    </ConsoleContext.Provider>
  );
}

function Page({ path }: { path: string }) {
  const [, section, id] = path.split('/');
  switch (section) {
    case '':
      return <TagsPage />;
    case 'documents':
      return id ? <DocumentPage id={decodeURIComponent(id)} /> : <DocumentsPage />;
    case 'memories':
      return <MemoriesPage />;
    case 'search':
      return <SearchPage />;
    case 'profile':
      return <ProfilePage />;
    case 'connections':
      return <ConnectionsPage />;
    case 'settings':
      return <SettingsPage />;
    case 'keys':
      return <KeysPage />;
    case 'webhooks':
      return <WebhooksPage />;
    default:
      return (
        <>
          <h1>Not found</h1>
          <p>
            There is no console page at this address. <Link to="/">Go to the tags</Link>.
          </p>
        </>
      );
  }
}
