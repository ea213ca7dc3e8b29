import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who goes first on the embedded database. It runs one statement or transaction at a time, in the
 * order they ask; then a search asked while document processing has queued a dozen transactions
 * waits for all of them. Here requests (foreground) go before queued background work (jobs and
 * their transactions), which still gets its turn once it has waited `maxBackgroundWaitMs`, so a
 * steady stream of requests cannot stop processing. Among requests, the owner (organization) served
 * longest ago goes first: a tenant sending many requests at once waits for its own, not everyone.
 */

export type Priority = 'foreground' | 'background';

interface Context {
  priority: Priority;
  /** Whose work it is (an organization), once known: turns are shared fairly between owners. */
  owner: string | null;
}

const current = new AsyncLocalStorage<Context>();

/** Runs `work` as background work: its statements wait for the requests' ones. */
export function inBackground<T>(work: () => T): T {
  return current.run({ priority: 'background', owner: null }, work);
}

/** Runs `work` ahead of background work, from within it (a job renewing its lease). */
export function inForeground<T>(work: () => T): T {
  return current.run({ priority: 'foreground', owner: current.getStore()?.owner ?? null }, work);
}

/** Runs `work` (the rest of a request) as a request whose owner `actingFor` names once it is known. */
export function asRequest<T>(work: () => T): T {
  return current.run({ priority: 'foreground', owner: null }, work);
}

/** Who asks for a turn: a request or background work, and whose it is (an organization, or '' not yet known). */
export interface Ticket {
  priority: Priority;
  owner: string;
}

/** The current work's ticket: what it asks a turn as, here or in the embedded database's thread. */
export function currentTicket(): Ticket {
  const context = current.getStore();
  return { priority: context?.priority ?? 'foreground', owner: context?.owner ?? '' };
}

/** Whose the current work is, as `actingFor` named it. */
export function currentOwner(): string | null {
  return current.getStore()?.owner ?? null;
}

/** Names whose the current request is: of many owners waiting, the one served longest ago goes first. */
export function actingFor(owner: string): void {
  const context = current.getStore();
  if (context) context.owner = owner;
}

interface Waiter {
  priority: Priority;
  owner: string;
  since: number;
  start(): void;
}

/** How long a background statement or transaction on the embedded database gives way to requests at most. */
export const MAX_BACKGROUND_WAIT_MS = 250;

/** Owners remembered as served; past this many the memory starts afresh. */
const MAX_OWNERS = 10_000;

export class Turns {
  private busy = false;
  private readonly waiting: Waiter[] = [];
  /** When each owner was last served, as a count of turns. */
  private readonly served = new Map<string, number>();
  private turn = 0;

  /**
   * `handOver` runs when the next turn is chosen after one ends: at once, or later when the calls
   * asking for turns arrive as messages (the database's thread): choosing after the messages that
   * arrived meanwhile are read lets a request that came during the last statement go before
   * background work that asked earlier.
   */
  constructor(
    private readonly maxBackgroundWaitMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly handOverWhen: (handOver: () => void) => void = (handOver) => handOver(),
  ) {}

  /**
   * Runs `work` when its turn comes; the next turn starts when it settles. The turn is asked as
   * the current work's (`ticket` names another's: a statement the main thread sent to the
   * database's thread).
   */
  async take<T>(work: () => Promise<T>, ticket: Ticket = currentTicket()): Promise<T> {
    const { priority, owner } = ticket;
    if (this.busy) await new Promise<void>((start) => this.waiting.push({ priority, owner, since: this.now(), start }));
    this.busy = true;
    if (this.served.size >= MAX_OWNERS) this.served.clear();
    this.served.set(owner, ++this.turn);
    try {
      return await work();
    } finally {
      this.handOverWhen(() => this.handOver());
    }
  }

  /** Turns waiting, for tests and diagnostics. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Turns waiting by priority, and whether one is taken (metrics). */
  usage(): { busy: boolean; foreground: number; background: number } {
    let background = 0;
    for (const w of this.waiting) if (w.priority === 'background') background++;
    return { busy: this.busy, foreground: this.waiting.length - background, background };
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
    // Of the requests, the first of the owner served longest ago: one tenant's burst waits its turn.
    let pick = -1;
    for (const [i, w] of this.waiting.entries()) {
      if (w.priority !== 'foreground') continue;
      if (pick < 0 || this.lastServed(w.owner) < this.lastServed(this.waiting[pick].owner)) pick = i;
    }
    return Math.max(pick, 0);
  }

  private lastServed(owner: string): number {
    return this.served.get(owner) ?? 0;
  }
}
