import { useEffect, useState } from 'react';
import { currentPath, usePath } from '../router';

const EVENT = 'engram:announce';
const SHOWN_MS = 5000;

/**
 * Tells screen-reader users about a change they did not cause by focus (a status, a save). The
 * message belongs to the page shown when it is said: an action that moves to another page says it
 * after navigating.
 */
export function announce(message: string, options: { visible?: boolean } = {}): void {
  window.dispatchEvent(new CustomEvent<Announcement>(EVENT, { detail: { text: message, visible: options.visible ?? true } }));
}

/** `visible: false`: said to screen readers only, when the page already shows it where it belongs. */
interface Announcement {
  text: string;
  visible: boolean;
}

interface Said extends Announcement {
  path: string;
}

/** The one polite live region of the page; also shown, briefly, as a status line. */
export function LiveRegion() {
  const [said, setSaid] = useState<Said>({ text: '', visible: true, path: '' });
  const path = usePath();
  useEffect(() => {
    let timer: number | undefined;
    const show = (event: Event) => {
      setSaid({ ...(event as CustomEvent<Announcement>).detail, path: currentPath() });
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setSaid({ text: '', visible: true, path: '' }), SHOWN_MS);
    };
    window.addEventListener(EVENT, show);
    return () => {
      window.removeEventListener(EVENT, show);
      window.clearTimeout(timer);
    };
  }, []);
  // A message about one page does not follow the reader to the next.
  return (
    <div className={said.visible ? 'live' : 'live visually-hidden'} role="status" aria-live="polite" aria-atomic="true" data-testid="live">
      {said.path === path ? said.text : ''}
    </div>
  );
}
