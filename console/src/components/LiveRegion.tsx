import { useEffect, useState } from 'react';
import { currentPath, usePath } from '../router';

const EVENT = 'engram:announce';
const SHOWN_MS = 5000;

/**
 * Tells screen-reader users about a change they did not cause by focus (a status, a save). The
 * message belongs to the page shown when it is said: an action that moves to another page says it
 * after navigating.
 */
export function announce(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: message }));
}

interface Said {
  text: string;
  path: string;
}

/** The one polite live region of the page; also shown, briefly, as a status line. */
export function LiveRegion() {
  const [said, setSaid] = useState<Said>({ text: '', path: '' });
  const path = usePath();
  useEffect(() => {
    let timer: number | undefined;
    const show = (event: Event) => {
      setSaid({ text: (event as CustomEvent<string>).detail, path: currentPath() });
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setSaid({ text: '', path: '' }), SHOWN_MS);
    };
    window.addEventListener(EVENT, show);
    return () => {
      window.removeEventListener(EVENT, show);
      window.clearTimeout(timer);
    };
  }, []);
  // A message about one page does not follow the reader to the next.
  return (
    <div className="live" role="status" aria-live="polite" aria-atomic="true" data-testid="live">
      {said.path === path ? said.text : ''}
    </div>
  );
}
