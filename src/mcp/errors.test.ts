import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { UnavailableError, UpstreamError, conflict, forbidden, invalidInput, notFound } from '../model/errors.js';
import { mcpErrorOf } from './errors.js';

describe('mcpErrorOf', () => {
  it('an outage of the server is an internal error that says what failed, not the caller’s invalid params', () => {
    const error = mcpErrorOf(new UnavailableError('Embedding model unavailable', 'the endpoint did not answer', 5));
    expect(error.code).toBe(ErrorCode.InternalError);
    expect(error.message).toMatch(/Embedding model unavailable: the endpoint did not answer/);
    expect(mcpErrorOf(new UpstreamError('The provider failed')).code).toBe(ErrorCode.InternalError);
  });

  it('the caller’s bad input is invalid params', () => {
    expect(mcpErrorOf(invalidInput('Invalid request', 'containerTag: too long')).code).toBe(ErrorCode.InvalidParams);
    expect(mcpErrorOf(conflict('tag-merging', 'Container tag merge in progress')).code).toBe(ErrorCode.InvalidParams);
  });

  it('what is absent or out of scope is an unknown resource', () => {
    expect(mcpErrorOf(notFound('Container tag')).code).toBe(-32002);
    expect(mcpErrorOf(forbidden('Out of scope')).code).toBe(-32002);
  });
});
