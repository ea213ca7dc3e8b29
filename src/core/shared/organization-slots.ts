/**
 * How many of one organization's requests are served at once while others are served too. The
 * server's two or so cores are shared by every tenant; an organization sending many requests side
 * by side would otherwise take them all, and another's single search would wait behind its work.
 * Past its slots an organization's requests wait in its own line (first come, first served) while
 * any other organization is being served or was within the last `quietMs` (a client sends its next
 * request a moment after the last is answered); alone on the server it may use every core, so the
 * limit takes nothing from a tenant that has the server to itself. Past `maxWaiting` in its line,
 * requests are refused, so a flood is answered rather than held.
 */
export class OrganizationSlots {
  private readonly byOrganization = new Map<string, Organization>();
  /** Requests being served, of every organization. */
  private running = 0;
  /** When each organization last had a request start or end, while within `quietMs`. */
  private readonly lastActive = new Map<string, number>();

  constructor(
    private readonly slotsPerOrganization: number,
    private readonly maxWaiting: number,
    private readonly quietMs = QUIET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Takes one of the organization's slots, waiting for one if all are taken while others are
   * served. Answers the release (call it once, when the request is done), or null when the line
   * is full. A request given up while it waits (`signal` aborted) leaves the line.
   */
  async acquire(organization: string, signal?: AbortSignal): Promise<(() => void) | null> {
    let entry = this.byOrganization.get(organization);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.byOrganization.set(organization, entry);
    }
    const release = this.releaser(organization, entry);
    if (entry.waiting.length === 0 && this.mayStart(organization, entry)) {
      this.start(organization, entry);
      return release;
    }
    if (entry.waiting.length >= this.maxWaiting) {
      this.forgetIfIdle(organization, entry);
      return null;
    }
    const line = entry.waiting;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve };
      line.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const at = line.indexOf(waiter);
          if (at < 0) return;
          line.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
    return release;
  }

  /** Requests of the organization being served and waiting (for metrics and tests). */
  load(organization: string): { running: number; waiting: number } {
    const entry = this.byOrganization.get(organization);
    return { running: entry?.running ?? 0, waiting: entry?.waiting.length ?? 0 };
  }

  /** Within its slots, or nobody else is being served or was a moment ago. */
  private mayStart(organization: string, entry: Organization): boolean {
    return entry.running < this.slotsPerOrganization || !this.othersActive(organization, entry);
  }

  private othersActive(organization: string, entry: Organization): boolean {
    if (this.running > entry.running) return true;
    const since = this.now() - this.quietMs;
    let others = false;
    for (const [other, at] of this.lastActive) {
      if (at < since) this.lastActive.delete(other);
      else if (other !== organization) others = true;
    }
    return others;
  }

  private start(organization: string, entry: Organization): void {
    entry.running++;
    this.running++;
    this.lastActive.set(organization, this.now());
  }

  private releaser(organization: string, entry: Organization): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.running--;
      this.running--;
      this.lastActive.set(organization, this.now());
      this.admitWaiting();
      this.forgetIfIdle(organization, entry);
    };
  }

  /** Starts whoever may start now: the organization that freed a slot, or all once one is left alone. */
  private admitWaiting(): void {
    for (const [organization, entry] of this.byOrganization) {
      while (entry.waiting.length > 0 && this.mayStart(organization, entry)) {
        this.start(organization, entry);
        entry.waiting.shift()!.start();
      }
      this.forgetIfIdle(organization, entry);
    }
  }

  private forgetIfIdle(organization: string, entry: Organization): void {
    if (entry.running === 0 && entry.waiting.length === 0) this.byOrganization.delete(organization);
  }
}

/** How long after its last request another organization still counts as being served. */
const QUIET_MS = 1_000;

interface Organization {
  running: number;
  waiting: Waiter[];
}

interface Waiter {
  start(): void;
}
