import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who goes first on the embedded database. It runs one statement or transaction at a time, in the
 * order they ask; then a search asked while document processing has queued a dozen transactions
 * waits for all of them. Here requests (foreground) go before queued background work (jobs and
 * their transactions), which still gets its turn once it has waited `maxBackgroundWaitMs`, so a
 * steady stream of requests cannot stop processing.
 */

export type Priority = 'foreground' | 'background';

const current = new AsyncLocalStorage<Priority>();

/** Runs `work` as background work: its statements wait for the requests' ones. */
export function inBackground<T>(work: () => T): T {
  return current.run('background', work);
}

/** Runs `work` ahead of background work, from within it (a job renewing its lease). */
export function inForeground<T>(work: () => T): T {
  return current.run('foreground', work);
}

interface Waiter {
  priority: Priority;
  since: number;
  start(): void;
}

export class Turns {
  private busy = false;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly maxBackgroundWaitMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `work` when its turn comes; the next turn starts when it settles. */
  async take<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((start) => this.waiting.push({ priority: current.getStore() ?? 'foreground', since: this.now(), start }));
    this.busy = true;
    try {
      return await work();
    } finally {
      this.handOver();
    }
  }

  /** Turns waiting, for tests and diagnostics. */
  get queued(): number {
    return this.waiting.length;
  }

  private handOver(): void {
    const next = this.pick();
    if (next < 0) {
      this.busy = false;
      return;
    }
    const [waiter] = this.waiting.splice(next, 1);
    waiter.start();
  }

  private pick(): number {
    if (!this.waiting.length) return -1;
    const overdue = this.now() - this.maxBackgroundWaitMs;
    const starved = this.waiting.findIndex((w) => w.priority === 'background' && w.since <= overdue);
    if (starved >= 0) return starved;
    const foreground = this.waiting.findIndex((w) => w.priority === 'foreground');
    return foreground >= 0 ? foreground : 0;
  }
}
