import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { brokenInvariants, documentOutcomes, organizationDigest, settle, staleProfiles } from './consistency.js';
import { createFixtures, type Fixtures } from './fixtures.js';
import { fuzzOptions, runFuzz, startFuzzServer, summarize, type FuzzReport } from './session.js';

const options = fuzzOptions();
/** Generous: a request is allowed 10 s, most take milliseconds; the long runs set their own pace. */
const RUN_TIMEOUT_MS = 120_000 + options.runs * 1_000;
const SETTLE_MS = Number(process.env.FUZZ_SETTLE_MS ?? 180_000);
/** A run asked for by size (npm run fuzz) reports what it did; the slice in npm test stays quiet. */
const verbose = Boolean(process.env.FUZZ_RUNS);

/** What the other organization sees through its own key. */
async function victimView(server: TestServer, key: string): Promise<unknown> {
  const get = async (method: string, path: string, body?: unknown) => (await server.request(method, path, { key, body })).body;
  return {
    documents: await get('POST', '/v3/documents/list', { limit: 1000, includeContent: true }),
    memories: await get('POST', '/v4/memories/list', { limit: 1000 }),
    tags: await get('GET', '/v3/container-tags/list'),
    keys: await get('GET', '/v3/auth/keys'),
    settings: await get('GET', '/v3/settings'),
  };
}

const shape = options.concurrency > 1 ? `cases of up to ${options.concurrency} requests at once` : 'requests';
describe(`fuzzing every operation of the OpenAPI document (${options.runs} ${shape}, seed ${options.seed})`, () => {
  let server: TestServer;
  let fixtures: Fixtures;
  let victimBefore: { view: unknown; digest: Record<string, string> };
  let report: FuzzReport | undefined;

  beforeAll(async () => {
    server = await startFuzzServer();
    fixtures = await createFixtures(server);
    victimBefore = { view: await victimView(server, fixtures.victim.key), digest: await organizationDigest(server.app.database.db, fixtures.victim.orgId) };
  }, 300_000);
  afterAll(async () => server?.close());

  it(
    'answers every request below 500, in the error shape, within the document and 10 s',
    async () => {
      report = await runFuzz(server, fixtures, options);
      if (verbose || report.failure) console.log(summarize(report));
      if (report.failure) throw new Error(report.failure);
      expect(report.unreached).toEqual([]);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'ends every accepted document, job and merge, and keeps the stored data consistent',
    async () => {
      expect(await settle(server.app.database.db, SETTLE_MS)).toEqual([]);
      if (verbose) console.log('documents by status:', await documentOutcomes(server.app.database.db));
      expect(await brokenInvariants(server.app.database.db)).toEqual([]);
      expect(await staleProfiles(server.app.database.db)).toEqual([]);
    },
    SETTLE_MS + 60_000,
  );

  it('leaves the other organization exactly as it was', async () => {
    expect(await organizationDigest(server.app.database.db, fixtures.victim.orgId)).toEqual(victimBefore.digest);
    expect(await victimView(server, fixtures.victim.key)).toEqual(victimBefore.view);
  });
});
