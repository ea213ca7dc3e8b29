import type { ApiContract } from '../helpers/contract.js';
import type { Victim } from './fixtures.js';
import type { FuzzRequest } from './requests.js';
import { ANSWER_DEADLINE_MS, type FuzzAnswer } from './send.js';

const isErrorShape = (body: unknown): boolean =>
  !!body &&
  typeof body === 'object' &&
  typeof (body as { error?: unknown }).error === 'string' &&
  Object.entries(body).every(([k, v]) => k === 'error' || (k === 'details' && typeof v === 'string'));

/** A v5 route's 400 for input its schema refuses: `{ success: false, error: [{ message, path? }] }` (docs/v5.md). */
const isV5ValidationShape = (body: unknown): boolean =>
  !!body &&
  typeof body === 'object' &&
  (body as { success?: unknown }).success === false &&
  Array.isArray((body as { error?: unknown }).error) &&
  Object.keys(body).every((k) => k === 'success' || k === 'error');

const isV5Path = (path: string) => /^\/(ns|namespaces|organization|connectors)(\/|\?|$)/.test(path);

/**
 * The other organization's ids this request names. An id the organization under test has sent
 * once may come back legitimately ever after (as a tag name it created, say).
 */
export function namedIds(req: FuzzRequest, victim: Victim): string[] {
  const sent = `${req.path} ${safeDecode(req.path)} ${req.body ? Buffer.from(req.body).toString('utf8') : ''}`;
  return victim.privateIds.filter((id) => sent.includes(id));
}

/**
 * What is wrong with an answer, empty when nothing is: a 5xx, an error outside `{error, details?}`
 * (or, for a v5 route's refused input, the v5 validation shape),
 * an answer outside the OpenAPI document, a slow answer, or anything of the other organization
 * (its content, or in a success its ids the caller never sent).
 */
export function answerProblems(req: FuzzRequest, answer: FuzzAnswer, contract: ApiContract, victim: Victim, everSent: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 || answer.status < 200) problems.push(`answered ${answer.status}`);
  const v5Validation = answer.status === 400 && isV5Path(req.path) && isV5ValidationShape(answer.body);
  if (answer.status >= 400 && !isErrorShape(answer.body) && !v5Validation) problems.push(`error answer outside the {error, details?} shape`);
  if (answer.ms > ANSWER_DEADLINE_MS) problems.push(`answered after ${Math.round(answer.ms)} ms`);
  problems.push(...contract.violations(req.method, req.path, answer).map((v) => `contract: ${v}`));
  if (answer.text.includes(victim.marker)) problems.push('the answer holds content of the other organization');
  if (answer.status < 300) {
    const leaked = victim.privateIds.filter((id) => answer.text.includes(id) && !everSent.has(id));
    if (leaked.length) problems.push(`the answer holds ids of the other organization: ${leaked.join(', ')}`);
  }
  return problems;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
