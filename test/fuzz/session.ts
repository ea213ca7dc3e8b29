import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { CONNECTORS } from '../../src/connectors/index.js';
import { fetchContract } from '../helpers/contract.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Fixtures } from './fixtures.js';
import { answerProblems, namedIds } from './oracle.js';
import { operationsOf, type OpenApiDocument, type Operation } from './operations.js';
import { requestArbitrary, type FuzzRequest, type RequestContext } from './requests.js';
import { describeRequest, send, type FuzzAnswer } from './send.js';

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** fast-check's replay path of a reported failure. */
  path?: string;
  /** Shrink a failure to a smaller request (slower, clearer); FUZZ_SHRINK=0 reports the first one. */
  shrink: boolean;
  /**
   * Requests sent at once per case (FUZZ_CONCURRENCY, default 1): above 1, a case is one request
   * repeated or several different ones, to meet races on PostgreSQL.
   */
  concurrency: number;
}

/** The slice `npm test` runs, unless FUZZ_RUNS says otherwise; its seed is fixed so CI is repeatable. */
export const SLICE_RUNS = 2_000;
export const SLICE_SEED = 9_092_024;

export function fuzzOptions(): FuzzOptions {
  const env = process.env;
  return {
    runs: env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : SLICE_RUNS,
    seed: env.FUZZ_SEED ? Number(env.FUZZ_SEED) : SLICE_SEED,
    path: env.FUZZ_PATH || undefined,
    shrink: env.FUZZ_SHRINK !== '0',
    concurrency: Math.max(1, Number(env.FUZZ_CONCURRENCY ?? 1)),
  };
}

/** Body and file limit of the fuzzed server: small, so "beyond the limit" is cheap to send and "within" cheap to ingest. */
export const FUZZ_BODY_LIMIT = 256 * 1024;

/**
 * Every OAuth kind given a service application, so that creating a connection of any kind answers
 * its authorization link rather than 501 (no application configured), which would end the run. The
 * link is only answered, never followed: nothing leaves the machine.
 */
const OAUTH_APPS = Object.fromEntries(
  CONNECTORS.flatMap((kind) =>
    kind.envPrefix
      ? [
          [`${kind.envPrefix}_CLIENT_ID`, `fuzz-${kind.kind}`],
          [`${kind.envPrefix}_CLIENT_SECRET`, 'fuzz-secret'],
        ]
      : [],
  ),
);

export function startFuzzServer(): Promise<TestServer> {
  return startTestServer({
    ...OAUTH_APPS,
    MAX_BODY_BYTES: String(FUZZ_BODY_LIMIT),
    MAX_FILE_BYTES: String(FUZZ_BODY_LIMIT),
    // Refused without any network: the fuzzer sends loopback, link-local and odd-scheme URLs as content.
    ALLOW_PRIVATE_URLS: 'false',
    URL_FETCH_TIMEOUT_MS: '2000',
    // Throttling would turn the rest of the run into 429s and hide what the requests would do.
    AUTH_FAILURE_MAX: '0',
    RATE_LIMIT_MAX: '1000000',
  });
}

export interface FuzzReport {
  runs: number;
  ms: number;
  /** Operation → status → count. */
  statuses: Record<string, Record<number, number>>;
  /** Operations of the document no generated request reached. */
  unreached: string[];
  /** Why the run failed, with everything needed to replay it; undefined when it passed. */
  failure?: string;
}

/**
 * Operations that remove many rows at once are drawn less often: otherwise they would empty the
 * organization of what later requests (and the consistency check) need, emptying it whole least.
 */
const SWEEPING = new Set(['DELETE /v3/documents/bulk', 'DELETE /v3/memories/bulk', 'DELETE /v3/container-tags/{containerTag}']);
const weightOf = (operation: Operation) => (operation.id === 'POST /v3/settings/reset' ? 1 : SWEEPING.has(operation.id) ? 12 : 60);

/** The documents the server serves under both API versions. */
async function servedDocuments(url: string): Promise<OpenApiDocument[]> {
  const documents: OpenApiDocument[] = [];
  for (const path of ['/v3/openapi', '/v4/openapi']) documents.push((await (await fetch(`${url}${path}`)).json()) as OpenApiDocument);
  return documents;
}

interface Failure {
  req: FuzzRequest;
  answer?: FuzzAnswer;
  problems: string[];
  /** The other requests of its case, sent at the same time. */
  alongside: FuzzRequest[];
}

/** A case: one request, or with concurrency several at once (the same one repeated, or different ones). */
function batchOf(request: fc.Arbitrary<FuzzRequest>, concurrency: number): fc.Arbitrary<FuzzRequest[]> {
  if (concurrency === 1) return request.map((req) => [req]);
  return fc.oneof(
    fc.tuple(request, fc.integer({ min: 2, max: concurrency })).map(([req, n]) => Array<FuzzRequest>(n).fill(req)),
    fc.array(request, { minLength: 2, maxLength: concurrency }),
  );
}

