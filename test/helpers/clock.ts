import type { Clock } from '../../src/core/shared/clock.js';

/**
 * The server's clock in tests: real time, which a test can move forward (days in a moment) to let
 * schedules come due and push subscriptions near their expiry. The server reads no other time of
 * day: only a column's default (a job queued for "now", a row's createdAt when a write leaves it
 * out) is the database's own, so jobs queued for "now" still run at once.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
