type Entry = { running: Promise<void>; queued?: Promise<void> };

const ignore = () => undefined;

/**
 * One run of a task per key at a time. A call while the key's task runs does not start another
 * beside it: all such calls share one run that starts when the current one ends, so each caller
 * still waits for a run that began after its call (and saw what it wrote before calling).
 */
export class CoalescedRuns {
  private readonly entries = new Map<string, Entry>();

  run(key: string, task: () => Promise<void>): Promise<void> {
    const current = this.entries.get(key);
    if (!current) return this.begin(key, task);
    current.queued ??= current.running.then(ignore, ignore).then(() => this.begin(key, task));
    return current.queued;
  }

  private begin(key: string, task: () => Promise<void>): Promise<void> {
    const entry: Entry = { running: Promise.resolve() };
    this.entries.set(key, entry);
    entry.running = Promise.resolve()
      .then(task)
      .finally(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    return entry.running;
  }
}