/** Sends `options.runs` generated cases, one after the other, and checks each answer. */
export async function runFuzz(server: TestServer, fixtures: Fixtures, options: FuzzOptions): Promise<FuzzReport> {
  const documents = await servedDocuments(server.url);
  const operations = operationsOf(...documents);
  const contract = await fetchContract(server.url);
  const ctx: RequestContext = { document: documents[0], pools: fixtures.pools, keys: fixtures.keys, bodyLimit: FUZZ_BODY_LIMIT, files: fixtures.files };
  const arbitraries = operations.map((op) => requestArbitrary(op, ctx));
  const arbitrary = fc.oneof(...operations.map((op, i) => ({ weight: weightOf(op), arbitrary: arbitraries[i] })));
  // One request per operation first, whatever the seed draws after: every route is reached.
  const examples = arbitraries.map((a, i) => [fc.sample(a, { seed: options.seed + i, numRuns: 1 })] as [FuzzRequest[]]);
  const statuses: FuzzReport['statuses'] = Object.fromEntries(operations.map((op) => [op.id, {}]));
  let first: Failure | undefined;
  let last: Failure | undefined;
  const everSent = new Set<string>();

  const check = async (req: FuzzRequest, alongside: FuzzRequest[]): Promise<Failure | undefined> => {
    for (const id of namedIds(req, fixtures.victim)) everSent.add(id);
    try {
      const answer = await send(server.url, req);
      statuses[req.operation][answer.status] = (statuses[req.operation][answer.status] ?? 0) + 1;
      const problems = answerProblems(req, answer, contract, fixtures.victim, everSent);
      return problems.length ? { req, answer, problems, alongside } : undefined;
    } catch (error) {
      return { req, problems: [`no answer: ${(error as Error).message}`], alongside };
    }
  };
  const property = fc.asyncProperty(batchOf(arbitrary, options.concurrency), async (batch) => {
    const failures = await Promise.all(
      batch.map((req, i) =>
        check(
          req,
          batch.filter((_, j) => j !== i),
        ),
      ),
    );
    const failure = failures.find((f) => f !== undefined);
    if (failure) {
      first ??= failure;
      last = failure;
      throw new Error(failure.problems.join('; '));
    }
  });

  const started = Date.now();
  const details = await fc.check(property, {
    numRuns: options.runs,
    seed: options.seed,
    path: options.path,
    examples,
    endOnFailure: !options.shrink,
    verbose: 0,
  });
  const report: FuzzReport = {
    runs: details.numRuns,
    ms: Date.now() - started,
    statuses,
    unreached: Object.entries(statuses)
      .filter(([, counts]) => Object.keys(counts).length === 0)
      .map(([id]) => id),
  };
  if (details.failed) report.failure = describeFailure(server.url, details, first, last);
  return report;
}

function describeFailure(url: string, details: fc.RunDetails<[FuzzRequest[]]>, first?: Failure, last?: Failure): string {
  const shown = last ?? first;
  const file = join(tmpdir(), `engram-fuzz-${details.seed}.json`);
  const lines = [
    `Fuzzing failed after ${details.numRuns} cases (seed ${details.seed}, path ${details.counterexamplePath}).`,
    `Replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} npm run fuzz`,
  ];
  if (!shown) {
    lines.push(String(details.errorInstance ?? 'unknown error'));
    return lines.join('\n');
  }
  lines.push(`Problems: ${shown.problems.join('; ')}`, '', 'Request:', describeRequest(url, shown.req));
  if (shown.answer)
    lines.push('', `Answer: ${shown.answer.status} ${shown.answer.contentType ?? ''} in ${Math.round(shown.answer.ms)} ms`, shown.answer.text.slice(0, 2000));
  for (const other of shown.alongside) lines.push('', 'Sent at the same time:', describeRequest(url, other, 1000));
  if (first && first !== shown)
    lines.push('', `First failing request, before shrinking (${first.problems.join('; ')}):`, describeRequest(url, first.req, 1000));
  writeFileSync(
    file,
    JSON.stringify(
      {
        url,
        seed: details.seed,
        path: details.counterexamplePath,
        request: { ...shown.req, body: shown.req.body && Buffer.from(shown.req.body).toString('base64') },
      },
      null,
      2,
    ),
  );
  lines.push('', `The request in full (body in base64): ${file}`);
  return lines.join('\n');
}

/** Status counts per operation, one line each, for the end of a long run. */
export function summarize(report: FuzzReport): string {
  const lines = Object.entries(report.statuses).map(([id, counts]) => {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const byStatus = Object.entries(counts)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    return `${String(total).padStart(5)}  ${id.padEnd(62)} ${byStatus}`;
  });
  const requests = Object.values(report.statuses).reduce((sum, counts) => sum + Object.values(counts).reduce((a, b) => a + b, 0), 0);
  return [`${report.runs} cases, ${requests} requests answered, in ${(report.ms / 1000).toFixed(1)} s`, ...lines].join('\n');
}
