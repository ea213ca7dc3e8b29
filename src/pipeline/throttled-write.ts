/**
 * Writes the latest state of something that changes often (progress through pages) at most once
 * per interval and never two writes at a time; what changed in between goes with the next write.
 */
export class ThrottledWrite {
  private last: number;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly intervalMs: number,
    /** An interval between writes, not a time of day: the monotonic timer. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.last = now();
  }

  /** Something changed: writes now if the interval has passed and no write is under way. */
  changed(): void {
    if (this.pending || this.now() - this.last < this.intervalMs) return;
    this.last = this.now();
    // A failed write is not retried: the next change or the caller's own final write carries the state.
    this.pending = this.write()
      .catch(() => undefined)
      .finally(() => {
        this.pending = null;
      });
  }

  /** Starts a new interval, as when a write made elsewhere carried the state. */
  restart(): void {
    this.last = this.now();
  }

  /** Resolves once no write is under way, so a final write cannot be overtaken by an older one. */
  async settled(): Promise<void> {
    await this.pending;
  }
}
