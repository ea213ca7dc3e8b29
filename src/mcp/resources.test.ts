import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ApiError, badRequest, forbidden, notFound } from '../model/errors.js';
import { resourceError } from './resources.js';

describe('resourceError', () => {
  it('an outage of the server is an internal error that says what failed, not the caller’s invalid params', () => {
    const error = resourceError(new ApiError(503, 'Embedding model unavailable', 'the endpoint did not answer'));
    expect(error.code).toBe(ErrorCode.InternalError);
    expect(error.message).toMatch(/Embedding model unavailable: the endpoint did not answer/);
  });

  it('the caller’s bad input is invalid params', () => {
    expect(resourceError(badRequest('Invalid request', 'containerTag: too long')).code).toBe(ErrorCode.InvalidParams);
  });

  it('what is absent or out of scope is an unknown resource', () => {
    expect(resourceError(notFound('Container tag')).code).toBe(-32002);
    expect(resourceError(forbidden('Out of scope')).code).toBe(-32002);
  });
});
