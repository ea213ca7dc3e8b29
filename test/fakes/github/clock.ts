/**
 * The fake's notion of "now". It runs with real time but can be moved forward, so tests can let
 * tokens expire or rate-limit windows reset without waiting.
 */
export class FakeClock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** GitHub's timestamp format: ISO 8601 without milliseconds. */
export function isoSeconds(date: Date | number): string {
  return new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
