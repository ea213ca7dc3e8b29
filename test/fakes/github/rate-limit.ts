import type { FakeClock } from './clock.js';
import type { FakeReply } from './http.js';

const RATE_LIMIT_DOCS = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api';
const WINDOW_SECONDS = 3600;
const ANONYMOUS_LIMIT = 60;

/** Which requests an armed failure applies to: a route name (`GET /user/repos`) or a RegExp over `METHOD /path`. */
export type RequestMatch = string | RegExp;

interface ArmedFailure {
  times: number;
  match?: RequestMatch;
  reply: (window: RateWindowHeaders) => FakeReply;
}

type RateWindowHeaders = Record<string, string>;

interface Window {
  authenticated: boolean;
  limit: number;
  used: number;
  resetAt: number;
}

/**
 * The `core` rate limit per caller (a user, or the client address when anonymous), answered on
 * every API response as GitHub does, plus failures a test arms for the next requests.
 */
export class FakeRateLimits {
  /** Per hour for authenticated callers; anonymous ones get ANONYMOUS_LIMIT. */
  private limit = 5000;
  private readonly windows = new Map<string, Window>();
  private readonly armed: ArmedFailure[] = [];
  /** Until then (fake clock, seconds) every window starts used up. */
  private exhaustedUntil = 0;

  constructor(private readonly clock: FakeClock) {}

  /** The next `times` matching requests get GitHub's primary-limit answer (remaining 0, reset). */
  failWithPrimaryLimit(options: { times?: number; status?: 403 | 429; resetInSeconds?: number; match?: RequestMatch } = {}): void {
    const resetAt = () => this.clock.nowSeconds() + (options.resetInSeconds ?? 60);
    this.arm(options.times ?? 1, options.match, (headers) => ({
      status: options.status ?? 403,
      headers: { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-used': headers['x-ratelimit-limit'], 'x-ratelimit-reset': String(resetAt()) },
      json: { message: 'API rate limit exceeded for user ID 1.', documentation_url: RATE_LIMIT_DOCS, status: String(options.status ?? 403) },
    }));
  }

  /** The next `times` matching requests get a secondary-limit answer with `retry-after`. */
  failWithSecondaryLimit(options: { times?: number; status?: 403 | 429; retryAfterSeconds?: number; match?: RequestMatch } = {}): void {
    const status = options.status ?? 429;
    this.arm(options.times ?? 1, options.match, (headers) => ({
      status,
      headers: { ...headers, 'retry-after': String(options.retryAfterSeconds ?? 1) },
      json: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: `${RATE_LIMIT_DOCS}#about-secondary-rate-limits`,
        status: String(status),
      },
    }));
  }

  /** The next `times` matching requests get this answer (e.g. a 502). */
  failWith(options: { times?: number; status: number; json?: unknown; headers?: Record<string, string>; match?: RequestMatch }): void {
    this.arm(options.times ?? 1, options.match, (headers) => ({
      status: options.status,
      headers: { ...headers, ...options.headers },
      json: options.json ?? { message: 'Server Error' },
    }));
  }

  /** Changes the hourly limit of authenticated callers, in their current windows too. */
  setLimit(limit: number): void {
    this.limit = limit;
    for (const w of this.windows.values()) if (w.authenticated) w.limit = limit;
  }

  /** Uses up the window of every caller seen so far and of new ones until it resets. */
  exhaust(resetInSeconds = 60): void {
    this.exhaustedUntil = this.clock.nowSeconds() + resetInSeconds;
    for (const w of this.windows.values()) {
      w.used = w.limit;
      w.resetAt = this.exhaustedUntil;
    }
  }

  /** Takes the first armed failure matching this request, if any. */
  takeArmed(routeName: string, method: string, path: string): ArmedFailure | undefined {
    const index = this.armed.findIndex(
      (a) => a.match === undefined || (typeof a.match === 'string' ? a.match === routeName : a.match.test(`${method} ${path}`)),
    );
    if (index < 0) return undefined;
    const failure = this.armed[index];
    if (--failure.times <= 0) this.armed.splice(index, 1);
    return failure;
  }

  /** Whether this caller has nothing left in the current window. */
  isExhausted(caller: string, authenticated: boolean): boolean {
    const w = this.window(caller, authenticated);
    return w.used >= w.limit;
  }

  /** Counts one request against the caller's window. */
  spend(caller: string, authenticated: boolean): void {
    this.window(caller, authenticated).used++;
  }

  headers(caller: string, authenticated: boolean): RateWindowHeaders {
    const w = this.window(caller, authenticated);
    return {
      'x-ratelimit-limit': String(w.limit),
      'x-ratelimit-remaining': String(Math.max(w.limit - w.used, 0)),
      'x-ratelimit-reset': String(w.resetAt),
      'x-ratelimit-used': String(Math.min(w.used, w.limit)),
      'x-ratelimit-resource': 'core',
    };
  }

  exhaustedReply(caller: string, authenticated: boolean): FakeReply {
    const who = authenticated ? `user ${caller}` : caller;
    return {
      status: 403,
      headers: this.headers(caller, authenticated),
      json: { message: `API rate limit exceeded for ${who}.`, documentation_url: RATE_LIMIT_DOCS, status: '403' },
    };
  }

  private window(caller: string, authenticated: boolean): Window {
    const now = this.clock.nowSeconds();
    let w = this.windows.get(caller);
    if (!w || w.resetAt <= now) {
      const exhausted = this.exhaustedUntil > now;
      const limit = authenticated ? this.limit : ANONYMOUS_LIMIT;
      w = { authenticated, limit, used: exhausted ? limit : 0, resetAt: exhausted ? this.exhaustedUntil : now + WINDOW_SECONDS };
      this.windows.set(caller, w);
    }
    return w;
  }

  private arm(times: number, match: RequestMatch | undefined, reply: ArmedFailure['reply']): void {
    this.armed.push({ times, match, reply });
  }
}
