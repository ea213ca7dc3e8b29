/**
 * The API key lives in sessionStorage only: gone when the tab closes, never in localStorage or a
 * cookie, so no other tab, later visit or request the browser makes on its own carries it.
 */
const KEY = 'engram.apiKey';
const TAG = 'engram.containerTag';

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function storeKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

export function forgetSession(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(TAG);
}

export function storedTag(): string | null {
  return sessionStorage.getItem(TAG);
}

export function storeTag(tag: string | null): void {
  if (tag) sessionStorage.setItem(TAG, tag);
  else sessionStorage.removeItem(TAG);
}
