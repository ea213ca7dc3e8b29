import { LRUCache } from 'lru-cache';
import type { Clock } from '../shared/clock.js';

export interface AuthThrottleOptions {
  /** Failed authentications an address may make per window; 0 turns the throttle off. */
  maxFailures: number;
  windowMs: number;
  /** Addresses tracked at once (least recently seen dropped first). */
  maxAddresses?: number;
}

interface Window {
  failures: number;
  endsAt: number;
}

/**
 * Counts failed authentications per client address in fixed windows. An address over its budget
 * is refused before its key is hashed or looked up, so guessing keys costs the server nothing.
 */
export class AuthFailureThrottle {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly clock: Clock,
    private readonly options: AuthThrottleOptions,
  ) {
    this.windows = new LRUCache({ max: options.maxAddresses ?? 10_000 });
  }

  /** Milliseconds until `address` may authenticate again; 0 when it may now. */
  retryAfterMs(address: string): number {
    const window = this.current(address);
    if (!window || this.options.maxFailures === 0 || window.failures < this.options.maxFailures) return 0;
    return window.endsAt - this.clock.now().getTime();
  }

  recordFailure(address: string): void {
    if (this.options.maxFailures === 0) return;
    const window = this.current(address) ?? { failures: 0, endsAt: this.clock.now().getTime() + this.options.windowMs };
    window.failures++;
    this.windows.set(address, window);
  }

  private current(address: string): Window | undefined {
    const window = this.windows.get(address);
    return window && window.endsAt > this.clock.now().getTime() ? window : undefined;
  }
}
