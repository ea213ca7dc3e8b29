import { useEffect, useState } from 'react';

const EVENT = 'engram:announce';

/** Tells screen-reader users about a change they did not cause by focus (a status, a save). */
export function announce(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: message }));
}

/** The one polite live region of the page; also shown, briefly, as a status line. */
export function LiveRegion() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let timer: number | undefined;
    const show = (event: Event) => {
      setMessage((event as CustomEvent<string>).detail);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setMessage(''), 5000);
    };
    window.addEventListener(EVENT, show);
    return () => {
      window.removeEventListener(EVENT, show);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <div className="live" role="status" aria-live="polite" aria-atomic="true" data-testid="live">
      {message}
    </div>
  );
}
