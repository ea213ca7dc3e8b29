import { describe, expect, it } from 'vitest';
import { ThrottledWrite } from './throttled-write.js';

describe('ThrottledWrite', () => {
  it('writes at most once per interval however often things change', async () => {
    let now = 0;
    let writes = 0;
    const throttle = new ThrottledWrite(
      async () => void writes++,
      1_000,
      () => now,
    );
    for (let page = 1; page <= 300; page++) {
      now = page * 10; // a page every 10 ms for 3 s
      throttle.changed();
      await throttle.settled();
    }
    expect(writes).toBe(3);
  });

  it('never runs two writes at a time, and settled() waits for the one under way', async () => {
    let now = 0;
    let running = 0;
    let most = 0;
    let finish: () => void = () => undefined;
    const throttle = new ThrottledWrite(
      () =>
        new Promise<void>((resolve) => {
          most = Math.max(most, ++running);
          finish = () => {
            running--;
            resolve();
          };
        }),
      100,
      () => now,
    );
    now = 200;
    throttle.changed();
    now = 400;
    throttle.changed();
    expect(most).toBe(1);
    let settled = false;
    const waiting = throttle.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(running).toBe(0);
  });

  it('keeps going after a failed write', async () => {
    let now = 0;
    let calls = 0;
    const throttle = new ThrottledWrite(
      async () => {
        calls++;
        throw new Error('superseded');
      },
      100,
      () => now,
    );
    now = 100;
    throttle.changed();
    await throttle.settled();
    now = 200;
    throttle.changed();
    await throttle.settled();
    expect(calls).toBe(2);
  });
});
