import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../../connectors/index.js';
import { InvalidInputError, PlanRequiredError, RateLimitedError, UpstreamError } from '../../model/errors.js';
import { asDomainError } from './connector-failures.js';

describe('asDomainError', () => {
  it('tells a caller what a provider failure means for them', () => {
    expect(asDomainError(new ConnectorError('auth_expired', 'refused'))).toBeInstanceOf(InvalidInputError);
    expect(asDomainError(new ConnectorError('plan_required', 'upgrade'))).toBeInstanceOf(PlanRequiredError);
    expect(asDomainError(new ConnectorError('provider_unavailable', 'down'))).toBeInstanceOf(UpstreamError);
  });

  it('a rate limit keeps its wait in whole seconds, a minute when the provider named none', () => {
    expect(asDomainError(new ConnectorError('rate_limited', 'slow down', 1_500))).toMatchObject({ retryAfterSeconds: 2, details: 'retry after 2 s' });
    expect(asDomainError(new ConnectorError('rate_limited', 'slow down'))).toEqual(expect.any(RateLimitedError));
    expect((asDomainError(new ConnectorError('rate_limited', 'slow down')) as RateLimitedError).retryAfterSeconds).toBe(60);
  });

  it('leaves other errors as they are', () => {
    const error = new Error('boom');
    expect(asDomainError(error)).toBe(error);
  });
});
