import { storedKey } from '../session';

/** Dispatched when the API refuses the session's own key (revoked, disabled or expired). */
export const KEY_REFUSED = 'engram:key-refused';

/** An answer outside 2xx, carrying the API's `{error, details}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly details?: string,
  ) {
    super(details ? `${error}: ${details}` : error);
  }
}

export interface CallOptions {
  body?: unknown;
  form?: FormData;
  /** Overrides the stored key (sign-in checks a key before keeping it). */
  key?: string;
  signal?: AbortSignal;
}

function errorOf(status: number, body: unknown, text: string): ApiError {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    const { error, details } = body as { error: string; details?: unknown };
    return new ApiError(status, error, typeof details === 'string' ? details : undefined);
  }
  return new ApiError(status, `HTTP ${status}`, text.slice(0, 300) || undefined);
}

/** Calls the API with the session's key; resolves to the parsed answer, rejects with ApiError. */
export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = options.key ?? storedKey();
  if (key) headers.authorization = `Bearer ${key}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: options.signal, credentials: 'omit', cache: 'no-store' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached', (error as Error).message);
  }
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  let parsed: unknown = text;
  if (type.includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    const error = errorOf(response.status, parsed, text);
    if (response.status === 401 && !options.key) window.dispatchEvent(new CustomEvent(KEY_REFUSED, { detail: error }));
    throw error;
  }
  return parsed as T;
}

export const get = <T>(path: string, options?: CallOptions) => call<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options?: CallOptions) => call<T>('POST', path, { ...options, body });
export const patch = <T>(path: string, body: unknown) => call<T>('PATCH', path, { body });
export const del = <T>(path: string, body?: unknown) => call<T>('DELETE', path, { body });

export const enc = encodeURIComponent;
