import { describe, expect, it } from 'vitest';
import { OrganizationSlots } from './organization-slots.js';

describe('OrganizationSlots', () => {
  it('lets an organization alone on the server go past its slots', async () => {
    const slots = new OrganizationSlots(1, 10);
    const releases = await Promise.all([slots.acquire('a'), slots.acquire('a'), slots.acquire('a')]);
    expect(slots.load('a')).toEqual({ running: 3, waiting: 0 });
    for (const release of releases) release!();
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('while another organization is served, keeps an organization to its slots, in the order its requests came', async () => {
    let now = 0;
    const slots = new OrganizationSlots(1, 10, 1_000, () => now);
    const other = await slots.acquire('b');
    const first = await slots.acquire('a');
    const started: string[] = [];
    const second = slots.acquire('a').then((release) => (started.push('second'), release));
    const third = slots.acquire('a').then((release) => (started.push('third'), release));
    expect(slots.load('a')).toEqual({ running: 1, waiting: 2 });
    // Another organization is never kept waiting by the first one's line.
    const more = await slots.acquire('c');
    more!();

    first!();
    await second;
    expect(started).toEqual(['second']);
    // The others done a moment ago still count: their clients send again as soon as answered.
    other!();
    now += 500;
    expect(slots.load('a')).toEqual({ running: 1, waiting: 1 });
    // Once they have been quiet for a while, the organization has the server to itself.
    now += 600;
    (await second)!();
    await third;
    expect(started).toEqual(['second', 'third']);
    const fourth = await slots.acquire('a');
    expect(slots.load('a')).toEqual({ running: 2, waiting: 0 });
    (await third)!();
    fourth!();
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a request once the line is full, and a release counts once however often it is called', async () => {
    const slots = new OrganizationSlots(1, 1);
    const other = await slots.acquire('b');
    const release = await slots.acquire('a');
    const waiting = slots.acquire('a');
    expect(await slots.acquire('a')).toBeNull();
    release!();
    release!();
    const next = await waiting;
    expect(slots.load('a')).toEqual({ running: 1, waiting: 0 });
    next!();
    other!();
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
    expect(slots.load('b')).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a request given up while it waits leave the line', async () => {
    const slots = new OrganizationSlots(1, 5);
    const other = await slots.acquire('b');
    const release = await slots.acquire('a');
    const gone = new AbortController();
    const abandoned = slots.acquire('a', gone.signal);
    const after = slots.acquire('a');
    gone.abort(new Error('the client went away'));
    await expect(abandoned).rejects.toThrow(/went away/);
    expect(slots.load('a')).toEqual({ running: 1, waiting: 1 });
    release!();
    (await after)!();
    other!();
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});
