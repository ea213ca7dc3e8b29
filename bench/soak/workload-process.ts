/**
 * Load from one organization in a process of its own, so a bench measuring someone else's requests
 * (bench/isolation.ts) does not share its event loop with it: a real bystander's client runs
 * elsewhere. Prepares (the soak warms up and drains), says `ready` on a line, runs its clients once
 * it reads `go <seconds>`, and ends with a line of JSON: `{ count, errors }`.
 *
 *   tsx bench/soak/workload-process.ts <url> <key> soak <clients>    the soak's mixed workload
 *   tsx bench/soak/workload-process.ts <url> <key> flood <clients>   searches one after another, no pause
 */
import { createInterface } from 'node:readline';
import { rng } from '../search/synthetic.js';
import { Workload } from './workload.js';

const [url, key, mode, clients] = process.argv.slice(2);

interface Load {
  count: number;
  errors: Record<string, number>;
  client(deadline: number): Promise<void>;
}

async function soak(): Promise<Load> {
  const workload = new Workload(url, key, rng(11));
  await workload.warmUp();
  await workload.drain(300_000);
  return workload;
}

/** Searches sent back to back, each a new question, over a tag of a few notes. */
async function flood(): Promise<Load> {
  const call = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  for (const line of ['Maria plays the cello on Sundays.', 'The finance team meets every Monday.', 'Kenji drives a blue van to work.']) {
    await (await call('/v3/documents', { content: line, containerTag: 'flood' })).text();
  }
  let serial = 0;
  const load: Load = {
    count: 0,
    errors: {},
    async client(deadline) {
      while (Date.now() < deadline) {
        const answer = await call('/v4/search', { q: `What does the team plan for week ${serial++}?`, containerTag: 'flood' }).catch(() => null);
        await answer?.text();
        load.count++;
        if (answer?.status !== 200) load.errors[String(answer?.status ?? 'no answer')] = (load.errors[String(answer?.status ?? 'no answer')] ?? 0) + 1;
      }
    },
  };
  return load;
}

async function main(): Promise<void> {
  const load = mode === 'flood' ? await flood() : await soak();
  console.log('ready');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const go = /^go (\d+)$/.exec(line.trim());
    if (!go) continue;
    const deadline = Date.now() + Number(go[1]) * 1000;
    await Promise.all(Array.from({ length: Number(clients) }, () => load.client(deadline)));
    console.log(JSON.stringify({ count: load.count, errors: load.errors }));
    lines.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
