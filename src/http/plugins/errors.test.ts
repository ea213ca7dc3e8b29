import { describe, expect, it } from 'vitest';
import {
  NotSupportedError,
  PlanRequiredError,
  RateLimitedError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UpstreamError,
  conflict,
  forbidden,
  invalidInput,
  notFound,
} from '../../model/errors.js';
import { httpAnswerOf } from './errors.js';

describe('httpAnswerOf', () => {
  it('gives each domain error its status', () => {
    const statuses = [
      invalidInput('Invalid request'),
      new UnauthenticatedError('Invalid signature'),
      new PlanRequiredError('The provider account needs another plan'),
      forbidden('This key is read-only'),
      notFound('Memory'),
      new TooLargeError('Import too large'),
      new NotSupportedError('Not supported'),
      new UpstreamError('The provider failed'),
    ].map((error) => httpAnswerOf(error).status);
    expect(statuses).toEqual([400, 401, 402, 403, 404, 413, 501, 502]);
  });

  it('a conflict is not worth a retry, whatever its reason', () => {
    expect(httpAnswerOf(conflict('tag-merging', 'Container tag merge in progress'))).toEqual({ status: 409, headers: { 'x-should-retry': 'false' } });
  });

  it('says when to retry a rate limit and an outage expected to end soon', () => {
    expect(httpAnswerOf(new RateLimitedError(30, 'The provider is rate limiting this connection'))).toEqual({ status: 429, headers: { 'retry-after': '30' } });
    expect(httpAnswerOf(new UnavailableError('Embedding model unavailable', 'down', 5))).toEqual({ status: 503, headers: { 'retry-after': '5' } });
    expect(httpAnswerOf(new UnavailableError('Embedding model unavailable', 'down'))).toEqual({ status: 503, headers: {} });
  });
});
