/**
 * Starts the built image, runs README's walkthrough against it, restarts the container and checks
 * that the data survived, that the health check passes and that the server does not run as root.
 *
 *   npx tsx scripts/container-smoke.ts [image]     (default localhost/engram:ci)
 *
 * Runs with podman (CONTAINER_ENGINE=docker for Docker), on the host's network, on loopback only.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { aimedAt, runBash, walkthroughScript } from '../test/helpers/walkthrough.js';

const IMAGE = process.argv[2] ?? 'localhost/engram:ci';
const ENGINE = process.env.CONTAINER_ENGINE ?? 'podman';
/** podman on a machine with hybrid cgroups and a capped open-files limit needs these. */
const ENGINE_FLAGS = ENGINE === 'podman' ? (process.env.PODMAN_FLAGS ?? '--runtime runc').split(' ').filter(Boolean) : [];
const RUN_FLAGS = ENGINE === 'podman' ? ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=8192:8192'] : [];
const PORT = Number(process.env.SMOKE_PORT ?? 18787);
const BASE = `http://127.0.0.1:${PORT}`;
const KEY = `em_${randomBytes(24).toString('hex')}`;
const NAME = `engram-smoke-${process.pid}`;
const VOLUME = `${NAME}-data`;
const START_TIMEOUT_MS = 180_000;

function engine(...args: string[]): string {
  return execFileSync(ENGINE, [...ENGINE_FLAGS, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

async function waitUntilServing(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ok = await fetch(`${BASE}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the container did not answer ${BASE}/ within ${START_TIMEOUT_MS / 1000} s:\n${engine('logs', '--tail', '40', NAME)}`);
}

/** podman runs the image's check on demand; Docker runs it on its interval and reports the state. */
async function waitUntilHealthy(): Promise<void> {
  if (ENGINE === 'podman') {
    engine('healthcheck', 'run', NAME);
    return;
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (engine('inspect', '--format', '{{.State.Health.Status}}', NAME) !== 'healthy') {
    if (Date.now() > deadline) throw new Error('the container never became healthy');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function search(q: string): Promise<string[]> {
  const response = await fetch(`${BASE}/v4/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ q, containerTag: 'user_alice' }),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { results: { id: string }[] };
  return body.results.map((result) => result.id);
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`container smoke test: ${what}`);
  console.log(`ok  ${what}`);
}

async function main(): Promise<void> {
  engine('volume', 'create', VOLUME);
  try {
    engine(
      'run',
      '--detach',
      '--name',
      NAME,
      '--network',
      'host',
      ...RUN_FLAGS,
      '--env',
      `PORT=${PORT}`,
      '--env',
      'HOST=127.0.0.1',
      '--env',
      `ENGRAM_API_KEY=${KEY}`,
      '--volume',
      `${VOLUME}:/data`,
      IMAGE,
    );
    await waitUntilServing();
    check(engine('exec', NAME, 'id', '-u') !== '0', 'the server runs as a user other than root');

    const { code, stdout, stderr } = await runBash(aimedAt(walkthroughScript(), BASE, KEY), 180_000);
    if (code !== 0) throw new Error(`the README walkthrough failed against the container (exit ${code}):\n${stdout}\n${stderr}`);
    check(/^done$/m.test(stdout) && stdout.includes('"version":2'), "README's walkthrough runs against the container");
    const before = await search('Where does Alice live?');
    check(before.length > 0, 'a search finds what the walkthrough added');

    engine('restart', '--time', '30', NAME);
    await waitUntilServing();
    const after = await search('Where does Alice live?');
    check(JSON.stringify(after) === JSON.stringify(before), 'the same search finds the same memories after a restart (data in the volume)');

    await waitUntilHealthy();
    check(true, "the image's HEALTHCHECK passes");
  } finally {
    try {
      engine('rm', '--force', '--time', '5', NAME);
    } catch {
      // never started
    }
    engine('volume', 'rm', '--force', VOLUME);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
