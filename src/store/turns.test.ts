import { describe, expect, it } from 'vitest';
import { actingFor, asRequest, inBackground, inForeground, Turns } from './turns.js';

/** A piece of work that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
    },
    release,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns (requests before background work on the embedded database)', () => {
  it('runs one piece of work at a time', async () => {
    const turns = new Turns(250);
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const running = [turns.take(a.work), turns.take(b.work)];
    await settle();
    expect(log).toEqual(['a']);
    a.release();
    await settle();
    expect(log).toEqual(['a', 'b']);
    b.release();
    await Promise.all(running);
    expect(turns.queued).toBe(0);
  });

  it('lets a request go before background work queued earlier', async () => {
    const turns = new Turns(250, () => 0);
    const log: string[] = [];
    const first = gate(log, 'job 1');
    const jobs = [gate(log, 'job 2'), gate(log, 'job 3')];
    const request = gate(log, 'request');
    const running = [inBackground(() => turns.take(first.work)), ...jobs.map((job) => inBackground(() => turns.take(job.work))), turns.take(request.work)];
    await settle();
    first.release();
    await settle();
    expect(log).toEqual(['job 1', 'request']);
    request.release();
    for (const job of jobs) job.release();
    await Promise.all(running);
    expect(log).toEqual(['job 1', 'request', 'job 2', 'job 3']);
  });

  it('gives background work its turn once it has waited long enough, however many requests come', async () => {
    let now = 0;
    const turns = new Turns(250, () => now);
    const log: string[] = [];
    const first = gate(log, 'request 1');
    const job = gate(log, 'job');
    const later = gate(log, 'request 2');
    const running = [turns.take(first.work), inBackground(() => turns.take(job.work)), turns.take(later.work)];
    await settle();
    now = 300;
    first.release();
    await settle();
    expect(log).toEqual(['request 1', 'job']);
    job.release();
    later.release();
    await Promise.all(running);
  });

  it('runs work marked foreground inside background work as a request', async () => {
    const turns = new Turns(250, () => 0);
    const log: string[] = [];
    const first = gate(log, 'request');
    const job = gate(log, 'job');
    const renewal = gate(log, 'lease renewal');
    const running = [turns.take(first.work), inBackground(() => turns.take(job.work)), inBackground(() => inForeground(() => turns.take(renewal.work)))];
    await settle();
    first.release();
    await settle();
    expect(log).toEqual(['request', 'lease renewal']);
    renewal.release();
    job.release();
    await Promise.all(running);
  });

  it('serves the tenant served longest ago first, however many requests another has queued', async () => {
    const turns = new Turns(250, () => 0);
    const log: string[] = [];
    const asOwner = <T>(owner: string, work: () => T) => asRequest(() => (actingFor(owner), work()));
    const first = gate(log, 'a1');
    const burst = [gate(log, 'a2'), gate(log, 'a3'), gate(log, 'a4')];
    const bystander = gate(log, 'b1');
    const running = [
      asOwner('org-a', () => turns.take(first.work)),
      ...burst.map((g) => asOwner('org-a', () => turns.take(g.work))),
      asOwner('org-b', () => turns.take(bystander.work)),
    ];
    await settle();
    first.release();
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    bystander.release();
    for (const g of burst) g.release();
    await Promise.all(running);
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('hands the turn on when work fails', async () => {
    const turns = new Turns(250);
    const failing = turns.take(async () => {
      throw new Error('statement failed');
    });
    const next = turns.take(async () => 'ran');
    await expect(failing).rejects.toThrow('statement failed');
    await expect(next).resolves.toBe('ran');
  });

  it('chooses the next turn when told to, so a request that asks meanwhile goes before background work that asked earlier', async () => {
    const handOvers: (() => void)[] = [];
    const turns = new Turns(
      250,
      () => 0,
      (handOver) => handOvers.push(handOver),
    );
    const log: string[] = [];
    const first = gate(log, 'first');
    const job = gate(log, 'job');
    const request = gate(log, 'request');
    const running = [turns.take(first.work), inBackground(() => turns.take(job.work))];
    await settle();
    first.release();
    await settle();
    // The turn has ended; the request asks before the next one is chosen.
    running.push(turns.take(request.work));
    expect(log).toEqual(['first']);
    handOvers.shift()!();
    await settle();
    expect(log).toEqual(['first', 'request']);
    request.release();
    await settle();
    handOvers.shift()!();
    await settle();
    expect(log).toEqual(['first', 'request', 'job']);
    job.release();
    await settle();
    handOvers.shift()!();
    await Promise.all(running);
  });

  it('passes a ticket for work asked on behalf of another (a statement sent to the database’s thread)', async () => {
    const turns = new Turns(250, () => 0);
    const log: string[] = [];
    const first = gate(log, 'first');
    const job = gate(log, 'job');
    const request = gate(log, 'request');
    const running = [
      turns.take(first.work),
      turns.take(job.work, { priority: 'background', owner: '' }),
      inBackground(() => turns.take(request.work, { priority: 'foreground', owner: 'org-b' })),
    ];
    await settle();
    first.release();
    await settle();
    expect(log).toEqual(['first', 'request']);
    request.release();
    await settle();
    job.release();
    await Promise.all(running);
    expect(log).toEqual(['first', 'request', 'job']);
  });
});
