import { ConnectorConfigError, ConnectorError } from '../../connectors/index.js';
import { ForbiddenError, PlanRequiredError, RateLimitedError, UpstreamError, invalidInput } from '../../model/errors.js';

/** A provider's failure during a request a caller waits for, as the caller is told it. */
export function asDomainError(error: unknown): unknown {
  if (error instanceof ConnectorConfigError) return invalidInput('Invalid resources', error.message);
  if (!(error instanceof ConnectorError)) return error;
  switch (error.code) {
    case 'auth_expired':
      return invalidInput('Connection authorization expired', 'create the connection again to authorize it');
    case 'rate_limited': {
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
      return new RateLimitedError(seconds, 'The provider is rate limiting this connection', `retry after ${seconds} s`);
    }
    case 'plan_required':
      return new PlanRequiredError('The provider account needs another plan', error.message);
    case 'not_allowed':
      return new ForbiddenError('Not allowed by this server', error.message);
    default:
      return new UpstreamError('The provider failed', error.message);
  }
}

/** Runs a provider call on behalf of a caller, turning its failures into answers. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asDomainError(error);
  }
}
