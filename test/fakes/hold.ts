/** Requests a fake keeps unanswered until released: a slow provider. */
export class Hold {
  /** Requests that have arrived and wait for the release. */
  waiting = 0;
  private gate: Promise<void> | null = null;

  /** Holds every request from now on until the function returned is called. */
  start(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }

  /** Returns at once unless held; then once released. */
  async pass(): Promise<void> {
    if (!this.gate) return;
    this.waiting += 1;
    await this.gate;
    this.waiting -= 1;
  }
}
