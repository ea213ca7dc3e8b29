/** How many sessions a process holds, and for how long. */
export interface SessionCaps {
  /** Sessions one key holds; a key's next session closes its own least recently used one. */
  perKey: number;
  /** Sessions the process holds over all keys; past it new sessions are refused, none is closed. */
  total: number;
  /** A session unused this long is closed. */
  idleMs: number;
}

interface Entry<S> {
  keyId: string;
  value: S;
  usedAt: number;
}

/**
 * Sessions by id, each owned by the key that opened it. One key's sessions never make room for
 * another's: a key at its cap gives up its own least recently used session, and a full process
 * refuses new sessions (`hasRoom`) rather than closing anybody's. Idle sessions expire.
 */
export class SessionTable<S> {
  private readonly byId = new Map<string, Entry<S>>();
  /** Each key's sessions, least recently used first (a Map keeps insertion order; a use re-inserts). */
  private readonly byKey = new Map<string, Map<string, Entry<S>>>();

  constructor(
    private readonly caps: SessionCaps,
    /** Called with every session the table lets go of: expired, given up for its key's newer one, or cleared. */
    private readonly onRemoved: (value: S) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.byId.size;
  }

  /** The session with this id if `keyId` owns it and it has not expired; a use counts as activity. */
  get(id: string, keyId: string): S | undefined {
    const entry = this.byId.get(id);
    if (!entry || entry.keyId !== keyId) return undefined;
    if (this.expired(entry)) {
      this.remove(id, entry);
      return undefined;
    }
    entry.usedAt = this.now();
    const own = this.byKey.get(keyId)!;
    own.delete(id);
    own.set(id, entry);
    return entry.value;
  }

  /** Whether `more` sessions fit under the process total, once expired ones are gone. */
  hasRoom(more: number): boolean {
    if (this.byId.size + more <= this.caps.total) return true;
    this.removeExpired();
    return this.byId.size + more <= this.caps.total;
  }

  /** Holds a session for its key; a key at its cap gives up its least recently used one. */
  add(id: string, keyId: string, value: S): void {
    let own = this.byKey.get(keyId);
    if (!own) this.byKey.set(keyId, (own = new Map()));
    while (own.size >= this.caps.perKey) {
      const [oldestId, oldest] = own.entries().next().value!;
      this.remove(oldestId, oldest);
    }
    const entry = { keyId, value, usedAt: this.now() };
    own.set(id, entry);
    this.byId.set(id, entry);
  }

  /** Lets go of a session (its client ended it); nothing is called back. */
  delete(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.forgetOfKey(id, entry.keyId);
  }

  /** Removes every expired session; a key's sessions are in order of use, so each key stops at its first live one. */
  removeExpired(): void {
    for (const own of [...this.byKey.values()]) {
      for (const [id, entry] of own) {
        if (!this.expired(entry)) break;
        this.remove(id, entry);
      }
    }
  }

  clear(): void {
    const entries = [...this.byId.values()];
    this.byId.clear();
    this.byKey.clear();
    for (const entry of entries) this.onRemoved(entry.value);
  }

  private expired(entry: Entry<S>): boolean {
    return this.now() - entry.usedAt > this.caps.idleMs;
  }

  private remove(id: string, entry: Entry<S>): void {
    this.delete(id);
    this.onRemoved(entry.value);
  }

  private forgetOfKey(id: string, keyId: string): void {
    const own = this.byKey.get(keyId);
    own?.delete(id);
    if (own?.size === 0) this.byKey.delete(keyId);
  }
}
