import { afterAll, beforeAll } from 'vitest';

/**
 * The API projects run their files one after another in the same worker process (`isolate: false`,
 * which spares every file a fresh import of the whole server). A file that leaves a server listening
 * or a child process running would slow or disturb the files after it, so each file must end with
 * no more of either than it started with.
 */
const LEFTOVERS = ['TCPServerWrap', 'ProcessWrap'] as const;

const counts = () => {
  const resources = process.getActiveResourcesInfo();
  return LEFTOVERS.map((kind) => resources.filter((resource) => resource === kind).length);
};

let before: number[] = [];

beforeAll(() => {
  before = counts();
});

afterAll(async () => {
  const deadline = Date.now() + 10_000;
  let now = counts();
  while (now.some((count, i) => count > before[i]) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = counts();
  }
  const left = LEFTOVERS.flatMap((kind, i) => (now[i] > before[i] ? [`${kind} ×${now[i] - before[i]}`] : []));
  if (left.length) throw new Error(`this file left running what it started: ${left.join(', ')} (close every server and child process in afterAll)`);
});
